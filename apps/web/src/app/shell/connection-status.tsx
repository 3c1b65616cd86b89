import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconCloudUpload, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetOutboxItem } from '../../api/outbox';
import { useOutboxItems } from '../../api/use-outbox';
import {
  forgetKeptChange,
  keptChanges,
  keptChangesVersion,
  subscribeKeptChanges,
} from '../../ui/autosave/autosave-store';
import { applyUpdate, useUpdateWaiting } from '../pwa/app-update';
import { replayKeptChanges, replayProgress, subscribeReplayProgress } from '../pwa/replay-kept-changes';
import { KeptConflicts } from './kept-conflicts';

const REPLAY_AGAIN_MS = 30_000;
const REPLAY_START_MS = 3000;

/**
 * Where the app stands (decisions 059, 061 and 069): without a connection the user knows it before a save
 * fails; changes kept on the device are counted and sent when the connection is there (also those of a
 * screen that is not open); a refused one says why and can be thrown away; a release installed by the
 * service worker waits for the user's 'Vernieuwen' instead of reloading a form that is being filled in.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const isUpdateWaiting = useUpdateWaiting();
  const [isUpdating, setUpdating] = useState(false);
  const version = useSyncExternalStore(subscribeKeptChanges, keptChangesVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version says when storage changed
  const kept = useMemo(() => keptChanges(), [version]);
  const outbox = useOutboxItems();
  const progress = useSyncExternalStore(subscribeReplayProgress, replayProgress);
  const waiting = [
    ...kept.filter((change) => !change.refused && !change.conflicts),
    ...outbox.filter((item) => !item.refused),
  ];
  // A refused change or outbox item: its reason, and the way out.
  const refused = [
    ...kept
      .filter((change) => change.refused)
      .map((change) => ({
        key: change.key,
        reason: change.refused,
        discard: () => forgetKeptChange(change),
      })),
    ...outbox
      .filter((item) => item.refused)
      .map((item) => ({
        key: item.key,
        reason: item.refused,
        discard: () => void forgetOutboxItem(item.key),
      })),
  ];
  const conflicting = kept.filter((change) => change.conflicts);

  const hasWaiting = waiting.length > 0;
  const queryClient = useQueryClient();
  const startedAt = useRef(Date.now());
  useEffect(() => {
    if (!online) return;
    // What was sent changes what screens show: they read it again.
    const round = () =>
      void replayKeptChanges().then((sent) => {
        if (sent > 0) void queryClient.invalidateQueries();
      });
    // Right after the app starts, a screen opened with it sends its own kept change first.
    const first = window.setTimeout(round, Math.max(0, startedAt.current + REPLAY_START_MS - Date.now()));
    // A server that did not answer is asked again while changes wait.
    const again = hasWaiting ? window.setInterval(round, REPLAY_AGAIN_MS) : undefined;
    return () => {
      window.clearTimeout(first);
      window.clearInterval(again);
    };
  }, [online, hasWaiting, queryClient]);

  return (
    <>
      {!online && (
        <Alert color="gray" variant="light" icon={<IconWifiOff size={20} />} mb="md" p="xs" role="status">
          <Text size="sm" fw={600}>
            {t('connection.offline')}
          </Text>
          <Text size="sm">{t('connection.offlineHint')}</Text>
          {waiting.length > 0 && <Text size="sm">{t('connection.waiting', { count: waiting.length })}</Text>}
        </Alert>
      )}
      {online && waiting.length > 0 && (
        <Alert color="blue" variant="light" icon={<IconCloudUpload size={20} />} mb="md" p="xs" role="status">
          <Text size="sm">{t('connection.sending', { count: waiting.length })}</Text>
          {progress && progress.total > 1 && (
            <Text size="sm">{t('connection.progress', { sent: progress.sent, total: progress.total })}</Text>
          )}
        </Alert>
      )}
      <KeptConflicts changes={conflicting} />
      {refused.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} mb="md" p="xs" role="alert">
          <Stack gap={4}>
            {refused.map((change) => (
              <Group key={change.key} justify="space-between" gap="sm">
                <Text size="sm">{t('connection.refused', { reason: change.reason })}</Text>
                <Button size="compact-sm" variant="default" onClick={change.discard}>
                  {t('connection.discard')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {isUpdateWaiting && (
        <Alert color="blue" variant="light" icon={<IconRefresh size={20} />} mb="md" p="xs" role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('connection.update')}</Text>
            <Button
              size="compact-sm"
              loading={isUpdating}
              onClick={() => {
                setUpdating(true);
                void applyUpdate();
              }}
            >
              {t('connection.reload')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
