import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@im/domain';
import { Badge } from '@mantine/core';

/** Text on the light badge: dark enough for WCAG AA (4.5:1) on each light background. */
const TEXT: Record<string, string> = {
  gray: '#3d4148',
  blue: '#1c4f8c',
  green: '#1e6b30',
  red: '#a51d1d',
  dark: '#1f2125',
  orange: '#8a3208',
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const color = DOCUMENT_STATUS_COLORS[status];
  return (
    <Badge color={color} c={TEXT[color]} variant="light" style={{ flexShrink: 0 }}>
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
