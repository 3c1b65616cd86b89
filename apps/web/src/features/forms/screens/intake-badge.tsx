import { INTAKE_STATUS_LABELS, type IntakeStatus } from '@im/domain';
import { LightBadge, type LightBadgeColor } from '../../../ui/light-badge';

const STATUS_COLORS: Record<IntakeStatus, LightBadgeColor> = {
  draft: 'gray',
  planned: 'blue',
  completed: 'green',
  cancelled: 'red',
};

export function IntakeStatusBadge({ status }: { status: IntakeStatus }) {
  return <LightBadge color={STATUS_COLORS[status]}>{INTAKE_STATUS_LABELS[status]}</LightBadge>;
}
