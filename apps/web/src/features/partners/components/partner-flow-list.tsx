import type { FlowStatus, PartnerFlow } from '@im/domain';
import { Anchor, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../ui/loading-block';
import { StatusBadge } from '../../flows';
import { usePartnerFlows } from '../queries';

/**
 * A partner's flows, 25 at a time with 'Meer laden' (spec 001 section 9). `partnerId` null: the partner
 * user's own, each opening the read-only /flow_partner; otherwise a staff list opening /flow_detail.
 */
export function PartnerFlowList({
  partnerId,
  title,
  emptyText,
  hint,
}: {
  partnerId: number | null;
  title: string;
  emptyText: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const flows = usePartnerFlows(partnerId);
  const rows: PartnerFlow[] = flows.data?.pages.flatMap((p) => p.data) ?? [];
  const total = flows.data?.pages[0]?.pagination.total ?? 0;
  const target = (id: number) => (partnerId === null ? `/flow_partner/${id}` : `/flow_detail/${id}`);

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {total > 0 && (
            <Text size="sm" c="dimmed">
              {t('partners.shownOf', { shown: rows.length, total })}
            </Text>
          )}
        </Group>
        {flows.isPending && <LoadingBlock when />}
        {flows.isError && (
          <Text c="red" role="alert">
            {flows.error.message}
          </Text>
        )}
        {flows.isSuccess && rows.length === 0 && (
          <Stack gap={4}>
            <Text c="dimmed">{emptyText}</Text>
            {hint && (
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            )}
          </Stack>
        )}
        {rows.map((f) => (
          <Group
            key={f.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py={6}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={target(f.id)} fw={600}>
                {`${f.number} · ${f.description || f.relation_fullname}`}
              </Anchor>
              <Text size="sm" c="dimmed" truncate>
                {[f.relation_fullname, f.address].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <StatusBadge status={f.flow_status as FlowStatus} />
            </Box>
          </Group>
        ))}
        {flows.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void flows.fetchNextPage()}
            loading={flows.isFetchingNextPage}
          >
            {t('partners.loadMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
