import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDelivery, type WebhookDeliveryStatus } from '@im/domain';
import { Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { formatDateTime } from '../../../ui/format';
import { LightBadge, type LightBadgeColor } from '../../../ui/light-badge';
import { useIsPhone } from '../../../ui/responsive';
import { DELIVERY_PAGE_SIZE, useWebhookDeliveries } from '../queries';

const COLORS: Record<WebhookDeliveryStatus, LightBadgeColor> = {
  queued: 'gray',
  delivered: 'green',
  failed: 'red',
  retrying: 'orange',
};

function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <LightBadge color={COLORS[status]} size="sm">
      {WEBHOOK_DELIVERY_STATUS_LABELS[status]}
    </LightBadge>
  );
}

/** The answer's first characters, or why there was none. */
const excerptOf = (d: WebhookDelivery) => d.response_excerpt || d.error || '';

/** The connection's delivery log, newest first, paged on the server. */
export function DeliveryLog({ connectionId }: { connectionId: number }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(connectionId, page);
  const rows = deliveries.data?.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={t('webhooks.deliveries')}>
      <Title order={2} size="h4" mb="xs">
        {t('webhooks.deliveries')}
      </Title>
      {deliveries.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('webhooks.deliveriesFailed')}
        </Text>
      ) : deliveries.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.deliveriesEmpty')}
        </Text>
      ) : isPhone ? (
        <Stack gap="xs">
          {rows.map((d) => (
            <Card key={d.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{formatDateTime(d.created_at)}</Text>
                <DeliveryStatus status={d.status} />
              </Group>
              <Text size="xs" c="dimmed">
                {t('webhooks.httpStatus')} {d.response_status ?? '–'} · {t('webhooks.attempts')} {d.attempts}
              </Text>
              {excerptOf(d) && (
                <Text size="xs" ff="monospace" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {excerptOf(d)}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.time')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th>{t('webhooks.httpStatus')}</Table.Th>
                <Table.Th>{t('webhooks.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.excerpt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at)}</Table.Td>
                  <Table.Td>
                    <DeliveryStatus status={d.status} />
                  </Table.Td>
                  <Table.Td>{d.response_status ?? '–'}</Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td maw={420}>
                    <Text size="xs" ff="monospace" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {excerptOf(d)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deliveries.data && (
        <FullNumberPager
          page={page}
          pageSize={DELIVERY_PAGE_SIZE}
          total={deliveries.data.pagination.total}
          onPageChange={setPage}
        />
      )}
    </Card>
  );
}
