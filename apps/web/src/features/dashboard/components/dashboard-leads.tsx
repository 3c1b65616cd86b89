import {
  DASHBOARD_LEAD_FILTER_LABELS,
  DASHBOARD_LEAD_FILTERS,
  DASHBOARD_LIST_ALL,
  DASHBOARD_LIST_STEP,
  type DashboardLeadFilter,
  DEFAULT_DASHBOARD_LEAD_FILTER,
  FLOW_STATUS_LABELS,
} from '@im/domain';
import { Alert, Badge, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';
import { formatDate } from '../../../ui/format';
import { FilterChips, GrowButtons, WidgetCard, WidgetRow } from '../../../ui/widget-card';
import { useDashboardLeads } from '../queries';

/** The user's open dossiers before the order: quotation still to send (default), waiting, new, all. */
export function DashboardLeads() {
  const { t } = useTranslation();
  // The company's choice (flow settings, decision 064) until the user picks another filter or grows the list.
  const preset = useFlowSettings().data?.dashboard_leads;
  const [chosenFilter, setFilter] = useState<DashboardLeadFilter | null>(null);
  const [chosenLimit, setLimit] = useState<number | null>(null);
  const filter = chosenFilter ?? preset?.filter ?? DEFAULT_DASHBOARD_LEAD_FILTER;
  const limit = chosenLimit ?? preset?.limit ?? DASHBOARD_LIST_STEP;
  const leads = useDashboardLeads(filter, limit);
  const data = leads.data;
  return (
    <WidgetCard
      title={t('dashboard.widgets.leadsTitle')}
      count={data?.counts[filter]}
      link={{ to: '/flow_overview', label: t('dashboard.widgets.toFlows') }}
      testId="dashboard-leads"
    >
      <FilterChips
        label={t('dashboard.widgets.leadsFilter')}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setLimit(DASHBOARD_LIST_STEP);
        }}
        options={DASHBOARD_LEAD_FILTERS.map((f) => ({
          value: f,
          label: DASHBOARD_LEAD_FILTER_LABELS[f],
          count: data?.counts[f],
        }))}
      />
      {leads.isError && <Alert color="red">{t('dashboard.widgets.loadFailed')}</Alert>}
      {data && data.flows.length === 0 && <Text c="dimmed">{t('dashboard.widgets.noLeads')}</Text>}
      <Stack gap="sm">
        {data?.flows.map((flow) => (
          <WidgetRow
            key={flow.id}
            to={`/flow_detail/${flow.id}`}
            title={t('dashboard.widgets.flowLine', { number: flow.number, name: flow.relation_fullname })}
            badge={
              <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                {FLOW_STATUS_LABELS[flow.flow_status]}
              </Badge>
            }
            meta={[
              flow.description,
              flow.date_lead && t('dashboard.widgets.leadDate', { date: formatDate(flow.date_lead) }),
              flow.quotation_sent_at &&
                t('dashboard.widgets.quotationSent', { date: formatDate(flow.quotation_sent_at) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </Stack>
      <GrowButtons
        shown={data?.flows.length ?? 0}
        limit={limit}
        all={DASHBOARD_LIST_ALL}
        onMore={() => setLimit(limit + DASHBOARD_LIST_STEP)}
        onAll={() => setLimit(DASHBOARD_LIST_ALL)}
      />
    </WidgetCard>
  );
}
