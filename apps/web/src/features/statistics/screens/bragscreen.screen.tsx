import '@mantine/charts/styles.css';
import type { ImStatistics } from '@im/domain';
import { AreaChart } from '@mantine/charts';
import { Alert, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatTime } from '../../../ui/format';
import { LoadingBlock } from '../../../ui/loading-block';
import { monthLabel } from '../components/period-labels';
import { useImStatistics } from '../queries';

const SERIES = [
  ['companydata', 'blue.5', false],
  ['userdata', 'teal.5', false],
  ['mrrdata', 'grape.5', false],
  ['flowdata', 'orange.5', false],
  ['turnoverdata', 'green.5', true],
  ['invoicedata', 'cyan.5', false],
] as const;

function Tile({
  label,
  points,
  color,
  money,
}: {
  label: string;
  points: ImStatistics['companydata'];
  color: string;
  money: boolean;
}) {
  const { t } = useTranslation();
  const format = (v: number) => (money ? formatMoney(v) : formatNumber(v));
  const now = points.at(-1)?.value ?? 0;
  const past = points[0]?.value ?? 0;
  return (
    <Card padding="lg" radius="md" bg="dark.6" c="gray.0" component="section" aria-label={label}>
      <Text fz={26} fw={500} c="gray.3">
        {label}
      </Text>
      <Text fz={64} fw={800} lh={1.1} data-testid={`brag-${label}`}>
        {format(now)}
      </Text>
      <Box
        role="img"
        aria-label={t('statistics.brag.summary', { label, value: format(now), past: format(past) })}
      >
        <AreaChart
          h={270}
          data={points.map((p) => ({ month: monthLabel(p.period), [label]: p.value }))}
          dataKey="month"
          series={[{ name: label, color }]}
          curveType="monotone"
          withDots={false}
          gridAxis="none"
          tickLine="none"
          withYAxis={false}
          withTooltip={false}
          xAxisProps={{
            interval: 5,
            padding: { left: 36, right: 36 },
            tick: { fontSize: 18, fill: '#ced4da' },
          }}
        />
      </Box>
    </Card>
  );
}

/** /bragscreen: the platform in six figures for a wall screen (1920 × 1080), reading again every minute. */
export function BragscreenScreen() {
  const { t } = useTranslation();
  const stats = useImStatistics();
  return (
    <Box bg="dark.8" mih="100vh" p={{ base: 'md', lg: 40 }}>
      <Stack gap="lg">
        <Title order={1} c="gray.0" fz={{ base: 28, lg: 48 }}>
          {t('statistics.brag.title')}
        </Title>
        {stats.isError && <Alert color="red">{stats.error.message}</Alert>}
        <LoadingBlock when={stats.isPending} h={600} />
        {stats.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {SERIES.map(([key, color, money]) => (
                <Tile
                  key={key}
                  label={t(`statistics.brag.${key}`)}
                  points={stats.data[key]}
                  color={color}
                  money={money}
                />
              ))}
            </SimpleGrid>
            <Text c="gray.5" fz={20} aria-live="polite">
              {t('statistics.refreshed', { time: formatTime(new Date(stats.dataUpdatedAt).toISOString()) })}
            </Text>
          </>
        )}
      </Stack>
    </Box>
  );
}
