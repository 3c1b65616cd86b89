import type { TaskPlanningStatus } from '@im/domain';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { useSession } from '../../auth';
import { useTasks } from '../queries';
import { TaskBadges } from './task-parts';

const STEP = 5;
/** Spec 001 section 9: the dashboard's task filter starts at "unplanned". */
const FILTERS: TaskPlanningStatus[] = ['unplanned', 'upcoming', 'unfinished'];

/** The dashboard's tasks of the user: unplanned by default, or planned, or past their date. */
export function DashboardTasks() {
  const { t } = useTranslation();
  const session = useSession();
  const [planning, setPlanning] = useState<TaskPlanningStatus>('unplanned');
  const [limit, setLimit] = useState(STEP);
  const tasks = useTasks(
    { status: 'openoronhold', user_id: session.currentuser_id, planning },
    { offset: 0, limit, sort: 'start_date' },
  );
  const shown = tasks.data?.data.length ?? 0;
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('planning.dashboard.tasksTitle')}
        </Title>
        <Anchor component={Link} to="/task_overview?view=table" size="sm">
          {t('planning.dashboard.toTasks')}
        </Anchor>
      </Group>
      <SegmentedControl
        fullWidth
        mb="sm"
        value={planning}
        onChange={(value) => {
          setPlanning(value as TaskPlanningStatus);
          setLimit(STEP);
        }}
        data={FILTERS.map((f) => ({ value: f, label: t(`planning.tasks.planningLabels.${f}`) }))}
      />
      {tasks.isError && <Alert color="red">{t('planning.tasks.loadFailed')}</Alert>}
      {tasks.data && shown === 0 && <Text c="dimmed">{t('planning.tasks.empty')}</Text>}
      <Stack gap="sm">
        {tasks.data?.data.map((task) => (
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
      {tasks.data && shown < tasks.data.pagination.total && (
        <Button size="xs" variant="light" mt="sm" onClick={() => setLimit((l) => l + STEP)}>
          {t('planning.dashboard.more')}
        </Button>
      )}
    </Card>
  );
}
