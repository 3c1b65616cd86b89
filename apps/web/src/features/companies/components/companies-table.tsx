import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { COMPANIES_PATH, type CompanyRow } from '../queries';
import { ModuleBadges } from './module-badges';

/** Active companies from /api/company/querypaginated; a row opens the company's detail. */
export function CompaniesTable({ tableKey, isCompact = false }: { tableKey: string; isCompact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: DataTableColumn<CompanyRow>[] = [
    {
      accessor: 'name',
      title: t('common.name'),
      sortable: true,
      render: (c) => (
        <Anchor component={Link} to={`/company_detail/${c.id}`} onClick={(e) => e.stopPropagation()}>
          {c.name}
        </Anchor>
      ),
    },
    { accessor: 'country', title: t('common.country') },
    { accessor: 'users_count', title: t('companies.users'), sortable: true, textAlign: 'right' },
    ...(isCompact
      ? []
      : [
          {
            accessor: 'modules',
            title: t('companies.modules'),
            render: (c: CompanyRow) => <ModuleBadges tags={c.modules} />,
          },
        ]),
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (c) => formatDate(c.created_at),
    },
  ];
  return (
    <ServerDataTable<CompanyRow>
      tableKey={tableKey}
      path={COMPANIES_PATH}
      columns={columns}
      defaultSort={{ column: 'name', direction: 'asc' }}
      idAccessor="id"
      onRowClick={(c) => navigate(`/company_detail/${c.id}`)}
    />
  );
}
