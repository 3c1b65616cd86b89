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

// Spec 001 section 5: the criteria of the relation bulk delete; no_send_invoices always applies.
export const BULK_CRITERIA = [
  'no_send_invoices',
  'no_approved_confirmations',
  'no_send_confirmations',
  'no_approved_quotations',
  'no_send_quotations',
  'no_open_actions',
  'no_planned_tasks',
  'no_unanswered_messages',
  'flow_age',
  'flow_updated_age',
  'document_age',
  'with_flow_description',
  'without_flow_description',
] as const;
export type BulkCriterionTag = (typeof BULK_CRITERIA)[number];

export const FIXED_CRITERION: BulkCriterionTag = 'no_send_invoices';
const AMOUNT_CRITERIA: readonly BulkCriterionTag[] = ['flow_age', 'flow_updated_age', 'document_age'];
const TEXT_CRITERIA: readonly BulkCriterionTag[] = ['with_flow_description', 'without_flow_description'];

export interface CriterionValue {
  tag: BulkCriterionTag;
  amount?: number | '';
  text?: string;
}

export function initialCriteria(): CriterionValue[] {
  return [{ tag: FIXED_CRITERION }];
}

/** The request: days for the age criteria, a text for the description criteria. */
export function toRequestCriteria(criteria: CriterionValue[]): BulkCriterion[] {
  return criteria.map(({ tag, amount, text }) => {
    if (AMOUNT_CRITERIA.includes(tag)) return { tag, amount: typeof amount === 'number' ? amount : 0 };
    if (TEXT_CRITERIA.includes(tag)) return { tag, text: text ?? '' };
    return { tag };
  });
}

/** A criterion that takes a value needs one before searching. */
export function isComplete(criterion: CriterionValue): boolean {
  if (AMOUNT_CRITERIA.includes(criterion.tag))
    return typeof criterion.amount === 'number' && criterion.amount >= 0;
  if (TEXT_CRITERIA.includes(criterion.tag)) return Boolean(criterion.text?.trim());
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
  const available = BULK_CRITERIA.filter((tag) => !used.has(tag));
  const update = (index: number, patch: Partial<CriterionValue>) =>
    onChange(criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  return (
    <Stack gap="xs">
      {criteria.map((criterion, index) => {
        const label = t(`relations.criteria.${criterion.tag}`);
        const isFixed = criterion.tag === FIXED_CRITERION;
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
                {AMOUNT_CRITERIA.includes(criterion.tag) && (
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
                {TEXT_CRITERIA.includes(criterion.tag) && (
                  <TextInput
                    aria-label={`${label}: ${t('relations.text')}`}
                    placeholder={t('relations.text')}
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
          onChange={(tag) => tag && onChange([...criteria, { tag: tag as BulkCriterionTag }])}
          maw={360}
        />
      )}
    </Stack>
  );
}
