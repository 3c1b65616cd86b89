import { type EventTrigger, FLOW_STAGE_LABELS } from '@im/domain';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../ui/data-table/list-table';
import { useEventTriggers } from '../queries';

export const triggerPath = (id: number) => `/eventtrigger_detail/${id}`;

/** /eventtrigger_overview (platform administration): every event trigger workflow rules can start on. */
export function TriggerOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const triggers = useEventTriggers();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>{t('workflow.triggersTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('workflow.triggersIntro')}
        </Text>
      </div>
      {triggers.isError && (
        <Alert color="red" role="alert" title={t('workflow.triggersLoadFailed')}>
          {triggers.error.message}
        </Alert>
      )}
      <ListTable<EventTrigger>
        records={triggers.data ?? []}
        fetching={triggers.isFetching}
        noRecordsText={t('workflow.triggersEmpty')}
        idAccessor="id"
        onRowClick={(trigger) => navigate(triggerPath(trigger.id))}
        columns={[
          {
            accessor: 'tag',
            title: t('workflow.tag'),
            render: (trigger) => (
              <Anchor component={Link} to={triggerPath(trigger.id)} onClick={(e) => e.stopPropagation()}>
                {trigger.tag}
              </Anchor>
            ),
          },
          { accessor: 'description', title: t('common.description') },
          {
            accessor: 'flowstage',
            title: t('workflow.stage'),
            render: (trigger) => FLOW_STAGE_LABELS[trigger.flowstage] ?? trigger.flowstage,
          },
          {
            accessor: 'hasDocument',
            title: t('common.document'),
            render: (trigger) => yesNo(trigger.hasDocument),
          },
          {
            accessor: 'hasTask',
            title: t('workflow.taskColumn'),
            render: (trigger) => yesNo(trigger.hasTask),
          },
        ]}
      />
    </Stack>
  );
}
