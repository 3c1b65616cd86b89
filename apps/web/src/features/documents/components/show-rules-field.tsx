import {
  DOCUMENT_TEXTS,
  type PossibleProduct,
  PRODUCT_RULE_OPERATORS,
  type ProductRuleOperator,
  SHOW_RULE_OPERATOR_LABELS,
  type ShowRule,
} from '@im/domain';
import { ActionIcon, Box, Button, Fieldset, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { searchPossibleProducts } from '../../../api/products';
import { Typeahead } from '../../../ui/typeahead';
import { useDocumentTexts } from '../i18n';

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
 * Show rules over the flow's products: an operator and a product (field_value is its id, the name is
 * kept as pretty_description). Rules over form fields arrive with the forms and are kept as they are.
 */
export function ShowRulesField({ rules, onChange, errors }: Props) {
  const tx = useDocumentTexts();
  const operatorOptions = PRODUCT_RULE_OPERATORS.map((op) => ({
    value: op,
    label: SHOW_RULE_OPERATOR_LABELS[op],
  }));
  const change = (index: number, patch: Partial<ShowRule>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  return (
    <Fieldset legend={tx.conditions} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {tx.conditionsHint}
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
                    label={tx.operator}
                    data={operatorOptions}
                    value={rule.operator}
                    onChange={(value) => value && change(index, { operator: value as ProductRuleOperator })}
                    allowDeselect={false}
                    style={{ flex: '1 1 220px' }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Box style={{ flex: '1 1 220px' }}>
                    <Typeahead<ProductRef>
                      label={tx.product}
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
                    aria-label={tx.removeCondition}
                    onClick={() => onChange(rules.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ) : (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {rule.pretty_description ||
                      `${rule.field_name} ${SHOW_RULE_OPERATOR_LABELS[rule.operator]} ${rule.field_value}`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {DOCUMENT_TEXTS.fieldRulesNeedForms}
                  </Text>
                </Group>
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
            {tx.addCondition}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
