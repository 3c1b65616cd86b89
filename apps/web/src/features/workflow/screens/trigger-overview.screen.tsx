import { type EventTrigger, FLOW_STAGE_LABELS } from '@im/domain';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../ui/data-table/list-table';
import { useWorkflowTexts } from '../i18n';
import { useEventTriggers } from '../queries';

export const triggerPath = (id: number) => `/eventtrigger_detail/${id}`;

/** /eventtrigger_overview (platform administration): every event trigger workflow rules can start on. */
export function TriggerOverviewScreen() {
  const tx = useWorkflowTexts();
  const navigate = useNavigate();
  const triggers = useEventTriggers();
  const yesNo = (value: boolean) => (value ? tx.yes : tx.no);

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>{tx.triggersTitle}</Title>
        <Text c="dimmed" size="sm">
          {tx.triggersIntro}
        </Text>
      </div>
      {triggers.isError && (
        <Alert color="red" role="alert" title={tx.triggersLoadFailed}>
          {triggers.error.message}
        </Alert>
      )}
      <ListTable<EventTrigger>
        records={triggers.data ?? []}
        fetching={triggers.isFetching}
        noRecordsText={tx.triggersEmpty}
        idAccessor="id"
        onRowClick={(trigger) => navigate(triggerPath(trigger.id))}
        columns={[
          {
            accessor: 'tag',
            title: tx.tag,
            render: (trigger) => (
              <Anchor component={Link} to={triggerPath(trigger.id)} onClick={(e) => e.stopPropagation()}>
                {trigger.tag}
              </Anchor>
            ),
          },
          { accessor: 'description', title: tx.description },
          {
            accessor: 'flowstage',
            title: tx.stage,
            render: (trigger) => FLOW_STAGE_LABELS[trigger.flowstage] ?? trigger.flowstage,
          },
          {
            accessor: 'hasDocument',
            title: tx.documentColumn,
            render: (trigger) => yesNo(trigger.hasDocument),
          },
          { accessor: 'hasTask', title: tx.taskColumn, render: (trigger) => yesNo(trigger.hasTask) },
        ]}
      />
    </Stack>
  );
}
