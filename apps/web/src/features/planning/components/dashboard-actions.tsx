import { type Action, type DashboardActionFilter, DEFAULT_DASHBOARD_ACTION_FILTER } from '@im/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionModal } from '../modals/action.modal';
import { useDashboardActions } from '../queries';
import { ActionRow } from './actions-card';

/** Spec 001 section 9: lists grow by 5 at a time, or show all (99999). */
const STEP = 5;
const ALL = 99_999;

function Count({ label, value, color }: { label: string; value: number | undefined; color?: string }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" c={value ? color : undefined}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

/** The dashboard's actions of the user and the general ones: counts, a filter and the list. */
export function DashboardActions() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DashboardActionFilter>(DEFAULT_DASHBOARD_ACTION_FILTER);
  const [limit, setLimit] = useState(STEP);
  const actions = useDashboardActions(filter, limit);
  const [editing, setEditing] = useState<Action | null | undefined>(undefined);
  const data = actions.data;
  const shown = data?.assignedactions.length ?? 0;
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('planning.dashboard.actionsTitle')}
        </Title>
        <Anchor component={Link} to="/action_overview" size="sm">
          {t('planning.dashboard.toOverview')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="sm">
        <Count label={t('planning.dashboard.total')} value={data?.totalCount} />
        <Count label={t('planning.dashboard.top')} value={data?.topCount} color="red.8" />
        <Count label={t('planning.dashboard.high')} value={data?.highCount} color="orange.9" />
        <Count label={t('common.overdue')} value={data?.overdueCount} color="red.9" />
      </SimpleGrid>
      <SegmentedControl
        fullWidth
        mb="sm"
        value={filter}
        onChange={(value) => {
          setFilter(value as DashboardActionFilter);
          setLimit(STEP);
        }}
        data={[
          { value: 'tophigh', label: t('planning.dashboard.filterTophigh') },
          { value: 'overdue', label: t('common.overdue') },
          { value: 'all', label: t('common.all') },
        ]}
      />
      {actions.isError && <Alert color="red">{t('planning.actions.loadFailed')}</Alert>}
      {data && shown === 0 && <Text c="dimmed">{t('planning.dashboard.none')}</Text>}
      <Stack gap="sm">
        {data?.assignedactions.map((action) => (
          <ActionRow key={action.id} action={action} onEdit={setEditing} />
        ))}
      </Stack>
      {shown >= limit && limit < ALL && (
        <Group gap="xs" mt="sm">
          <Button size="xs" variant="light" onClick={() => setLimit((l) => l + STEP)}>
            {t('common.showMore')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setLimit(ALL)}>
            {t('common.showAll')}
          </Button>
        </Group>
      )}
      <ActionModal opened={editing !== undefined} onClose={() => setEditing(undefined)} action={editing} />
    </Card>
  );
}
