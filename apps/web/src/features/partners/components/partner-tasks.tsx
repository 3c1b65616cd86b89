import { type PartnerTask, TASK_STATUS_LABELS, type TaskStatus } from '@im/domain';
import { Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../ui/format';

/** Tasks on the partner's flows, read-only. */
export function PartnerTaskRows({ tasks, withFlow = false }: { tasks: PartnerTask[]; withFlow?: boolean }) {
  return (
    <>
      {tasks.map((task) => (
        <Group key={task.id} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={500} lineClamp={2}>
              {task.description}
            </Text>
            <Text size="sm" c="dimmed">
              {[withFlow ? `#${task.flow_number}` : null, formatDateTime(task.start_date)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Text size="sm">{TASK_STATUS_LABELS[task.status as TaskStatus] ?? task.status}</Text>
        </Group>
      ))}
    </>
  );
}
