import { FLOW_STATUS_FILTERS, FLOW_STATUS_LABELS } from '@im/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ServerDataTable, type TableFilter } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { userOptions } from '../components/flow-options';
import { LastSeenFlows } from '../components/last-seen-flows';
import { StatusBadge } from '../components/status-badge';
import { CreateFlowModal } from '../modals/create-flow.modal';
import { FLOW_TABLE_PATH, useFlowSettings } from '../queries';
import type { FlowRow } from '../types';

// /flow_overview (spec 001 section 2): 25 per page, state kept in localStorage by the data table,
// query with offset, limit, query, sort, userId, status and leadSource.

export const FLOW_TABLE_KEY = 'flow-overview';

export function FlowOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useFlowSettings();
  const [isCreating, setCreating] = useState(false);

  const filters: TableFilter[] = [
    {
      key: 'status',
      label: t('common.status'),
      defaultValue: 'all',
      options: FLOW_STATUS_FILTERS.map((status) => ({
        value: status,
        label: status === 'all' ? t('common.all') : FLOW_STATUS_LABELS[status],
      })),
    },
    { key: 'userId', label: t('common.user'), options: userOptions(settings.data) },
    {
      key: 'leadSource',
      label: t('common.leadSource'),
      options: (settings.data?.lead_sources ?? []).map((source) => ({ value: source, label: source })),
    },
  ];

  const columns: DataTableColumn<FlowRow>[] = [
    { accessor: 'number', title: t('flows.columns.number'), sortable: true, width: 90 },
    {
      accessor: 'relation_fullname',
      title: t('common.relation'),
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={row.unread ? 700 : 500}>
            {row.relation_fullname}
          </Text>
          <Text size="xs" c="dimmed">
            {row.address}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'description', title: t('common.description'), sortable: true },
    {
      accessor: 'flow_status',
      title: t('common.status'),
      sortable: true,
      render: (row) => <StatusBadge status={row.flow_status} phase={row.flow_phase?.description} />,
    },
    { accessor: 'lead_source', title: t('common.leadSource'), sortable: true },
    { accessor: 'user_fullname', title: t('common.handler'), sortable: true },
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (row) => formatDate(row.created_at),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('flows.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('flows.newFlow')}
        </Button>
      </Group>
      <LastSeenFlows />
      <ServerDataTable<FlowRow>
        tableKey={FLOW_TABLE_KEY}
        path={FLOW_TABLE_PATH}
        columns={columns}
        filters={filters}
        defaultSort={{ column: 'id', direction: 'desc' }}
        onRowClick={(row) => navigate(`/flow_detail/${row.id}`)}
      />
      <CreateFlowModal
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(flow) => navigate(`/flow_detail/${flow.id}`)}
      />
    </Stack>
  );
}
