import { ACTION_PRIORITY_LABELS, type Action } from '@im/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Dark shades: white text on them meets WCAG AA.
const PRIORITY_COLORS = { top: 'red.9', high: '#a5400c', normal: 'gray.7', low: 'gray.7' } as const;

/** Priority and due/overdue state of an action, in words and colour (never colour alone). */
export function ActionBadges({ action }: { action: Action }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {(action.priority === 'top' || action.priority === 'high') && (
        <Badge size="sm" color={PRIORITY_COLORS[action.priority]} variant="filled">
          {ACTION_PRIORITY_LABELS[action.priority]}
        </Badge>
      )}
      {action.isoverdue ? (
        <Badge size="sm" color="red.9" variant="outline">
          {t('common.overdue')}
        </Badge>
      ) : (
        action.isdue && (
          <Badge size="sm" color="yellow" variant="filled" c="dark">
            {t('planning.actions.due')}
          </Badge>
        )
      )}
    </Group>
  );
}
