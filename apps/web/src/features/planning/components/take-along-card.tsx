import { formatFileSize } from '@im/domain';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudDownload, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dropOfflineCopies,
  OFFLINE_BUDGET_BYTES,
  type OfflineSummary,
  offlineSummary,
} from '../../../api/offline-copies';
import { TakeAlongError } from '../../../api/take-along';
import { formatDateTime } from '../../../ui/format';
import { useSession } from '../../auth';
import { takeDayAlong } from '../take-day-along';

type Outcome =
  | { kind: 'done'; screens: number }
  | { kind: 'missed'; count: number }
  | { kind: 'noTasks' }
  | { kind: 'budget' }
  | { kind: 'removed' };

/**
 * 'Beschikbaar maken voor offline' (issue 47, decision 060): takes today's and tomorrow's tasks along,
 * says what is on the device and how large it is, and removes it on request.
 */
export function TakeAlongCard() {
  const { t } = useTranslation();
  const session = useSession();
  const { online } = useNetwork();
  const [stored, setStored] = useState<OfflineSummary | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const reload = useCallback(() => {
    void offlineSummary()
      .then(setStored)
      .catch(() => setStored({ count: 0, bytes: 0, storedAt: null }));
  }, []);
  useEffect(reload, [reload]);

  const takeAlong = async () => {
    setOutcome(null);
    setProgress({ done: 0, total: 0 });
    try {
      const result = await takeDayAlong(session.currentuser_id, (done, total) =>
        setProgress({ done, total }),
      );
      if (result.screens === 0 && result.missed === 0) setOutcome({ kind: 'noTasks' });
      else if (result.missed > 0) setOutcome({ kind: 'missed', count: result.missed });
      else setOutcome({ kind: 'done', screens: result.screens });
    } catch (error) {
      setOutcome(error instanceof TakeAlongError ? { kind: 'budget' } : { kind: 'missed', count: 1 });
    } finally {
      setProgress(null);
      reload();
    }
  };

  const remove = async () => {
    await dropOfflineCopies().catch(() => undefined);
    setOutcome({ kind: 'removed' });
    reload();
  };

  const isBusy = progress !== null;
  const hasCopies = (stored?.count ?? 0) > 0;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('planning.offline.title')}
        </Title>
        <Text size="sm">{t('planning.offline.hint')}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {isBusy
            ? t('planning.offline.busy', { done: progress.done, total: progress.total || '…' })
            : hasCopies && stored
              ? t('planning.offline.stored', {
                  count: stored.count,
                  size: formatFileSize(stored.bytes),
                  when: formatDateTime(stored.storedAt ? new Date(stored.storedAt).toISOString() : null),
                })
              : t('planning.offline.none')}
        </Text>
        {outcome && <OutcomeNote outcome={outcome} />}
        {!online && !isBusy && (
          <Text size="sm" c="dimmed">
            {t('planning.offline.offline')}
          </Text>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconCloudDownload size={16} />}
            onClick={() => void takeAlong()}
            loading={isBusy}
            disabled={!online}
          >
            {hasCopies ? t('planning.offline.refresh') : t('planning.offline.takeAlong')}
          </Button>
          {hasCopies && (
            <Button
              variant="default"
              leftSection={<IconTrash size={16} />}
              onClick={() => void remove()}
              disabled={isBusy}
            >
              {t('planning.offline.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function OutcomeNote({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'done')
    return (
      <Alert color="green" p="xs" role="status">
        {t('planning.offline.done', { count: outcome.screens })}
      </Alert>
    );
  if (outcome.kind === 'removed')
    return (
      <Alert color="gray" p="xs" role="status">
        {t('planning.offline.removed')}
      </Alert>
    );
  if (outcome.kind === 'noTasks')
    return (
      <Alert color="gray" p="xs" role="status">
        {t('planning.offline.noTasks')}
      </Alert>
    );
  const text =
    outcome.kind === 'budget'
      ? t('planning.offline.budget', { size: formatFileSize(OFFLINE_BUDGET_BYTES) })
      : t('planning.offline.timeout', { count: outcome.count });
  return (
    <Alert color="orange" p="xs" role="alert">
      {text}
    </Alert>
  );
}
