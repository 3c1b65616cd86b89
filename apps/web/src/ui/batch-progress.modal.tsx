import { BATCH_POLL_INTERVAL_MS, type Batch } from '@im/domain';
import { Button, Group, Modal, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { openModal } from './modal-manager';

export type BatchState = 'running' | 'done' | 'failed';

/** Spec 000 section 4: 100 is finished; cancelledAt present means failed, shown at 100. */
export function batchView(batch: Batch | undefined): { value: number; state: BatchState } {
  if (!batch) return { value: 0, state: 'running' };
  if (batch.cancelledAt) return { value: 100, state: 'failed' };
  if (batch.progress >= 100 || batch.finishedAt) return { value: 100, state: 'done' };
  return { value: batch.progress, state: 'running' };
}

const COLORS: Record<BatchState, string> = { running: 'blue', done: 'teal', failed: 'red' };

interface BatchProgressDialogProps {
  batchId: string;
  title: string;
  /** Shown in red when the job failed; a general text otherwise. */
  failedMessage?: string;
  onFinished?: (state: Exclude<BatchState, 'running'>) => void;
  onClose: () => void;
}

export function BatchProgressDialog({
  batchId,
  title,
  failedMessage,
  onFinished,
  onClose,
}: BatchProgressDialogProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const query = useQuery({
    queryKey: ['batch', batchId],
    queryFn: ({ signal }) => api.get<Batch>(`/api/batch/${encodeURIComponent(batchId)}`, { signal }),
    refetchInterval: (q) => (batchView(q.state.data).state === 'running' ? BATCH_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const { value, state } = batchView(query.data);

  useEffect(() => {
    if (state !== 'running') onFinished?.(state);
  }, [state, onFinished]);

  const isRunning = state === 'running';
  const close = () => {
    setOpened(false);
    onClose();
  };
  const label =
    state === 'done'
      ? t('ui.batchDone')
      : state === 'failed'
        ? (failedMessage ?? t('ui.batchFailed'))
        : t('ui.batchRunning', { progress: value });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnClickOutside={!isRunning}
      closeOnEscape={!isRunning}
      withCloseButton={!isRunning}
    >
      <Progress
        value={value}
        color={COLORS[state]}
        size="lg"
        animated={isRunning}
        aria-label={title}
        mb="sm"
      />
      <Text c={state === 'failed' ? 'red' : undefined} role="status">
        {label}
      </Text>
      {query.isError && isRunning && (
        <Text c="red.8" size="sm" mt="xs">
          {t('ui.batchPollFailed')}
        </Text>
      )}
      {!isRunning && (
        <Group justify="flex-end" mt="md">
          <Button onClick={close}>{t('common.close')}</Button>
        </Group>
      )}
    </Modal>
  );
}

/**
 * Opens the progress dialog for a batch job (e.g. after an answer `{batchId}`); closes with the route.
 * `onClose` runs when the user closes it (not when a route change does).
 */
export function openBatchProgress(
  options: Omit<BatchProgressDialogProps, 'onClose'> & { onClose?: () => void },
): void {
  const { onClose, ...rest } = options;
  openModal((close) => (
    <BatchProgressDialog
      {...rest}
      onClose={() => {
        close();
        onClose?.();
      }}
    />
  ));
}
