import {
  DASHBOARD_LIST_STEP,
  DEFAULT_DASHBOARD_INCIDENT_FILTER,
  INCIDENT_STATUS_LABELS,
  MAX_PAGE_SIZE,
} from '@im/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { FilterChips, GrowButtons, WidgetCard, WidgetRow } from '../../../ui/widget-card';
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
      <FilterChips
        label={t('dashboard.widgets.incidentsTitle')}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setLimit(DASHBOARD_LIST_STEP);
        }}
        options={FILTERS.map((f) => ({ value: f, label: INCIDENT_STATUS_LABELS[f] }))}
      />
      {incidents.isError && <Alert color="red">{t('incidents.loadFailed')}</Alert>}
      {incidents.data && rows.length === 0 && <Text c="dimmed">{t('incidents.empty')}</Text>}
      <Stack gap="sm">
        {rows.map((incident) => (
          <WidgetRow
            key={incident.id}
            to={`/flow_detail/${incident.flow_id}`}
            title={t('dashboard.widgets.flowLine', {
              number: incident.flow_number,
              name: incident.relation_fullname ?? '',
            })}
            badge={<IncidentStatusBadge status={incident.status} />}
            meta={[formatDateTime(incident.created_at), incident.incident_type?.name, incident.content]
              .filter(Boolean)
              .join(' · ')}
          />
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
