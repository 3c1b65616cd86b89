import { FIELD_RULE_OPERATORS, FORM_MESSAGES, SHOW_RULE_OPERATOR_LABELS } from '@im/domain';
import {
  ActionIcon,
  Box,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { emptyRule, type FieldRuleOperator, isValueless, type RuleDraft } from './field-draft';

export interface FieldOption {
  value: string;
  label: string;
}

interface Props {
  legend: string;
  hint: string;
  rules: RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
  /** The other fields of this form, which a rule can look at. */
  fields: FieldOption[];
  /** The message for a key under `prefix` ('showrules.0.operator'), or undefined. */
  errorOf: (key: string) => string | undefined;
  prefix: string;
}

const OPERATOR_OPTIONS = FIELD_RULE_OPERATORS.map((op) => ({
  value: op,
  label: SHOW_RULE_OPERATOR_LABELS[op],
}));

/** Show rules of a field or formula: all must hold. Each needs a field and an operator; the value is optional. */
export function ShowRulesEditor({ legend, hint, rules, onChange, fields, errorOf, prefix }: Props) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<RuleDraft>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  const remove = async (index: number) => {
    const isConfirmed = await confirm({
      title: t('verticals.deleteRuleTitle'),
      message: FORM_MESSAGES.confirmDeleteRule,
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (isConfirmed) onChange(rules.filter((_, i) => i !== index));
  };

  // A rule may name a field that has since gone or been renamed: keep it visible and choosable.
  const optionsFor = (rule: RuleDraft) =>
    rule.field_name && !fields.some((f) => f.value === rule.field_name)
      ? [...fields, { value: rule.field_name, label: t('verticals.unknownField', { name: rule.field_name }) }]
      : fields;

  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        {fields.length === 0 && rules.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('verticals.noOtherFields')}
          </Text>
        )}
        {rules.map((rule, index) => {
          const key = `${prefix}.${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; the index is their identity here
            <Paper key={index} withBorder p="xs" radius="sm" data-testid={`${key}`}>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <Select
                  label={t('common.field')}
                  data={optionsFor(rule)}
                  value={rule.field_name}
                  onChange={(value) => change(index, { field_name: value })}
                  searchable
                  error={errorOf(`${key}.field_name`)}
                  style={{ flex: '1 1 200px' }}
                />
                <Select
                  label={t('common.condition')}
                  data={OPERATOR_OPTIONS}
                  value={rule.operator}
                  onChange={(value) => change(index, { operator: value as FieldRuleOperator | null })}
                  error={errorOf(`${key}.operator`)}
                  style={{ flex: '1 1 200px' }}
                />
                {!isValueless(rule.operator) && (
                  <TextInput
                    label={t('common.value')}
                    placeholder={t('verticals.ruleValuePlaceholder')}
                    value={rule.field_value}
                    onChange={(event) => change(index, { field_value: event.currentTarget.value })}
                    error={errorOf(`${key}.field_value`)}
                    style={{ flex: '1 1 140px' }}
                  />
                )}
                <Box pt={24}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('verticals.deleteRule')}
                    onClick={() => void remove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Box>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...rules, emptyRule()])}
          >
            {t('verticals.addShowRule')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
