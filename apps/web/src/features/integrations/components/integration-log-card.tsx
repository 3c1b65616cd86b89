import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { formatDateTime } from '../../../ui/format';
import { LOG_PAGE_SIZE, useIntegrationLog } from '../queries';

/** What a link did (linked, booked, refused, payment taken over, unlinked), newest first. */
export function IntegrationLogCard({ service }: { service: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useIntegrationLog(service, page);
  const rows = log.data?.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={t('integrations.log')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('integrations.log')}
        </Title>
        {log.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('integrations.logFailed')}
          </Text>
        ) : log.isPending ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('integrations.logEmpty')}
          </Text>
        ) : (
          <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((l) => (
              <Group key={l.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed" style={{ flexShrink: 0, minWidth: '8.5rem' }}>
                  {formatDateTime(l.at)}
                </Text>
                <Text
                  size="sm"
                  c={l.level === 'error' ? 'red.8' : undefined}
                  style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {l.message}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <FullNumberPager
          page={page}
          total={log.data?.pagination.total ?? 0}
          pageSize={LOG_PAGE_SIZE}
          onPageChange={setPage}
        />
      </Stack>
    </Card>
  );
}
