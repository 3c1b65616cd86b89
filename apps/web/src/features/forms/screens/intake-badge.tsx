import { INTAKE_STATUS_LABELS, type IntakeStatus } from '@im/domain';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<IntakeStatus, string> = {
  draft: 'gray',
  planned: 'blue',
  completed: 'teal',
  cancelled: 'red',
};

export function IntakeStatusBadge({ status }: { status: IntakeStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {INTAKE_STATUS_LABELS[status]}
    </Badge>
  );
}
