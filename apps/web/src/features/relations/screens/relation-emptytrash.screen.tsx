import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useEmptyTrash, useRefreshAfterBatch, useTrashCount } from '../queries';

/** Empty the relation trash: POST /api/relation/emptytrash runs as a batch job with progress. */
export function RelationEmptyTrashScreen() {
  const { t } = useTranslation();
  const count = useTrashCount();
  const empty = useEmptyTrash();
  const refresh = useRefreshAfterBatch();

  const onEmpty = async () => {
    const isConfirmed = await confirm({
      title: t('relations.emptyTitle'),
      message: t('relations.emptyConfirm'),
      confirmLabel: t('relations.emptyTrash'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    empty.mutate(undefined, {
      onSuccess: ({ batchId }) =>
        openBatchProgress({
          batchId,
          title: t('relations.emptyProgressTitle'),
          onFinished: (state) => {
            refresh();
            if (state === 'done') toast.success(t('relations.emptyDone'));
          },
        }),
      onError: (error) => showActionError(error),
    });
  };

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to="/relation_trashcan" size="sm">
        ← {t('relations.trashTitle')}
      </Anchor>
      <Title order={1}>{t('relations.emptyTitle')}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Alert color="red" variant="light">
            {t('relations.emptyIntro')}
          </Alert>
          {count.isPending ? (
            <Loader size="sm" aria-label={t('app.loading')} />
          ) : (
            <Text fw={600} role="status">
              {t('relations.trashCount', { count: count.data ?? 0 })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              color="red"
              leftSection={<IconTrashX size={16} />}
              onClick={() => void onEmpty()}
              loading={empty.isPending}
              disabled={!count.data}
            >
              {t('relations.emptyTrash')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
