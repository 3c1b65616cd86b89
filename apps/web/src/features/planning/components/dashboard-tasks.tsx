import {
  DASHBOARD_LIST_ALL,
  DASHBOARD_LIST_STEP,
  DASHBOARD_TASK_FILTERS,
  type DashboardTaskFilter,
  DEFAULT_DASHBOARD_TASK_FILTER,
} from '@im/domain';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { FilterChips, GrowButtons, WidgetCard } from '../../../ui/widget-card';
import { useDashboardTasks } from '../queries';
import { TaskBadges } from './task-parts';

/** The dashboard's tasks of the user: unplanned by default (spec 001 section 9), or planned, or past their date. */
export function DashboardTasks() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DashboardTaskFilter>(DEFAULT_DASHBOARD_TASK_FILTER);
  const [limit, setLimit] = useState(DASHBOARD_LIST_STEP);
  const tasks = useDashboardTasks(filter, limit);
  const data = tasks.data;
  const shown = data?.tasks.length ?? 0;
  return (
    <WidgetCard
      title={t('planning.dashboard.tasksTitle')}
      count={data?.counts[filter]}
      link={{ to: '/task_overview?view=table', label: t('planning.dashboard.toTasks') }}
      testId="dashboard-tasks"
    >
      <FilterChips
        label={t('planning.dashboard.tasksTitle')}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setLimit(DASHBOARD_LIST_STEP);
        }}
        options={DASHBOARD_TASK_FILTERS.map((f) => ({
          value: f,
          label: t(`planning.tasks.planningLabels.${f}`),
          count: data?.counts[f],
        }))}
      />
      {tasks.isError && <Alert color="red">{t('planning.tasks.loadFailed')}</Alert>}
      {data && shown === 0 && <Text c="dimmed">{t('planning.tasks.empty')}</Text>}
      <Stack gap="sm">
        {data?.tasks.map((task) => (
          <Stack key={task.id} gap={2}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {task.description}
              </Text>
              {task.flow_id && (
                <Anchor
                  component={Link}
                  to={`/flow_detail/${task.flow_id}`}
                  size="xs"
                  style={{ flexShrink: 0 }}
                >
                  {t('planning.notes.onFlow', { number: task.flow_number })}
                </Anchor>
              )}
            </Group>
            <Group gap="xs">
              <TaskBadges task={task} />
              <Text size="xs" c="dimmed">
                {formatDateTime(task.start_date)}
                {task.address && ` · ${task.address}`}
              </Text>
            </Group>
          </Stack>
        ))}
      </Stack>
      <GrowButtons
        shown={shown}
        limit={limit}
        all={DASHBOARD_LIST_ALL}
        onMore={() => setLimit((l) => l + DASHBOARD_LIST_STEP)}
        onAll={() => setLimit(DASHBOARD_LIST_ALL)}
      />
    </WidgetCard>
  );
}
