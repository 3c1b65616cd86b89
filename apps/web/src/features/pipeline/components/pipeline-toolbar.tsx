import { PIPELINE_LIMIT_OPTIONS } from '@im/domain';
import { Badge, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../ui/responsive';
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

/**
 * Filters (user, lead source, tag), the per-column limit and the sort of the board. On a phone they
 * fold into one 'Filters' button (with the number of active filters) that opens them in a sheet.
 */
export function PipelineToolbar({ preferences, onChange }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [opened, { open, close }] = useDisclosure(false);
  if (!isPhone) return <PipelineFilters preferences={preferences} onChange={onChange} />;
  const active = [preferences.userId, preferences.leadSource, preferences.tag].filter(Boolean).length;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={active > 0 ? <Badge size="sm">{active}</Badge> : null}
        onClick={open}
      >
        {t('ui.tableFilters')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('ui.tableFilters')}>
        <Stack>
          <PipelineFilters preferences={preferences} onChange={onChange} fullWidth />
          <Button onClick={close}>{t('common.close')}</Button>
        </Stack>
      </Modal>
    </>
  );
}

function PipelineFilters({ preferences, onChange, fullWidth = false }: Props & { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const settings = useFlowSettings().data;
  const set = <K extends keyof PipelinePreferences>(key: K, value: PipelinePreferences[K]) =>
    onChange({ ...preferences, [key]: value });

  return (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      style={fullWidth ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
    >
      <Select
        label={t('pipeline.filters.user')}
        data={(settings?.users ?? []).map((user) => ({ value: String(user.id), label: user.fullname }))}
        value={preferences.userId}
        onChange={(value) => set('userId', value)}
        clearable
        searchable
        w={fullWidth ? '100%' : 200}
      />
      <Select
        label={t('pipeline.filters.leadSource')}
        data={settings?.lead_sources ?? []}
        value={preferences.leadSource}
        onChange={(value) => set('leadSource', value)}
        clearable
        w={fullWidth ? '100%' : 190}
      />
      <Select
        label={t('pipeline.filters.tag')}
        data={settings?.flow_tags ?? []}
        value={preferences.tag}
        onChange={(value) => set('tag', value)}
        clearable
        w={fullWidth ? '100%' : 160}
      />
      <Select
        label={t('pipeline.limit')}
        data={PIPELINE_LIMIT_OPTIONS.map((limit) => ({ value: String(limit), label: NUMBER.format(limit) }))}
        value={String(preferences.limit)}
        onChange={(value) => value && set('limit', Number(value) as PipelineLimit)}
        allowDeselect={false}
        w={fullWidth ? '100%' : 130}
      />
      <Select
        label={t('pipeline.sort')}
        data={PIPELINE_SORTS.map((sort) => ({ value: sort, label: t(`pipeline.sorts.${sort}`) }))}
        value={preferences.sort}
        onChange={(value) => value && set('sort', value as PipelineSort)}
        allowDeselect={false}
        w={fullWidth ? '100%' : 260}
      />
    </Group>
  );
}
