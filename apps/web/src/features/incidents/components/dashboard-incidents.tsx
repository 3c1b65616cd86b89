import {
  DASHBOARD_LIST_STEP,
  DEFAULT_DASHBOARD_INCIDENT_FILTER,
  INCIDENT_STATUS_LABELS,
  MAX_PAGE_SIZE,
} from '@im/domain';
import { Alert, Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { GrowButtons, WidgetCard } from '../../../ui/widget-card';
import { useDashboardIncidents } from '../queries';
import { IncidentStatusBadge } from './incident-parts';

const FILTERS = ['open', 'ongoing'] as const;

/** The dashboard's incidents: open ones by default (spec 001 section 9), in the role's scope. */
export function DashboardIncidents() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>(DEFAULT_DASHBOARD_INCIDENT_FILTER);
  const [limit, setLimit] = useState(DASHBOARD_LIST_STEP);
  const incidents = useDashboardIncidents(status, limit);
  const rows = incidents.data?.data ?? [];
  return (
    <WidgetCard
      title={t('dashboard.widgets.incidentsTitle')}
      count={incidents.data?.pagination.total}
      link={{ to: '/incident_overview', label: t('dashboard.widgets.toIncidents') }}
      testId="dashboard-incidents"
    >
      <SegmentedControl
        fullWidth
        mb="sm"
        value={status}
        onChange={(value) => {
          setStatus(value as (typeof FILTERS)[number]);
          setLimit(DASHBOARD_LIST_STEP);
        }}
        data={FILTERS.map((f) => ({ value: f, label: INCIDENT_STATUS_LABELS[f] }))}
      />
      {incidents.isError && <Alert color="red">{t('incidents.loadFailed')}</Alert>}
      {incidents.data && rows.length === 0 && <Text c="dimmed">{t('incidents.empty')}</Text>}
      <Stack gap="sm">
        {rows.map((incident) => (
          <Stack key={incident.id} gap={2}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={`/flow_detail/${incident.flow_id}`}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {t('dashboard.widgets.flowLine', {
                  number: incident.flow_number,
                  name: incident.relation_fullname ?? '',
                })}
              </Anchor>
              <IncidentStatusBadge status={incident.status} />
            </Group>
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(incident.created_at)}
              {incident.incident_type && ` · ${incident.incident_type.name}`} · {incident.content}
            </Text>
          </Stack>
        ))}
      </Stack>
      <GrowButtons
        shown={rows.length}
        limit={limit}
        all={MAX_PAGE_SIZE}
        onMore={() => setLimit((l) => l + DASHBOARD_LIST_STEP)}
        onAll={() => setLimit(MAX_PAGE_SIZE)}
      />
    </WidgetCard>
  );
}
