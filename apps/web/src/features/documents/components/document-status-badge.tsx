import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@im/domain';
import { Badge } from '@mantine/core';

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <Badge color={DOCUMENT_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
