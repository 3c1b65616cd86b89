import { FLOW_STATUS_LABELS, type FlowStatus } from '@im/domain';
import { Badge, Stack, Text } from '@mantine/core';

const COLORS: Partial<Record<FlowStatus, string>> = {
  unread: 'orange',
  completed: 'green',
  cancelled: 'red',
};

/** The flow's status label (FLOW_STATUS_LABELS) with its phase below it. */
export function StatusBadge({ status, phase }: { status: FlowStatus; phase?: string | null }) {
  return (
    <Stack gap={2} align="flex-start">
      {/* The darkest shade for the text keeps the light badge readable (WCAG contrast). */}
      <Badge color={COLORS[status] ?? 'blue'} c={`${COLORS[status] ?? 'blue'}.9`} variant="light">
        {FLOW_STATUS_LABELS[status]}
      </Badge>
      {phase && (
        <Text size="xs" c="dimmed">
          {phase}
        </Text>
      )}
    </Stack>
  );
}
