import { Anchor, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueryValue } from '../../../api/client';
import { ServerDataTable, type TableFilter } from '../../../ui/data-table/server-data-table';
import { USERS_PATH, type UserRow } from '../queries';

interface UsersTableProps {
  tableKey: string;
  /** Fixed query parameters, e.g. `company_id` on a company's page or `receives_newsletter`. */
  params?: Record<string, QueryValue>;
  showCompany?: boolean;
  filters?: TableFilter[];
  /** Where a row's name links to (the admin's user detail); none for company administrators. */
  detailPath?: (user: UserRow) => string;
  onRowClick?: (user: UserRow) => void;
  renderActions?: (user: UserRow) => ReactNode;
}

/** Users from /api/user/querypaginated: name, e-mail, company, role and type labels of spec 000 section 6. */
export function UsersTable({
  tableKey,
  params,
  showCompany = true,
  filters,
  detailPath,
  onRowClick,
  renderActions,
}: UsersTableProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn<UserRow>[] = [
    {
      accessor: 'name',
      title: t('common.name'),
      sortable: true,
      render: (u) =>
        detailPath ? (
          <Anchor component={Link} to={detailPath(u)} onClick={(e) => e.stopPropagation()}>
            {u.fullname}
          </Anchor>
        ) : (
          u.fullname
        ),
    },
    { accessor: 'email', title: t('common.email'), sortable: true },
    ...(showCompany
      ? [
          {
            accessor: 'company_name',
            title: t('common.company'),
            sortable: true,
            render: (u: UserRow) => (
              <Anchor
                component={Link}
                to={`/company_detail/${u.company_id}`}
                onClick={(e: MouseEvent) => e.stopPropagation()}
              >
                {u.company_name}
              </Anchor>
            ),
          },
        ]
      : []),
    { accessor: 'role', title: t('common.role'), sortable: true, render: (u) => u.role_label },
    { accessor: 'user_type', title: t('users.userType'), sortable: true, render: (u) => u.user_type_label },
    ...(renderActions
      ? [
          {
            accessor: 'actions',
            title: t('common.actions'),
            textAlign: 'right' as const,
            render: (u: UserRow) => (
              <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                {renderActions(u)}
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <ServerDataTable<UserRow>
      tableKey={tableKey}
      path={USERS_PATH}
      columns={columns}
      params={params}
      filters={filters}
      defaultSort={{ column: 'name', direction: 'asc' }}
      idAccessor="id"
      onRowClick={onRowClick}
    />
  );
}
