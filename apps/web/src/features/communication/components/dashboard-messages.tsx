import {
  DASHBOARD_LIST_STEP,
  DASHBOARD_MESSAGE_FILTER_LABELS,
  DASHBOARD_MESSAGE_FILTERS,
  type DashboardMessageFilter,
  DEFAULT_DASHBOARD_MESSAGE_FILTER,
  MAX_COMMUNICATOR_FLOWS,
} from '@im/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { FilterChips, GrowButtons, WidgetCard, WidgetRow } from '../../../ui/widget-card';
import { useDashboardMessages } from '../queries';
import { MessageStateBadge } from './message-state-badge';

/** The dashboard's messages: conversations of the user's flows (allforme) or all, newest first; 'all' shows up to the communicator's maximum. */
export function DashboardMessages() {
  const { t } = useTranslation();
  const [scope, setScope] = useState<DashboardMessageFilter>(DEFAULT_DASHBOARD_MESSAGE_FILTER);
  const [limit, setLimit] = useState(DASHBOARD_LIST_STEP);
  const messages = useDashboardMessages(scope, limit);
  const rows = messages.data?.data ?? [];
  return (
    <WidgetCard
      title={t('dashboard.widgets.messagesTitle')}
      link={{ to: '/communicator', label: t('dashboard.widgets.toCommunicator') }}
      testId="dashboard-messages"
    >
      <FilterChips
        label={t('dashboard.widgets.messagesTitle')}
        value={scope}
        onChange={(value) => {
          setScope(value);
          setLimit(DASHBOARD_LIST_STEP);
        }}
        options={DASHBOARD_MESSAGE_FILTERS.map((f) => ({
          value: f,
          label: DASHBOARD_MESSAGE_FILTER_LABELS[f],
        }))}
      />
      {messages.isError && <Alert color="red">{t('communication.communicator.loadFailed')}</Alert>}
      {messages.data && rows.length === 0 && <Text c="dimmed">{t('dashboard.widgets.noMessages')}</Text>}
      <Stack gap="sm">
        {rows.map((row) => (
          <WidgetRow
            key={row.flow_id}
            to={`/flow_detail/${row.flow_id}?options=flowcommunicator`}
            title={t('dashboard.widgets.flowLine', { number: row.flow_number, name: row.relation_name })}
            badge={<MessageStateBadge state={row.state} size="xs" />}
            meta={`${formatDateTime(row.last_message_at)} · ${row.last_message.author_name}: ${row.last_message.content}`}
          />
        ))}
      </Stack>
      <GrowButtons
        shown={rows.length}
        limit={limit}
        all={MAX_COMMUNICATOR_FLOWS}
        onMore={() => setLimit((l) => l + DASHBOARD_LIST_STEP)}
        onAll={() => setLimit(MAX_COMMUNICATOR_FLOWS)}
      />
    </WidgetCard>
  );
}
