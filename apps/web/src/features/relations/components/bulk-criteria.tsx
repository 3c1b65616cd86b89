import {
  FIXED_INACTIVE_CRITERION,
  INACTIVE_CRITERIA,
  INACTIVE_CRITERIA_WITH_AMOUNT,
  INACTIVE_CRITERIA_WITH_TEXT,
  type InactiveCriterionTag,
} from '@im/domain';
import {
  ActionIcon,
  Badge,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BulkCriterion } from '../types';

// Spec 001 section 5: the criteria of the relation bulk delete, one list with the server (@im/domain).

export interface CriterionValue {
  tag: InactiveCriterionTag;
  amount?: number | '';
  text?: string;
}

export function initialCriteria(): CriterionValue[] {
  return [{ tag: FIXED_INACTIVE_CRITERION }];
}

/** The request: days for the age criteria, a text for the description criteria. */
export function toRequestCriteria(criteria: CriterionValue[]): BulkCriterion[] {
  return criteria.map(({ tag, amount, text }) => {
    if (INACTIVE_CRITERIA_WITH_AMOUNT.includes(tag))
      return { tag, amount: typeof amount === 'number' ? amount : 0 };
    if (INACTIVE_CRITERIA_WITH_TEXT.includes(tag)) return { tag, text: text ?? '' };
    return { tag };
  });
}

/** A criterion that takes a value needs one before searching. */
export function isComplete(criterion: CriterionValue): boolean {
  if (INACTIVE_CRITERIA_WITH_AMOUNT.includes(criterion.tag))
    return typeof criterion.amount === 'number' && criterion.amount >= 0;
  if (INACTIVE_CRITERIA_WITH_TEXT.includes(criterion.tag)) return Boolean(criterion.text?.trim());
  return true;
}

export function BulkCriteriaList({
  criteria,
  onChange,
}: {
  criteria: CriterionValue[];
  onChange: (next: CriterionValue[]) => void;
}) {
  const { t } = useTranslation();
  const used = new Set(criteria.map((c) => c.tag));
  const available = INACTIVE_CRITERIA.filter((tag) => !used.has(tag));
  const update = (index: number, patch: Partial<CriterionValue>) =>
    onChange(criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  return (
    <Stack gap="xs">
      {criteria.map((criterion, index) => {
        const label = t(`relations.criteria.${criterion.tag}`);
        const isFixed = criterion.tag === FIXED_INACTIVE_CRITERION;
        return (
          <Paper key={criterion.tag} withBorder p="xs" radius="sm" data-criterion={criterion.tag}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                {isFixed && (
                  <Badge size="sm" variant="light" color="gray">
                    {t('relations.alwaysApplied')}
                  </Badge>
                )}
                {INACTIVE_CRITERIA_WITH_AMOUNT.includes(criterion.tag) && (
                  <NumberInput
                    aria-label={`${label}: ${t('relations.days')}`}
                    placeholder={t('relations.days')}
                    min={0}
                    allowDecimal={false}
                    w={130}
                    size="xs"
                    value={criterion.amount ?? ''}
                    onChange={(value) => update(index, { amount: typeof value === 'number' ? value : '' })}
                  />
                )}
                {INACTIVE_CRITERIA_WITH_TEXT.includes(criterion.tag) && (
                  <TextInput
                    aria-label={`${label}: ${t('common.text')}`}
                    placeholder={t('common.text')}
                    size="xs"
                    w={220}
                    value={criterion.text ?? ''}
                    onChange={(event) => update(index, { text: event.currentTarget.value })}
                  />
                )}
              </Group>
              {!isFixed && (
                <Tooltip label={t('relations.removeCriterion', { label })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('relations.removeCriterion', { label })}
                    onClick={() => onChange(criteria.filter((_, i) => i !== index))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        );
      })}
      {available.length > 0 && (
        <Select
          aria-label={t('relations.addCriterion')}
          placeholder={t('relations.addCriterion')}
          data={available.map((tag) => ({ value: tag, label: t(`relations.criteria.${tag}`) }))}
          value={null}
          onChange={(tag) => tag && onChange([...criteria, { tag: tag as InactiveCriterionTag }])}
          maw={360}
        />
      )}
    </Stack>
  );
}
