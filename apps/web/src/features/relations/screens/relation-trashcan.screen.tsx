import { ActionIcon, Anchor, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { RELATION_TRASH_PATH, useForceDeleteRelation, useRestoreRelation } from '../queries';
import type { Relation } from '../types';

/** Trashed relations (GET /api/relation/querytrashed): restore, or delete permanently. */
export function RelationTrashcanScreen() {
  const { t } = useTranslation();
  const restore = useRestoreRelation();
  const forceDelete = useForceDeleteRelation();

  const onRestore = (relation: Relation) =>
    restore.mutate(relation.id, {
      onSuccess: () => toast.success(t('relations.restored'), relation.fullname),
      onError: (error) => showActionError(error),
    });

  const onForceDelete = async (relation: Relation) => {
    const isConfirmed = await confirm({
      title: t('relations.forceDelete'),
      message: t('common.deleteItemConfirm'),
      confirmLabel: t('relations.forceDelete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    forceDelete.mutate(relation.id, {
      onSuccess: () => toast.success(t('relations.forceDeleted'), relation.fullname),
      onError: (error) => showActionError(error),
    });
  };

  const columns: DataTableColumn<Relation>[] = [
    { accessor: 'fullname', title: t('common.name'), sortable: true },
    { accessor: 'email', title: t('relations.email'), sortable: true },
    { accessor: 'address', title: t('common.address') },
    {
      accessor: 'deleted_at',
      title: t('common.deletedAt'),
      sortable: true,
      render: (r) => formatDate(r.deleted_at),
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      textAlign: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.restore')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.restore')}: ${r.fullname}`}
              onClick={() => onRestore(r)}
            >
              <IconArrowBackUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('relations.forceDelete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('relations.forceDelete')}: ${r.fullname}`}
              onClick={() => void onForceDelete(r)}
            >
              <IconTrashX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Anchor component={Link} to="/relation_overview" size="sm">
        ← {t('relations.backToOverview')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{t('relations.trashTitle')}</Title>
        <Button
          component={Link}
          to="/relation_emptytrash"
          color="red"
          variant="light"
          leftSection={<IconTrashX size={16} />}
        >
          {t('relations.emptyTrash')}
        </Button>
      </Group>
      <ServerDataTable<Relation>
        tableKey="relation_trashcan"
        path={RELATION_TRASH_PATH}
        columns={columns}
        defaultSort={{ column: 'deleted_at', direction: 'desc' }}
        idAccessor="id"
      />
    </Stack>
  );
}
