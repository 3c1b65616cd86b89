import { FLOW_STATUS_LABELS, FLOW_STATUSES, type FlowStatus } from '@im/domain';
import { Alert, Badge, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../ui/list-card';
import { LoadingBlock } from '../../../ui/loading-block';
import { OwnProjects } from '../../partnerprojects';
import { PartnerDocumentRows } from '../components/partner-documents';
import { PartnerFlowList } from '../components/partner-flow-list';
import { PartnerTaskRows } from '../components/partner-tasks';
import { usePartnerDashboard } from '../queries';

/**
 * /dashboard_partner (PARTNER): where a partner user lands. Their partner's flows by status, open
 * quotations and invoices, open tasks, and every flow (read-only, 25 at a time).
 */
export function DashboardPartnerScreen() {
  const { t } = useTranslation();
  const dashboard = usePartnerDashboard();
  if (dashboard.isError)
    return (
      <Alert color="red" role="alert" title={t('partners.flowLoadFailed')} maw={700}>
        {dashboard.error.message}
      </Alert>
    );
  if (!dashboard.data) return <LoadingBlock when />;
  const d = dashboard.data;
  const counts = [...d.flows_by_status].sort(
    (a, b) => FLOW_STATUSES.indexOf(a.status as FlowStatus) - FLOW_STATUSES.indexOf(b.status as FlowStatus),
  );

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1}>{t('partners.dashboardTitle', { partner: d.partner.name })}</Title>
      {counts.length > 0 && (
        <Group gap="xs" aria-label={t('partners.flowsByStatus')}>
          {counts.map((c) => (
            <Badge key={c.status} size="lg" variant="light" c="blue.9">
              {`${FLOW_STATUS_LABELS[c.status as FlowStatus] ?? c.status}: ${c.count}`}
            </Badge>
          ))}
        </Group>
      )}
      <OwnProjects />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PartnerFlowList
          partnerId={null}
          title={t('partners.myFlows')}
          emptyText={t('partners.noPartnerFlows')}
        />
        <Stack gap="md">
          <ListCard
            title={t('partners.openQuotations')}
            emptyText={d.open_quotations.length === 0 && t('partners.noOpenQuotations')}
          >
            <PartnerDocumentRows documents={d.open_quotations} withFlow />
          </ListCard>
          <ListCard
            title={t('partners.openInvoices')}
            emptyText={d.open_invoices.length === 0 && t('partners.noOpenInvoices')}
          >
            <PartnerDocumentRows documents={d.open_invoices} withFlow />
          </ListCard>
          <ListCard title={t('partners.tasks')} emptyText={d.tasks.length === 0 && t('partners.noTasks')}>
            <PartnerTaskRows tasks={d.tasks} withFlow />
          </ListCard>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
