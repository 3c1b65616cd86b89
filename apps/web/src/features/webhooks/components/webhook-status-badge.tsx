import { WEBHOOK_STATUS_LABELS, type WebhookStatus } from '@im/domain';
import { LightBadge } from '../../../ui/light-badge';

/** 'Actief' (green) or 'Niet geverifieerd' (orange). */
export function WebhookStatusBadge({ status, size }: { status: WebhookStatus; size?: 'sm' | 'md' }) {
  return (
    <LightBadge color={status === 'active' ? 'green' : 'orange'} size={size}>
      {WEBHOOK_STATUS_LABELS[status]}
    </LightBadge>
  );
}
