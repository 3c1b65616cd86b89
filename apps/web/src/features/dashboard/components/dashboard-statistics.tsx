import type { Dashboard, DashboardStatistic } from '@im/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../ui/format';
import { WidgetCard } from '../../../ui/widget-card';
import { StatboxesModal } from '../modals/statboxes.modal';
import { useDashboardStatistics } from '../queries';
import { STATBOX_COLORS } from './statbox-theme';

function Statbox({ box }: { box: DashboardStatistic }) {
  const color = STATBOX_COLORS[box.theme];
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      data-testid="statbox"
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
    >
      <Text size="sm" fw={600} mb={4}>
        {box.label}
      </Text>
      <Stack gap={2}>
        {box.values.map((v) => (
          <Group key={v.period} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed">
              {v.label}
            </Text>
            <Text size="sm" fw={700} c={`${color}.9`} style={{ whiteSpace: 'nowrap' }}>
              {box.is_money ? formatMoney(Number(v.value)) : v.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The statistic boxes of the user's dashboard; managers with settings change them in place. */
export function DashboardStatistics({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const stats = useDashboardStatistics(true);
  const [editing, setEditing] = useState(false);
  const boxes = stats.data?.statboxes ?? [];
  return (
    <WidgetCard title={t('dashboard.widgets.statisticsTitle')} testId="dashboard-statistics">
      {stats.isError && <Alert color="red">{t('dashboard.widgets.loadFailed')}</Alert>}
      {stats.data && boxes.length === 0 && <Text c="dimmed">{t('dashboard.widgets.noStatboxes')}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
        {boxes.map((box, i) => (
          // Two boxes may show the same statistic with other periods.
          // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no id; their order is their identity.
          <Statbox key={i} box={box} />
        ))}
      </SimpleGrid>
      {dashboard.company_settings_id !== null && (
        <>
          <Button
            mt="sm"
            size="xs"
            variant="subtle"
            leftSection={<IconAdjustments size={16} />}
            onClick={() => setEditing(true)}
          >
            {t('dashboard.statboxes.edit')}
          </Button>
          <StatboxesModal
            opened={editing}
            onClose={() => setEditing(false)}
            settingsId={dashboard.company_settings_id}
            boxes={dashboard.statboxes}
          />
        </>
      )}
    </WidgetCard>
  );
}
