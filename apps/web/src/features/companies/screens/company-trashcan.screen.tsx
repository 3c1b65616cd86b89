import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { useRestoreCompanyAction } from '../components/use-company-actions';
import { type CompanyRow, TRASHED_COMPANIES_PATH } from '../queries';

/** Trashed companies: restore at once, or delete permanently through /company_delete/{id}/forceDelete. */
export function CompanyTrashcanScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const restore = useRestoreCompanyAction();
  const columns: DataTableColumn<CompanyRow>[] = [
    { accessor: 'name', title: t('common.name'), sortable: true },
    { accessor: 'country', title: t('common.country') },
    { accessor: 'users_count', title: t('companies.users'), sortable: true, textAlign: 'right' },
    { accessor: 'deleted_at', title: t('common.deletedAt'), render: (c) => formatDate(c.deleted_at) },
    {
      accessor: 'actions',
      title: t('common.actions'),
      textAlign: 'right',
      render: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            aria-label={`${t('companies.restore')}: ${c.name}`}
            onClick={() => void restore(c)}
          >
            {t('companies.restore')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            aria-label={`${t('companies.forceDelete')}: ${c.name}`}
            onClick={() => navigate(`/company_delete/${c.id}/forceDelete`)}
          >
            {t('companies.forceDelete')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>{t('companies.trashcanTitle')}</Title>
      <ServerDataTable<CompanyRow>
        tableKey="admin-company-trash"
        path={TRASHED_COMPANIES_PATH}
        columns={columns}
        defaultSort={{ column: 'name', direction: 'asc' }}
        idAccessor="id"
      />
    </Stack>
  );
}
