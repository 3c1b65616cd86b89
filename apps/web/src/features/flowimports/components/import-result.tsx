import type { FlowImportSummary } from '@im/domain';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { useRefreshAfterImport, useUndoImport } from '../queries';

/** What the import made, and its undo. */
export function ImportResult({ summary, onNew }: { summary: FlowImportSummary; onNew?: () => void }) {
  const { t } = useTranslation();
  const undo = useUndoImport();
  const refresh = useRefreshAfterImport();
  const onUndo = async () => {
    const isConfirmed = await confirm({
      title: t('flowImports.undoConfirmTitle'),
      message: t('flowImports.undoConfirm'),
      confirmLabel: t('flowImports.undo'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    undo.mutate(summary.id, {
      onSuccess: ({ batchId }) =>
        openBatchProgress({
          batchId,
          title: t('flowImports.undoProgressTitle'),
          onFinished: () => refresh(),
        }),
      onError: (error) => showActionError(error),
    });
  };
  const canUndo = summary.status === 'done' || summary.status === 'failed';
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {summary.status === 'undone' ? t('flowImports.historyStatus.undone') : t('flowImports.resultTitle')}
        </Title>
        {summary.status === 'failed' && <Alert color="red">{t('flowImports.failed')}</Alert>}
        <Text role="status">
          {t('flowImports.result', {
            flows: summary.flows_created,
            created: summary.relations_created,
            matched: summary.relations_matched,
          })}
        </Text>
        {summary.status === 'undone' && (
          <Alert color="teal">
            {t('flowImports.undone', { flows: summary.flows_removed, relations: summary.relations_removed })}
            {summary.flows_kept + summary.relations_kept > 0 &&
              ` ${t('flowImports.kept', { flows: summary.flows_kept, relations: summary.relations_kept })}`}
          </Alert>
        )}
        <Group>
          {canUndo && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() => void onUndo()}
              loading={undo.isPending}
            >
              {t('flowImports.undo')}
            </Button>
          )}
          {onNew && (
            <Button variant="default" onClick={onNew}>
              {t('flowImports.newImport')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
