import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@im/domain';
import { LightBadge, type LightBadgeColor } from '../../../ui/light-badge';

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <LightBadge color={DOCUMENT_STATUS_COLORS[status] as LightBadgeColor}>
      {DOCUMENT_STATUS_LABELS[status]}
    </LightBadge>
  );
}
