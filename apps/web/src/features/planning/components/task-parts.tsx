import { TASK_TYPE_LABELS, type Task } from '@im/domain';
import { Badge, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../../ui/detail';
import { useDeleteTask } from '../queries';

/** The task's colour dot, type and planning state in words (colour is never the only cue). */
export function TaskBadges({ task }: { task: Task }) {
  const { t } = useTranslation();
  const isLate = task.planning_status === 'unfinished' || task.planning_status === 'unplanned';
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={12}
        h={12}
        style={{ background: task.display_color, borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
      />
      <Text size="xs">{TASK_TYPE_LABELS[task.type]}</Text>
      <Badge
        size="sm"
        variant={isLate ? 'outline' : 'light'}
        color={isLate ? 'red.9' : 'gray'}
        c={isLate ? 'red.9' : 'dark'}
      >
        {task.planning_status === 'completed'
          ? t('planning.tasks.planningLabels.completed')
          : task.planning_label === 'Gepland' || task.planning_label === 'Bezig'
            ? t(`planning.tasks.planningLabels.${task.planning_status}`)
            : task.planning_label}
      </Badge>
    </Group>
  );
}

export function useTaskDelete() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmedDelete<Task>(useDeleteTask());
  return (task: Task) =>
    confirmDelete(task, {
      title: t('planning.tasks.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('planning.tasks.deleted'),
    });
}
