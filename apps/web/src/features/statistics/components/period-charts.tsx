import { FLOW_STAGE_LABELS, type LeadStatistics, percentage } from '@im/domain';
import { BarChart, FunnelChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../ui/format';
import { ChartCard, SERIES_COLORS } from './chart-card';

/** What the weekly and the monthly answers share (zPeriodStatistics). */
export type PeriodStats = Pick<
  LeadStatistics,
  | 'values'
  | 'totals'
  | 'quotations_reached'
  | 'orders_reached'
  | 'stages'
  | 'turnover'
  | 'quotations_sent'
  | 'quotations_approved'
  | 'acceptance_rate'
>;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const percent = (v: number | null) => (v === null ? '–' : `${formatNumber(v)} %`);

function best(labels: string[], series: number[]) {
  let i = 0;
  series.forEach((v, k) => {
    if (v > (series[i] ?? 0)) i = k;
  });
  return { label: labels[i] ?? '', value: series[i] ?? 0 };
}

/** The five charts of a window: leads by source, conversion, turnover, time per stage, acceptance. */
export function PeriodCharts({
  labels,
  stats,
  grain,
}: {
  labels: string[];
  stats: PeriodStats;
  grain: 'week' | 'month';
}) {
  const { t } = useTranslation();
  const periodTitle = grain === 'week' ? t('statistics.week') : t('statistics.month');
  const sources = stats.values.map((v) => v.lead_source);
  const total = sum(stats.totals);
  const top = best(labels, stats.totals);
  const topSource = [...stats.values].sort((a, b) => sum(b.counts) - sum(a.counts))[0];
  const leadsData = labels.map((label, i) => ({
    period: label,
    ...Object.fromEntries(stats.values.map((v) => [v.lead_source, v.counts[i] ?? 0])),
  }));
  const stage = (name: string) => stats.stages.find((s) => s.stage === name);
  const quotation = stage('quotation');
  const order = stage('confirmation');
  const turnoverTop = best(labels, stats.turnover);
  const days = (v: number | null | undefined) => (v === null || v === undefined ? '–' : formatNumber(v));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        testId="chart-leads"
        title={grain === 'week' ? t('statistics.charts.leadsPerWeek') : t('statistics.charts.leadsPerMonth')}
        summary={
          total === 0
            ? t('statistics.summary.leadsEmpty')
            : t('statistics.summary.leads', {
                total,
                periods: labels.length,
                best: top.label,
                bestCount: top.value,
                source: topSource?.lead_source ?? '',
                sourceCount: topSource ? sum(topSource.counts) : 0,
              })
        }
        chart={
          <BarChart
            h={260}
            data={leadsData}
            dataKey="period"
            type="stacked"
            withLegend={sources.length > 0}
            legendProps={{ verticalAlign: 'bottom' }}
            series={sources.map((name, i) => ({ name, color: SERIES_COLORS[i % SERIES_COLORS.length]! }))}
            tickLine="y"
          />
        }
        table={{
          columns: [periodTitle, ...sources, t('statistics.total')],
          rows: labels.map((label, i) => [
            label,
            ...stats.values.map((v) => v.counts[i] ?? 0),
            stats.totals[i] ?? 0,
          ]),
        }}
      />
      <ChartCard
        testId="chart-conversion"
        title={t('statistics.charts.conversion')}
        summary={t('statistics.summary.conversion', {
          leads: total,
          quotations: quotation?.reached ?? 0,
          quotationShare: percent(quotation?.percentage ?? null),
          orders: order?.reached ?? 0,
          orderShare: percent(order?.percentage ?? null),
        })}
        chart={
          <FunnelChart
            size={220}
            withLabels
            labelsPosition="right"
            data={[
              { name: FLOW_STAGE_LABELS.new, value: total, color: 'blue.6' },
              { name: FLOW_STAGE_LABELS.quotation, value: quotation?.reached ?? 0, color: 'teal.6' },
              { name: FLOW_STAGE_LABELS.confirmation, value: order?.reached ?? 0, color: 'green.7' },
            ]}
          />
        }
        table={{
          columns: [t('statistics.stage'), t('statistics.reached'), t('statistics.share')],
          rows: [
            [FLOW_STAGE_LABELS.new, total, total > 0 ? '100 %' : '–'],
            ...stats.stages.map((s) => [FLOW_STAGE_LABELS[s.stage], s.reached, percent(s.percentage)]),
          ],
        }}
      />
      <ChartCard
        testId="chart-turnover"
        title={
          grain === 'week' ? t('statistics.charts.turnoverPerWeek') : t('statistics.charts.turnoverPerMonth')
        }
        summary={t('statistics.summary.turnover', {
          total: formatMoney(sum(stats.turnover)),
          best: formatMoney(turnoverTop.value),
          bestPeriod: turnoverTop.label,
        })}
        chart={
          <BarChart
            h={240}
            data={labels.map((period, i) => ({ period, [t('statistics.turnover')]: stats.turnover[i] ?? 0 }))}
            dataKey="period"
            series={[{ name: t('statistics.turnover'), color: 'green.7' }]}
            valueFormatter={(v) => formatMoney(v)}
            yAxisProps={{ width: 90 }}
            tickLine="y"
          />
        }
        table={{
          columns: [periodTitle, t('statistics.turnover')],
          rows: labels.map((label, i) => [label, formatMoney(stats.turnover[i] ?? 0)]),
        }}
      />
      <ChartCard
        testId="chart-stage-time"
        title={t('statistics.charts.stageTime')}
        summary={t('statistics.summary.stageTime', {
          quotationDays: days(quotation?.average_days),
          orderDays: days(order?.average_days),
        })}
        chart={
          <BarChart
            h={240}
            data={stats.stages.map((s) => ({
              stage: FLOW_STAGE_LABELS[s.stage],
              [t('statistics.averageDays')]: s.average_days ?? 0,
            }))}
            dataKey="stage"
            series={[{ name: t('statistics.averageDays'), color: 'orange.6' }]}
            valueFormatter={(v) => formatNumber(v)}
            tickLine="y"
          />
        }
        table={{
          columns: [t('statistics.stage'), t('statistics.reached'), t('statistics.averageDays')],
          rows: stats.stages.map((s) => [FLOW_STAGE_LABELS[s.stage], s.reached, days(s.average_days)]),
        }}
      />
      <ChartCard
        testId="chart-acceptance"
        title={t('statistics.charts.acceptance')}
        summary={t('statistics.summary.acceptance', {
          sent: sum(stats.quotations_sent),
          approved: sum(stats.quotations_approved),
          rate: percent(stats.acceptance_rate),
        })}
        chart={
          <BarChart
            h={240}
            data={labels.map((period, i) => ({
              period,
              [t('statistics.sent')]: stats.quotations_sent[i] ?? 0,
              [t('statistics.approved')]: stats.quotations_approved[i] ?? 0,
            }))}
            dataKey="period"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: t('statistics.sent'), color: 'blue.4' },
              { name: t('statistics.approved'), color: 'teal.7' },
            ]}
            tickLine="y"
          />
        }
        table={{
          columns: [periodTitle, t('statistics.sent'), t('statistics.approved'), t('statistics.rate')],
          rows: labels.map((label, i) => {
            const sent = stats.quotations_sent[i] ?? 0;
            const approved = stats.quotations_approved[i] ?? 0;
            return [label, sent, approved, percent(percentage(approved, sent))];
          }),
        }}
      />
    </SimpleGrid>
  );
}
