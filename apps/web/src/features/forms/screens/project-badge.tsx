import { PROJECT_STATUS_LABELS, PROJECT_STATUS_THEMES, type ProjectStatus } from '@im/domain';
import { LightBadge } from '../../../ui/light-badge';

/** Spec 002 section 4: new warning, planned info, completed success, cancelled danger. */
const THEME_COLORS = { warning: 'orange', info: 'blue', success: 'green', danger: 'red' } as const;

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <LightBadge color={THEME_COLORS[PROJECT_STATUS_THEMES[status]]}>
      {PROJECT_STATUS_LABELS[status]}
    </LightBadge>
  );
}
