import {
  ACCOUNTING_PUSH_STATUS_LABELS,
  type AccountingPushStatus,
  INTEGRATION_SERVICE_LABELS,
} from '@im/domain';
import { Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { formatDateTime } from '../../../ui/format';
import { LightBadge, type LightBadgeColor } from '../../../ui/light-badge';
import { toast } from '../../../ui/toasts';
import {
  PUSH_PAGE_SIZE,
  useAccountingPushes,
  usePushExisting,
  useRefreshIntegrations,
  useRetryPush,
} from '../queries';

const COLORS: Record<AccountingPushStatus, LightBadgeColor> = {
  queued: 'gray',
  booked: 'green',
  refused: 'red',
  retrying: 'orange',
};

/** Every invoice's booking, newest first: its status, the package's entry number, a refusal's reason. */
export function AccountingPushesCard({ linked, canSave }: { linked: boolean; canSave: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pushes = useAccountingPushes(page);
  const retry = useRetryPush();
  const pushExisting = usePushExisting();
  const refresh = useRefreshIntegrations();
  const rows = pushes.data?.data ?? [];

  async function bookExisting() {
    const service = INTEGRATION_SERVICE_LABELS.exact;
    if (
      !(await confirm({
        title: t('integrations.pushExistingTitle'),
        message: t('integrations.pushExistingConfirm', { service }),
      }))
    )
      return;
    try {
      const { batchId } = await pushExisting.mutateAsync(null);
      openBatchProgress({
        batchId,
        title: t('integrations.pushExistingTitle'),
        onFinished: () => void refresh(),
      });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={t('integrations.pushes')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('integrations.pushes')}
          </Title>
          {linked && canSave && (
            <Button variant="default" size="xs" onClick={bookExisting} loading={pushExisting.isPending}>
              {t('integrations.pushExisting')}
            </Button>
          )}
        </Group>
        {pushes.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('integrations.pushesFailed')}
          </Text>
        ) : pushes.isPending ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('integrations.pushesEmpty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((p) => (
              <Card key={p.id} withBorder padding="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/invoice_detail/${p.document_id}`} size="sm" fw={600}>
                      {t('integrations.invoiceNumber', { number: p.number ?? p.document_id })}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {[
                        formatDateTime(p.updated_at),
                        p.external_number
                          ? t('integrations.entryNumber', { number: p.external_number })
                          : null,
                        p.paid_synced_at ? t('integrations.paidSynced') : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {p.message && (
                      <Text size="xs" c={p.status === 'refused' ? 'red.8' : undefined}>
                        {p.message}
                      </Text>
                    )}
                  </div>
                  <Stack gap={4} align="flex-end">
                    <LightBadge color={COLORS[p.status]} size="sm">
                      {ACCOUNTING_PUSH_STATUS_LABELS[p.status]}
                    </LightBadge>
                    {p.status === 'refused' && canSave && (
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={retry.isPending && retry.variables === p.id}
                        onClick={() =>
                          retry.mutate(p.id, {
                            onSuccess: (r) => toast.success(r.message),
                            onError: (err) => toast.error(err.message),
                          })
                        }
                      >
                        {t('integrations.retry')}
                      </Button>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <FullNumberPager
          page={page}
          total={pushes.data?.pagination.total ?? 0}
          pageSize={PUSH_PAGE_SIZE}
          onPageChange={setPage}
        />
      </Stack>
    </Card>
  );
}
