import '@mantine/charts/styles.css';
import { FLOW_STATUS_LABELS } from '@im/domain';
import { BarChart } from '@mantine/charts';
import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatTime } from '../../../ui/format';
import { LoadingBlock } from '../../../ui/loading-block';
import { ChartCard } from '../components/chart-card';
import { StatisticsHeader } from '../components/statistics-header';
import { REALTIME_REFRESH_MS, useLeadStatistics } from '../queries';

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

/** /account/company_realtime_statistics: this week against last, money so far, the flows per status now. */
export function RealtimeStatisticsScreen() {
  const { t } = useTranslation();
  const stats = useLeadStatistics({ weeks: 2 }, { refetchInterval: REALTIME_REFRESH_MS });
  const data = stats.data;
  const statuses = (data?.flows_by_status ?? []).map((s) => ({
    ...s,
    label: FLOW_STATUS_LABELS[s.flow_status],
  }));
  const totalFlows = statuses.reduce((a, s) => a + s.count, 0);
  const top = [...statuses].sort((a, b) => b.count - a.count)[0];
  return (
    <Stack gap="md">
      <StatisticsHeader title={t('statistics.realtimeTitle')} />
      {stats.isError && <Alert color="red">{stats.error.message}</Alert>}
      <LoadingBlock when={stats.isPending} h={300} />
      {data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('statistics.refreshed', { time: formatTime(new Date(stats.dataUpdatedAt).toISOString()) })}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Kpi label={t('statistics.kpi.leadsThisWeek')} value={formatNumber(data.totals[1] ?? 0)} />
            <Kpi label={t('statistics.kpi.leadsLastWeek')} value={formatNumber(data.totals[0] ?? 0)} />
            <Kpi label={t('statistics.kpi.revenueMonth')} value={formatMoney(data.revenue_month)} />
            <Kpi label={t('statistics.kpi.revenueYear')} value={formatMoney(data.revenue_year)} />
            <Kpi
              label={t('statistics.kpi.acceptance')}
              value={
                data.acceptance_rate === null
                  ? t('statistics.none')
                  : `${formatNumber(data.acceptance_rate)} %`
              }
            />
          </SimpleGrid>
          <ChartCard
            testId="chart-status"
            title={t('statistics.charts.byStatus')}
            summary={t('statistics.summary.byStatus', {
              total: totalFlows,
              status: top?.label ?? '',
              count: top?.count ?? 0,
            })}
            chart={
              <BarChart
                h={260}
                data={statuses.map((s) => ({ status: s.label, [t('statistics.leads')]: s.count }))}
                dataKey="status"
                series={[{ name: t('statistics.leads'), color: 'blue.6' }]}
                tickLine="y"
              />
            }
            table={{
              columns: [t('statistics.stage'), t('statistics.total')],
              rows: statuses.map((s) => [s.label, s.count]),
            }}
          />
        </>
      )}
    </Stack>
  );
}
