import {
  DOCUMENT_TEXTS,
  FIELD_RULE_OPERATORS,
  type PossibleProduct,
  PRODUCT_RULE_OPERATORS,
  type ProductRuleOperator,
  SHOW_RULE_OPERATOR_LABELS,
  type ShowRule,
} from '@im/domain';
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
import { searchPossibleProducts } from '../../../api/products';
import { useLiveFields } from '../../../api/verticals';
import { Typeahead } from '../../../ui/typeahead';

type ProductRef = Pick<PossibleProduct, 'id' | 'item_name'>;

const isProductRule = (rule: ShowRule) =>
  (PRODUCT_RULE_OPERATORS as readonly string[]).includes(rule.operator);

interface Props {
  rules: ShowRule[];
  onChange: (rules: ShowRule[]) => void;
  /** 422 messages by index ('' for the list as a whole). */
  errors: Record<string, string>;
}

/**
 * Show rules over the flow's products (an operator and a product: field_value is its id, the name is
 * kept as pretty_description) and over the fields of the company's forms (decision 023: the rule holds
 * when a filled-in copy on the flow meets it).
 */
export function ShowRulesField({ rules, onChange, errors }: Props) {
  const { t } = useTranslation();
  const operatorOptions = PRODUCT_RULE_OPERATORS.map((op) => ({
    value: op,
    label: SHOW_RULE_OPERATOR_LABELS[op],
  }));
  const change = (index: number, patch: Partial<ShowRule>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  return (
    <Fieldset legend={t('common.conditions')} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('documents.conditionsHint')}
        </Text>
        {rules.map((rule, index) => {
          const product: ProductRef | null = rule.field_value
            ? { id: Number(rule.field_value), item_name: rule.pretty_description || `#${rule.field_value}` }
            : null;
          const rowError = errors[String(index)];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; the index is their identity here
            <Paper key={index} withBorder p="xs" radius="sm">
              {isProductRule(rule) ? (
                <Group align="flex-end" gap="xs" wrap="wrap">
                  <Select
                    label={t('common.condition')}
                    data={operatorOptions}
                    value={rule.operator}
                    onChange={(value) => value && change(index, { operator: value as ProductRuleOperator })}
                    allowDeselect={false}
                    style={{ flex: '1 1 220px' }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Box style={{ flex: '1 1 220px' }}>
                    <Typeahead<ProductRef>
                      label={t('documents.product')}
                      value={product}
                      onChange={(picked) =>
                        change(index, {
                          field_name: 'product_id',
                          field_value: picked ? String(picked.id) : '',
                          pretty_description: picked?.item_name ?? '',
                        })
                      }
                      searchKey="product"
                      search={searchPossibleProducts}
                      getKey={(p) => String(p.id)}
                      getLabel={(p) => p.item_name}
                      error={rowError ?? (rule.field_value ? undefined : DOCUMENT_TEXTS.ruleNeedsProduct)}
                    />
                  </Box>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={4}
                    aria-label={t('documents.removeCondition')}
                    onClick={() => onChange(rules.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ) : (
                <FieldRule
                  rule={rule}
                  error={rowError}
                  onChange={(patch) => change(index, patch)}
                  onRemove={() => onChange(rules.filter((_, i) => i !== index))}
                />
              )}
            </Paper>
          );
        })}
        {errors[''] && (
          <Text size="sm" c="red.8">
            {errors['']}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange([
                ...rules,
                {
                  field_name: 'product_id',
                  operator: PRODUCT_RULE_OPERATORS[0],
                  field_value: '',
                  pretty_description: '',
                },
              ])
            }
          >
            {t('documents.addCondition')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange([
                ...rules,
                {
                  field_name: '',
                  operator: FIELD_RULE_OPERATORS[0],
                  field_value: '',
                  pretty_description: '',
                },
              ])
            }
          >
            {t('documents.addFieldCondition')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

const NO_VALUE = new Set(['isfilledin', 'isnotfilledin']);

/** A rule over a form field: the field (of any of the company's forms), the operator and a value. */
function FieldRule({
  rule,
  error,
  onChange,
  onRemove,
}: {
  rule: ShowRule;
  error: string | undefined;
  onChange: (patch: Partial<ShowRule>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fields = useLiveFields();
  const options = [...new Map((fields.data ?? []).map((f) => [f.field_name, f.field_label])).entries()].map(
    ([value, label]) => ({ value, label: `${label} (${value})` }),
  );
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label={t('documents.formField')}
        data={options}
        value={rule.field_name || null}
        onChange={(value) => onChange({ field_name: value ?? '', pretty_description: '' })}
        searchable
        style={{ flex: '1 1 200px' }}
        comboboxProps={{ withinPortal: true }}
        error={error ?? (rule.field_name ? undefined : DOCUMENT_TEXTS.ruleNeedsField)}
      />
      <Select
        label={t('common.condition')}
        data={FIELD_RULE_OPERATORS.map((op) => ({ value: op, label: SHOW_RULE_OPERATOR_LABELS[op] }))}
        value={rule.operator}
        onChange={(value) =>
          value && onChange({ operator: value as ShowRule['operator'], pretty_description: '' })
        }
        allowDeselect={false}
        style={{ flex: '1 1 180px' }}
        comboboxProps={{ withinPortal: true }}
      />
      {!NO_VALUE.has(rule.operator) && (
        <TextInput
          label={t('common.value')}
          value={rule.field_value}
          onChange={(e) => onChange({ field_value: e.currentTarget.value, pretty_description: '' })}
          style={{ flex: '1 1 140px' }}
        />
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        mb={4}
        aria-label={t('documents.removeCondition')}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
