import type { Task } from '@im/domain';
import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatTime } from '../../../ui/format';
import { LoadingBlock } from '../../../ui/loading-block';
import { TaskModal } from '../modals/task.modal';
import { useTasks } from '../queries';
import { RowIcons } from './row-icons';
import { TaskBadges, useTaskDelete } from './task-parts';

/**
 * The tasks of a relation's flows on the relation detail: open and on hold first by start, each with the
 * flow it belongs to. Tasks are planned on a flow, so new ones start from the flow's own tasks card.
 */
export function RelationTasksCard({ relationId }: { relationId: number }) {
  const { t } = useTranslation();
  const tasks = useTasks({ status: 'openoronhold', relation_id: relationId }, { offset: 0, limit: 100 });
  const onDelete = useTaskDelete();
  const [editing, setEditing] = useState<Task | undefined>(undefined);
  const rows = tasks.data?.data ?? [];
  return (
    <Card withBorder padding="lg" data-testid="relation-tasks">
      <Title order={2} size="h4" mb="sm">
        {t('planning.tasks.title')}
      </Title>
      {tasks.isError && <Alert color="red">{t('planning.tasks.loadFailed')}</Alert>}
      <LoadingBlock when={tasks.isPending} />
      {tasks.data && rows.length === 0 && <Text c="dimmed">{t('planning.tasks.emptyRelation')}</Text>}
      <Stack gap="sm">
        {rows.map((task) => (
          <Group key={task.id} justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {task.description}
              </Text>
              <TaskBadges task={task} />
              <Text size="xs" c="dimmed">
                {task.start_date
                  ? `${formatDateTime(task.start_date)} – ${formatTime(task.end_date)} · `
                  : ''}
                {task.user_fullname ? `${task.user_fullname} · ` : ''}
                {task.flow_id && (
                  <Anchor component={Link} to={`/flow_detail/${task.flow_id}`} size="xs" underline="always">
                    {t('planning.notes.onFlow', { number: task.flow_number })}
                  </Anchor>
                )}
              </Text>
            </Stack>
            <RowIcons
              label={task.description}
              onEdit={() => setEditing(task)}
              onDelete={() => void onDelete(task)}
            />
          </Group>
        ))}
      </Stack>
      {tasks.data && tasks.data.pagination.total > rows.length && (
        <Text size="xs" c="dimmed" mt="sm">
          {t('planning.tasks.moreOnFlows', { count: tasks.data.pagination.total - rows.length })}
        </Text>
      )}
      <TaskModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        flowId={editing?.flow_id ?? 0}
        task={editing}
      />
    </Card>
  );
}
