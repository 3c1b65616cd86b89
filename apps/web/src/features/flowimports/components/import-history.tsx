import type { FlowImportSummary } from '@im/domain';
import { Badge, Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { useFlowImports } from '../queries';

const PAGE = 5;
const COLORS: Record<FlowImportSummary['status'], string> = {
  running: 'blue',
  done: 'teal',
  failed: 'red',
  undoing: 'yellow',
  undone: 'gray',
};

/** The company's earlier imports, newest first, five at a time (server paged). */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useFlowImports((page - 1) * PAGE, PAGE);
  const data = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('flowImports.historyTitle')}
      </Title>
      {data.length === 0 && !list.isLoading && <Text c="dimmed">{t('flowImports.noHistory')}</Text>}
      <Stack gap="xs">
        {data.map((item) => (
          <Group key={item.id} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {item.filename}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(item.created_at)} ·{' '}
                {t('flowImports.historyCounts', {
                  flows: item.flows_created,
                  relations: item.relations_created,
                })}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={COLORS[item.status]} variant="light">
                {t(`flowImports.historyStatus.${item.status}`)}
              </Badge>
              <Button size="xs" variant="default" onClick={() => onOpen(item.id)}>
                {t('common.open')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      {total > PAGE && (
        <Pagination mt="sm" size="sm" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />
      )}
    </Card>
  );
}
