import {
  DASHBOARD_LEAD_FILTER_LABELS,
  DASHBOARD_LEAD_FILTERS,
  DASHBOARD_LIST_STEP,
  type DashboardLeadFilter,
  DEFAULT_DASHBOARD_LEAD_FILTER,
  type FlowSettingsLists,
  type ProductPage,
} from '@im/domain';
import { Card, Group, MultiSelect, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { useSaveCompanySettings } from '../queries';

const KPIS = [
  ['kpi_products', 'settings.kpi.kpi1'],
  ['kpi_products2', 'settings.kpi.kpi2'],
  ['kpi_products3', 'settings.kpi.kpi3'],
] as const;
type KpiKey = (typeof KPIS)[number][0];

/** The company's products to choose from (the first 500 by name; the KPI lists are short). */
function useProductChoices() {
  return useQuery({
    queryKey: ['product', 'choices'],
    queryFn: ({ signal }) =>
      api.get<ProductPage>('/api/product', { query: { limit: 500, sort: 'item_name' }, signal }),
    staleTime: 60_000,
  });
}

/** Flow settings: the KPI products (kpi_products 1-3) and what the dashboard's leads box opens on. */
export function KpiDashboardCard({ settings, canSave }: { settings: FlowSettingsLists; canSave: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCompanySettings(settings.id);
  const products = useProductChoices();
  const [kpis, setKpis] = useState<Record<KpiKey, string[]>>({
    kpi_products: settings.kpi_products.map(String),
    kpi_products2: settings.kpi_products2.map(String),
    kpi_products3: settings.kpi_products3.map(String),
  });
  const [filter, setFilter] = useState<DashboardLeadFilter>(
    settings.dashboard_leads?.filter ?? DEFAULT_DASHBOARD_LEAD_FILTER,
  );
  const [limit, setLimit] = useState<number | string>(settings.dashboard_leads?.limit ?? DASHBOARD_LIST_STEP);
  const [error, setError] = useState<string | null>(null);
  const options = (products.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.item_name }));
  // A chosen product outside the first 500 still shows by its number.
  for (const ids of Object.values(kpis))
    for (const id of ids)
      if (!options.some((o) => o.value === id)) options.push({ value: id, label: `#${id}` });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      {
        kpi_products: kpis.kpi_products.map(Number),
        kpi_products2: kpis.kpi_products2.map(Number),
        kpi_products3: kpis.kpi_products3.map(Number),
        dashboard_leads: { filter, limit: Number(limit) },
      },
      { onSuccess: () => toast.success(t('common.saved')), onError: (e) => setError(e.message) },
    );
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kpi-title">
      <form noValidate onSubmit={submit}>
        <FormError message={error} title={t('common.saveFailed')} />
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="kpi-title">
              {t('settings.kpi.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.kpi.intro')}
            </Text>
          </div>
          {KPIS.map(([key, label]) => (
            <MultiSelect
              key={key}
              label={t(label)}
              placeholder={t('settings.kpi.placeholder')}
              data={options}
              value={kpis[key]}
              onChange={(next) => setKpis((current) => ({ ...current, [key]: next }))}
              searchable
              readOnly={!canSave}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
          <div>
            <Title order={2} size="h4" mt="sm">
              {t('settings.dashboardLeads.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.dashboardLeads.intro')}
            </Text>
          </div>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('settings.dashboardLeads.filter')}
              data={DASHBOARD_LEAD_FILTERS.map((f) => ({ value: f, label: DASHBOARD_LEAD_FILTER_LABELS[f] }))}
              value={filter}
              onChange={(v) => v && setFilter(v as DashboardLeadFilter)}
              allowDeselect={false}
              readOnly={!canSave}
              miw={180}
            />
            <NumberInput
              label={t('settings.dashboardLeads.limit')}
              min={1}
              max={25}
              value={limit}
              onChange={setLimit}
              readOnly={!canSave}
              miw={140}
            />
          </Group>
          {canSave && <FormActions isPending={save.isPending} />}
        </Stack>
      </form>
    </Card>
  );
}
