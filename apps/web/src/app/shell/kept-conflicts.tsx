import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type KeptChange, resolveConflict } from '../../ui/autosave/autosave-store';

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

/**
 * A field changed on this device while offline and meanwhile at the office (decision 061): both values,
 * and the user's choice which stays. Nothing is overwritten without it.
 */
export function KeptConflicts({ changes }: { changes: KeptChange[] }) {
  const { t } = useTranslation();
  const rows = changes.flatMap((change) =>
    Object.entries(change.conflicts ?? {}).map(([field, conflict]) => ({ change, field, conflict })),
  );
  if (rows.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconGitCompare size={20} />} mb="md" p="xs" role="alert">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('connection.conflicts', { count: rows.length })}
        </Text>
        {rows.map(({ change, field, conflict }) => (
          <Stack key={`${change.key}:${field}`} gap={4}>
            <Text size="sm">
              {t('connection.conflictField', { field: change.replay?.labels?.[field] ?? field })}
            </Text>
            <Text size="sm">
              {t('connection.conflictMine', { value: shown(conflict.mine) })} ·{' '}
              {t('connection.conflictTheirs', { value: shown(conflict.theirs) })}
            </Text>
            <Group gap="xs">
              <Button size="compact-sm" onClick={() => resolveConflict(change, field, 'mine')}>
                {t('connection.keepMine')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => resolveConflict(change, field, 'theirs')}
              >
                {t('connection.keepTheirs')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
