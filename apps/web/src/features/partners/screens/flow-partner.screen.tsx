import type { FlowStatus } from '@im/domain';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { DetailField } from '../../../ui/detail';
import { formatDate } from '../../../ui/format';
import { ListCard } from '../../../ui/list-card';
import { LoadingBlock } from '../../../ui/loading-block';
import { StatusBadge } from '../../flows';
import { PartnerDocumentRows } from '../components/partner-documents';
import { PartnerTaskRows } from '../components/partner-tasks';
import { useFlowForPartner } from '../queries';

/** /flow_partner/:flowId: a flow of the partner user's partner, read-only (spec 001 section 6). */
export function FlowPartnerScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().flowId);
  const flow = useFlowForPartner(id);
  const back = (
    <Anchor component={Link} to="/dashboard_partner" size="sm">
      {`← ${t('partners.backToDashboard')}`}
    </Anchor>
  );
  if (flow.isError || !Number.isInteger(id) || id <= 0)
    return (
      <Stack gap="sm" maw={700}>
        {back}
        <Alert color="red" role="alert" title={t('partners.flowLoadFailed')}>
          {isApiError(flow.error) && flow.error.status === 404
            ? t('partners.flowNotFound')
            : flow.error?.message}
        </Alert>
      </Stack>
    );
  if (!flow.data) return <LoadingBlock when />;
  const f = flow.data;

  return (
    <Stack gap="md" maw={1100}>
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1}>{t('partners.flowTitle', { number: f.number })}</Title>
          <Text>{f.description}</Text>
        </Stack>
        <Group gap="xs">
          <StatusBadge status={f.flow_status as FlowStatus} />
          <Badge variant="outline" color="gray" c="dark">
            {t('partners.readOnly')}
          </Badge>
        </Group>
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <DetailField label={t('partners.relation')}>{f.relation_fullname}</DetailField>
          <DetailField label={t('partners.address')}>{f.address}</DetailField>
          <DetailField label={t('common.createdAt')}>{formatDate(f.created_at)}</DetailField>
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ListCard
          title={t('partners.documents')}
          emptyText={f.documents.length === 0 && t('partners.noDocuments')}
        >
          <PartnerDocumentRows documents={f.documents} />
        </ListCard>
        <ListCard title={t('partners.tasks')} emptyText={f.tasks.length === 0 && t('partners.noTasks')}>
          <PartnerTaskRows tasks={f.tasks} />
        </ListCard>
      </SimpleGrid>
    </Stack>
  );
}
