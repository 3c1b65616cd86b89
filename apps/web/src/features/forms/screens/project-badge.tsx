import { PROJECT_STATUS_LABELS, PROJECT_STATUS_THEMES, type ProjectStatus } from '@im/domain';
import { Badge } from '@mantine/core';

/** Spec 002 section 4: new warning, planned info, completed success, cancelled danger. */
const THEME_COLORS = { warning: 'orange', info: 'blue', success: 'teal', danger: 'red' } as const;

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge color={THEME_COLORS[PROJECT_STATUS_THEMES[status]]} variant="light">
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
