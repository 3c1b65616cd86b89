import { FLOW_STATUS_LABELS, type FlowStatus } from '@im/domain';
import { Badge, Stack, Text } from '@mantine/core';

const COLORS: Partial<Record<FlowStatus, string>> = {
  unread: 'orange',
  completed: 'green',
  cancelled: 'red',
};
/** Text on the light badge: dark enough for WCAG AA (4.5:1) on each light background. */
const TEXT: Record<string, string> = { orange: '#8a3208', green: '#1e6b30', red: '#a51d1d', blue: 'blue.9' };

/** The flow's status label (FLOW_STATUS_LABELS) with its phase below it. */
export function StatusBadge({ status, phase }: { status: FlowStatus; phase?: string | null }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={COLORS[status] ?? 'blue'} c={TEXT[COLORS[status] ?? 'blue']} variant="light">
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
