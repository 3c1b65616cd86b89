import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';

export interface FilterValues {
  username?: number;
  flowprofile?: number;
  lead_source?: string;
}

/** Handler, request profile and lead source (spec 000 section 7: the filters of the statistics reads). */
export function StatisticsFilters({
  value,
  onChange,
  extraSources = [],
}: {
  value: FilterValues;
  onChange: (next: FilterValues) => void;
  extraSources?: string[];
}) {
  const { t } = useTranslation();
  const settings = useFlowSettings();
  const users = (settings.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.fullname }));
  const profiles = (settings.data?.flowprofiles ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const sources = [...new Set([...(settings.data?.lead_sources ?? []), ...extraSources])].map((s) => ({
    value: s,
    label: s,
  }));
  const number = (v: string | null) => (v ? Number(v) : undefined);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('statistics.filters.user')}
        placeholder={t('statistics.filters.all')}
        data={users}
        value={value.username ? String(value.username) : null}
        onChange={(v) => onChange({ ...value, username: number(v) })}
        clearable
        searchable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('statistics.filters.flowprofile')}
        placeholder={t('statistics.filters.all')}
        data={profiles}
        value={value.flowprofile ? String(value.flowprofile) : null}
        onChange={(v) => onChange({ ...value, flowprofile: number(v) })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('statistics.filters.leadSource')}
        placeholder={t('statistics.filters.all')}
        data={sources}
        value={value.lead_source ?? null}
        onChange={(v) => onChange({ ...value, lead_source: v ?? undefined })}
        clearable
        searchable
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
}
