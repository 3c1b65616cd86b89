import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './autosave-store';

/** 'Opslaan…', 'Opgeslagen' or 'Niet opgeslagen' with the reason and a retry, beside the editor. */
export function AutosaveStatus({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  const isFailed = status.kind === 'failed';
  const text =
    status.kind === 'pending' || status.kind === 'saving'
      ? t('common.saving')
      : status.kind === 'saved'
        ? t('common.saved')
        : status.kind === 'failed'
          ? `${t('common.notSaved')}: ${status.message}`
          : '';
  return (
    <Group gap={6} wrap="wrap" data-autosave={status.kind} style={{ minWidth: 0 }}>
      <Text
        size="sm"
        c={isFailed ? 'red.8' : 'dimmed'}
        role="status"
        aria-live="polite"
        style={{ overflowWrap: 'anywhere' }}
      >
        {text}
      </Text>
      {isFailed && (
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Group>
  );
}
