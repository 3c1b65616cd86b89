import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { CreateOrganizationModal } from '../modals/create-organization.modal';
import { ORGANIZATION_TABLE_PATH } from '../queries';
import type { Organization } from '../types';

export function OrganizationOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, creating] = useDisclosure(false);

  const columns: DataTableColumn<Organization>[] = [
    {
      accessor: 'name',
      title: t('common.name'),
      sortable: true,
      render: (o) => (
        <Anchor
          component={Link}
          to={`/organization_detail/${o.id}`}
          onClick={(event) => event.stopPropagation()}
        >
          {o.name}
        </Anchor>
      ),
    },
    { accessor: 'email', title: t('organizations.email'), sortable: true },
    { accessor: 'address', title: t('common.address') },
    {
      accessor: 'contactperson',
      title: t('organizations.contactperson'),
      render: (o) => o.contactperson?.fullname ?? '',
    },
    { accessor: 'relations_count', title: t('organizations.relationsCount'), textAlign: 'right' },
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (o) => formatDate(o.created_at),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between">
        <Title order={1}>{t('organizations.overviewTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
          {t('organizations.newOrganization')}
        </Button>
      </Group>
      <ServerDataTable<Organization>
        tableKey="organization_overview"
        path={ORGANIZATION_TABLE_PATH}
        columns={columns}
        defaultSort={{ column: 'name', direction: 'asc' }}
        idAccessor="id"
        onRowClick={(o) => navigate(`/organization_detail/${o.id}`)}
      />
      <CreateOrganizationModal opened={isCreating} onClose={creating.close} />
    </Stack>
  );
}
