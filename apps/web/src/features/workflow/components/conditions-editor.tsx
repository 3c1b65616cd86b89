import {
  CONDITION_FIELDS,
  CONDITION_OPERATOR_LABELS,
  CONDITION_OPERATORS,
  type ConditionOperator,
  type ConditionType,
  FLOW_STAGE_LABELS,
  FLOW_STATUS_LABELS,
  FLOW_STATUSES,
  type RuleOptions,
} from '@im/domain';
import {
  ActionIcon,
  Box,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  type SelectProps,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../ui/responsive';
import { type ConditionDraft, emptyCondition, isFlowLevel, isValueless } from '../rule-draft';

interface Props {
  conditions: ConditionDraft[];
  onChange: (conditions: ConditionDraft[]) => void;
  options: RuleOptions | undefined;
  /** The message for a key ('conditions.0.field_value'), or undefined. */
  errorOf: (key: string) => string | undefined;
}

type Option = { value: string; label: string };
type OptionGroup = { group: string; items: Option[] };

const OPERATOR_OPTIONS = CONDITION_OPERATORS.map((op) => ({
  value: op,
  label: CONDITION_OPERATOR_LABELS[op],
}));

const named = (list: { id: number; name: string }[] | undefined): Option[] =>
  (list ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** The choices of a condition's value where the field has a fixed set; null: free text. */
function valueChoices(c: ConditionDraft, options: RuleOptions | undefined): (Option | OptionGroup)[] | null {
  if (c.operator === 'hasflowprofile' || c.operator === 'doesnothaveflowprofile')
    return named(options?.flowprofiles);
  if (c.operator === 'haspartner' || c.operator === 'doesnothavepartner') return named(options?.partners);
  if (c.type !== 'flow') return null;
  switch (c.field_name) {
    case 'flow_status':
      return FLOW_STATUSES.map((s) => ({ value: s, label: FLOW_STATUS_LABELS[s] }));
    case 'flow_phase_id':
      return (options?.flowphases ?? []).map((p) => ({
        value: String(p.id),
        label: `${p.name} (${FLOW_STAGE_LABELS[p.flowstage as keyof typeof FLOW_STAGE_LABELS] ?? p.flowstage})`,
      }));
    case 'user_id':
    case 'office_user_id':
    case 'project_user_id':
      return named(options?.users);
    case 'tags':
      return (options?.flow_tags ?? []).map((tag) => ({ value: tag, label: tag }));
    default:
      return null;
  }
}

/** Form fields grouped by their form ("vertical"), for a condition of kind Formulier. */
function formFieldGroups(options: RuleOptions | undefined): OptionGroup[] {
  const groups = new Map<string, Option[]>();
  for (const f of options?.formfields ?? []) {
    const items = groups.get(f.vertical_name) ?? [];
    items.push({ value: String(f.id), label: f.label });
    groups.set(f.vertical_name, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** Keep a stored value choosable even when it is no longer among the options. */
function withValue(data: (Option | OptionGroup)[], value: string): (Option | OptionGroup)[] {
  if (!value) return data;
  const has = data.some((d) => ('items' in d ? d.items.some((i) => i.value === value) : d.value === value));
  return has ? data : [...data, { value, label: value }];
}

/** The conditions of a rule (spec 000 section 5): rows of kind, field, operator and value; all must hold. */
export function ConditionsEditor({ conditions, onChange, options, errorOf }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const kinds: Option[] = [
    { value: 'flow', label: t('workflow.kindFlow') },
    { value: 'relation', label: t('common.relation') },
    { value: 'form', label: t('common.form') },
  ];
  const change = (index: number, patch: Partial<ConditionDraft>) =>
    onChange(conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const select: Partial<SelectProps> = {
    searchable: !isPhone,
    allowDeselect: false,
    comboboxProps: { withinPortal: true },
  };

  return (
    <Fieldset legend={t('common.conditions')} variant="filled" p="sm">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('workflow.conditionsHint')}
        </Text>
        {conditions.map((c, index) => {
          const key = `conditions.${index}`;
          const number = index + 1;
          const flowLevel = isFlowLevel(c.operator);
          const choices = valueChoices(c, options);
          const fieldData: (Option | OptionGroup)[] =
            c.type === 'form'
              ? formFieldGroups(options)
              : CONDITION_FIELDS.filter((f) => f.type === c.type).map((f) => ({
                  value: f.field_name,
                  label: f.label,
                }));
          return (
            <Paper
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; the index is their identity here
              key={index}
              withBorder
              p="xs"
              radius="sm"
              role="group"
              aria-label={t('workflow.conditionNumber', { number })}
            >
              <Group align="flex-start" gap="xs" wrap="wrap">
                <Select
                  {...select}
                  searchable={false}
                  label={t('workflow.conditionKind')}
                  data={kinds}
                  value={c.type}
                  onChange={(value) =>
                    change(index, {
                      type: (value ?? 'flow') as ConditionType,
                      field_name: null,
                      verticaldatafield_id: null,
                      vertical_id: null,
                      field_value: '',
                    })
                  }
                  style={{ flex: '1 1 120px' }}
                />
                {!flowLevel && (
                  <Select
                    {...select}
                    label={t('common.field')}
                    data={fieldData}
                    value={
                      c.type === 'form'
                        ? c.verticaldatafield_id
                          ? String(c.verticaldatafield_id)
                          : null
                        : c.field_name
                    }
                    onChange={(value) => {
                      if (c.type === 'form') {
                        const field = options?.formfields.find((f) => String(f.id) === value);
                        change(index, {
                          verticaldatafield_id: field?.id ?? null,
                          vertical_id: field?.vertical_id ?? null,
                        });
                      } else change(index, { field_name: value, field_value: '' });
                    }}
                    error={errorOf(`${key}.${c.type === 'form' ? 'verticaldatafield_id' : 'field_name'}`)}
                    style={{ flex: '2 1 180px' }}
                  />
                )}
                <Select
                  {...select}
                  label={t('workflow.conditionOperator')}
                  data={OPERATOR_OPTIONS}
                  value={c.operator}
                  onChange={(value) => {
                    const operator = value as ConditionOperator | null;
                    // A value of another kind (a profile id, a partner id) means nothing to the new operator.
                    const kindChanged =
                      isFlowLevel(operator) !== flowLevel ||
                      operator?.includes('profile') !== c.operator?.includes('profile');
                    change(index, { operator, ...(kindChanged ? { field_value: '' } : {}) });
                  }}
                  error={errorOf(`${key}.operator`)}
                  style={{ flex: '2 1 180px' }}
                />
                {!isValueless(c.operator) &&
                  (choices ? (
                    <Select
                      {...select}
                      label={t('common.value')}
                      data={withValue(choices, c.field_value)}
                      value={c.field_value || null}
                      onChange={(value) => change(index, { field_value: value ?? '' })}
                      error={errorOf(`${key}.field_value`)}
                      style={{ flex: '2 1 160px' }}
                    />
                  ) : (
                    <TextInput
                      label={t('common.value')}
                      value={c.field_value}
                      onChange={(event) => change(index, { field_value: event.currentTarget.value })}
                      error={errorOf(`${key}.field_value`)}
                      style={{ flex: '2 1 160px' }}
                    />
                  ))}
                <Box pt={24}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('workflow.removeCondition', { number })}
                    onClick={() => onChange(conditions.filter((_, i) => i !== index))}
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
            onClick={() => onChange([...conditions, emptyCondition()])}
          >
            {t('workflow.addCondition')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
