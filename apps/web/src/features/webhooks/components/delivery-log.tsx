import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDelivery, type WebhookDeliveryStatus } from '@im/domain';
import { Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { formatDateTime } from '../../../ui/format';
import { LightBadge, type LightBadgeColor } from '../../../ui/light-badge';
import { useIsPhone } from '../../../ui/responsive';
import { useWebhookTexts } from '../i18n';
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
  const tx = useWebhookTexts();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(connectionId, page);
  const rows = deliveries.data?.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={tx.deliveries}>
      <Title order={2} size="h4" mb="xs">
        {tx.deliveries}
      </Title>
      {deliveries.isError ? (
        <Text size="sm" c="red" role="alert">
          {tx.deliveriesFailed}
        </Text>
      ) : deliveries.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {tx.deliveriesEmpty}
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
                {tx.httpStatus} {d.response_status ?? '–'} · {tx.attempts} {d.attempts}
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
                <Table.Th>{tx.time}</Table.Th>
                <Table.Th>{tx.status}</Table.Th>
                <Table.Th>{tx.httpStatus}</Table.Th>
                <Table.Th>{tx.attempts}</Table.Th>
                <Table.Th>{tx.excerpt}</Table.Th>
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
