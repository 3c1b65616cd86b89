import { PIPELINE_LIMIT_OPTIONS } from '@im/domain';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../flows';
import {
  PIPELINE_SORTS,
  type PipelineLimit,
  type PipelinePreferences,
  type PipelineSort,
} from '../preferences';

const NUMBER = new Intl.NumberFormat('nl-NL');

interface Props {
  preferences: PipelinePreferences;
  onChange: (next: PipelinePreferences) => void;
}

/** Filters (user, lead source, tag), the per-column limit and the sort of the board. */
export function PipelineToolbar({ preferences, onChange }: Props) {
  const { t } = useTranslation();
  const settings = useFlowSettings().data;
  const set = <K extends keyof PipelinePreferences>(key: K, value: PipelinePreferences[K]) =>
    onChange({ ...preferences, [key]: value });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('pipeline.filters.user')}
        data={(settings?.users ?? []).map((user) => ({ value: String(user.id), label: user.fullname }))}
        value={preferences.userId}
        onChange={(value) => set('userId', value)}
        clearable
        searchable
        w={200}
      />
      <Select
        label={t('pipeline.filters.leadSource')}
        data={settings?.lead_sources ?? []}
        value={preferences.leadSource}
        onChange={(value) => set('leadSource', value)}
        clearable
        w={190}
      />
      <Select
        label={t('pipeline.filters.tag')}
        data={settings?.flow_tags ?? []}
        value={preferences.tag}
        onChange={(value) => set('tag', value)}
        clearable
        w={160}
      />
      <Select
        label={t('pipeline.limit')}
        data={PIPELINE_LIMIT_OPTIONS.map((limit) => ({ value: String(limit), label: NUMBER.format(limit) }))}
        value={String(preferences.limit)}
        onChange={(value) => value && set('limit', Number(value) as PipelineLimit)}
        allowDeselect={false}
        w={130}
      />
      <Select
        label={t('pipeline.sort')}
        data={PIPELINE_SORTS.map((sort) => ({ value: sort, label: t(`pipeline.sorts.${sort}`) }))}
        value={preferences.sort}
        onChange={(value) => value && set('sort', value as PipelineSort)}
        allowDeselect={false}
        w={260}
      />
    </Group>
  );
}
