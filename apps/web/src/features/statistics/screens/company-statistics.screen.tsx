import '@mantine/charts/styles.css';
import { COMPANY_STATISTICS_DEFAULT_MONTHS, COMPANY_STATISTICS_MAX_MONTHS } from '@im/domain';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../ui/loading-block';
import { ChartCard } from '../components/chart-card';
import { ExportMenu } from '../components/export-menu';
import { PeriodCharts } from '../components/period-charts';
import { monthLabel } from '../components/period-labels';
import { PeriodSelect } from '../components/period-select';
import { type FilterValues, StatisticsFilters } from '../components/statistics-filters';
import { StatisticsHeader } from '../components/statistics-header';
import { useCompanyStatistics } from '../queries';

const MONTH_CHOICES = [3, 6, 12, COMPANY_STATISTICS_DEFAULT_MONTHS, 24, 36, COMPANY_STATISTICS_MAX_MONTHS];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** /account/company_statistics: the last 13 months (spec 000 section 9) per source, handler and profile. */
export function CompanyStatisticsScreen() {
  const { t } = useTranslation();
  const [months, setMonths] = useState(COMPANY_STATISTICS_DEFAULT_MONTHS);
  const [filters, setFilters] = useState<FilterValues>({});
  const stats = useCompanyStatistics({ months, ...filters });
  const data = stats.data;
  const labels = data?.months.map(monthLabel) ?? [];
  const users = [...(data?.users ?? [])].sort((a, b) => sum(b.counts) - sum(a.counts));
  return (
    <Stack gap="md">
      <StatisticsHeader
        title={t('statistics.companyTitle')}
        actions={<ExportMenu dateFrom={data ? `${data.months[0]}-01` : undefined} />}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodSelect
          label={t('statistics.filters.months')}
          choices={MONTH_CHOICES}
          choiceLabel={(count) => t('statistics.monthsCount', { count })}
          value={months}
          onChange={setMonths}
        />
        <StatisticsFilters value={filters} onChange={setFilters} extraSources={data?.lead_sources} />
      </Group>
      {stats.isError && <Alert color="red">{stats.error.message}</Alert>}
      <LoadingBlock when={stats.isPending} h={400} />
      {data && (
        <>
          <PeriodCharts labels={labels} stats={data} grain="month" />
          <ChartCard
            testId="chart-users"
            title={t('statistics.charts.byUser')}
            summary={
              users[0]
                ? t('statistics.summary.byUser', { name: users[0].username, count: sum(users[0].counts) })
                : t('statistics.summary.leadsEmpty')
            }
            chart={
              <BarChart
                h={Math.max(120, users.length * 36 + 40)}
                orientation="vertical"
                data={users.map((u) => ({ name: u.username, [t('statistics.leads')]: sum(u.counts) }))}
                dataKey="name"
                series={[{ name: t('statistics.leads'), color: 'indigo.6' }]}
                yAxisProps={{ width: 130 }}
                gridAxis="x"
              />
            }
            table={{
              columns: [t('statistics.filters.user'), ...labels, t('statistics.total')],
              rows: users.map((u) => [u.username, ...u.counts, sum(u.counts)]),
            }}
          />
        </>
      )}
    </Stack>
  );
}
