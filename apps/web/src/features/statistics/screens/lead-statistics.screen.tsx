import '@mantine/charts/styles.css';
import { LEAD_STATISTICS_DEFAULT_WEEKS, LEAD_STATISTICS_MAX_WEEKS } from '@im/domain';
import { Alert, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../ui/loading-block';
import { ExportMenu } from '../components/export-menu';
import { PeriodCharts } from '../components/period-charts';
import { weekLabel } from '../components/period-labels';
import { PeriodSelect } from '../components/period-select';
import { type FilterValues, StatisticsFilters } from '../components/statistics-filters';
import { StatisticsHeader } from '../components/statistics-header';
import { useLeadStatistics } from '../queries';

const WEEK_CHOICES = [4, 8, LEAD_STATISTICS_DEFAULT_WEEKS, 26, 52, LEAD_STATISTICS_MAX_WEEKS];

/** /account/company_lead_statistics: leads per week (14 by default, spec 000 section 9), filtered. */
export function LeadStatisticsScreen() {
  const { t } = useTranslation();
  const [weeks, setWeeks] = useState(LEAD_STATISTICS_DEFAULT_WEEKS);
  const [filters, setFilters] = useState<FilterValues>({});
  const stats = useLeadStatistics({ weeks, ...filters });
  const data = stats.data;
  return (
    <Stack gap="md">
      <StatisticsHeader
        title={t('statistics.leadTitle')}
        actions={<ExportMenu dateFrom={data?.weeks[0]} />}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodSelect
          label={t('statistics.filters.weeks')}
          choices={WEEK_CHOICES}
          choiceLabel={(count) => t('statistics.weeksCount', { count })}
          value={weeks}
          onChange={setWeeks}
        />
        <StatisticsFilters value={filters} onChange={setFilters} extraSources={data?.lead_sources} />
      </Group>
      {stats.isError && <Alert color="red">{stats.error.message}</Alert>}
      <LoadingBlock when={stats.isPending} h={400} />
      {data && <PeriodCharts labels={data.weeks.map(weekLabel)} stats={data} grain="week" />}
    </Stack>
  );
}
