import { FLOW_STATUS_LABELS } from '@im/domain';
import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash, IconUserMinus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { CreateRelationModal } from '../modals/create-relation.modal';
import { RELATION_TABLE_PATH } from '../queries';
import type { Relation } from '../types';

/** Spec 001: paginated, 25 per page, default sort on column 5 (created_at) ascending, state saved. */
export const RELATION_DEFAULT_SORT = { column: 'created_at', direction: 'asc' } as const;

export function RelationOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, creating] = useDisclosure(false);

  const columns: DataTableColumn<Relation>[] = [
    {
      accessor: 'fullname',
      title: t('common.name'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`/relation_detail/${r.id}`} onClick={(event) => event.stopPropagation()}>
          {r.fullname}
        </Anchor>
      ),
    },
    { accessor: 'email', title: t('relations.email'), sortable: true },
    { accessor: 'address', title: t('common.address') },
    {
      accessor: 'flow_status',
      title: t('common.status'),
      render: (r) =>
        r.flow_status ? (
          <Badge variant="light" color={r.flow_status === 'cancelled' ? 'red' : 'blue'}>
            {FLOW_STATUS_LABELS[r.flow_status] ?? r.flow_status}
          </Badge>
        ) : null,
    },
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (r) => formatDate(r.created_at),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between">
        <Title order={1}>{t('relations.overviewTitle')}</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to="/relation_bulkdelete"
            variant="default"
            leftSection={<IconUserMinus size={16} />}
          >
            {t('relations.bulkDelete')}
          </Button>
          <Button
            component={Link}
            to="/relation_trashcan"
            variant="default"
            leftSection={<IconTrash size={16} />}
          >
            {t('relations.trashcan')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
            {t('relations.newRelation')}
          </Button>
        </Group>
      </Group>
      <ServerDataTable<Relation>
        tableKey="relation_overview"
        path={RELATION_TABLE_PATH}
        columns={columns}
        defaultSort={RELATION_DEFAULT_SORT}
        idAccessor="id"
        onRowClick={(r) => navigate(`/relation_detail/${r.id}`)}
      />
      <CreateRelationModal opened={isCreating} onClose={creating.close} />
    </Stack>
  );
}
