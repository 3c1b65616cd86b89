import { DELAY_UNITS, type DelayUnit, LEAD_DATE_LABELS, type LeadDateField } from '@im/domain';
import { Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RuleDraft } from '../rule-draft';

interface Props {
  draft: RuleDraft;
  onChange: (patch: Partial<RuleDraft>) => void;
  /** The lead date of a date trigger ('date_project_start'), null for other triggers. */
  leadDate: string | null;
  errorOf: (key: string) => string | undefined;
}

/**
 * 'Vertraagd uitvoeren' with a number and a unit; for a date trigger also vóór or na the date (a
 * delay before the date is stored negative). 'Vanaf nu rekenen' and its explanation.
 */
export function DelayFields({ draft, onChange, leadDate, errorOf }: Props) {
  const { t } = useTranslation();
  const dateLabel = leadDate ? LEAD_DATE_LABELS[leadDate as LeadDateField] : null;
  return (
    <Stack gap="xs">
      <Switch
        label={t('workflow.delayed')}
        checked={draft.is_delayed}
        onChange={(event) => onChange({ is_delayed: event.currentTarget.checked })}
      />
      {draft.is_delayed && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('workflow.delayAmount')}
            value={draft.delay_amount}
            onChange={(value) => onChange({ delay_amount: value })}
            min={0}
            allowNegative={false}
            decimalScale={2}
            decimalSeparator=","
            error={errorOf('delaytime_raw')}
            style={{ flex: '1 1 100px', maxWidth: 160 }}
          />
          <Select
            label={t('common.unit')}
            data={DELAY_UNITS.map((u) => ({ value: u, label: t(`workflow.delayUnits.${u}`) }))}
            value={draft.delaytime_unit}
            onChange={(value) => onChange({ delaytime_unit: (value ?? 'days') as DelayUnit })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 120px', maxWidth: 180 }}
          />
          {dateLabel ? (
            <Group gap="xs" wrap="nowrap" align="center" pb={4}>
              <SegmentedControl
                aria-label={t('workflow.delayDirection')}
                data={[
                  { value: 'before', label: t('workflow.before') },
                  { value: 'after', label: t('workflow.after') },
                ]}
                value={draft.direction}
                onChange={(value) => onChange({ direction: value as 'before' | 'after' })}
              />
              <Text size="sm">{t('workflow.relativeTo', { date: dateLabel })}</Text>
            </Group>
          ) : (
            <Text size="sm" pb={8}>
              {t('workflow.afterEvent')}
            </Text>
          )}
        </Group>
      )}
      <Checkbox
        label={t('workflow.startFromNow')}
        description={t('workflow.startFromNowHint')}
        checked={draft.startfromnow}
        onChange={(event) => onChange({ startfromnow: event.currentTarget.checked })}
      />
    </Stack>
  );
}
