import { FORM_MESSAGES, FORMULA_FUNCTIONS } from '@im/domain';
import { ActionIcon, Button, Fieldset, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { type FormulaDraft, formulaProblem } from './field-draft';
import { type FieldOption, ShowRulesEditor } from './show-rules-editor';

interface Props {
  rules: FormulaDraft[];
  onChange: (rules: FormulaDraft[]) => void;
  fields: FieldOption[];
  /** The names a formula may use: the other fields of this form. */
  otherNames: readonly string[];
  errorOf: (key: string) => string | undefined;
  /** After a save attempt an empty formula says so too. */
  isSubmitAttempted: boolean;
}

/** The formulas of a calculated or hidden field: the first whose show rules all hold gives the value. */
export function FormulaRulesEditor({
  rules,
  onChange,
  fields,
  otherNames,
  errorOf,
  isSubmitAttempted,
}: Props) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<FormulaDraft>) =>
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

  // Checked while typing; an empty formula only complains once a save was tried.
  const formulaError = (rule: FormulaDraft, index: number) => {
    const server = errorOf(`calculationrules.${index}.formula`);
    if (server) return server;
    if (rule.formula.trim() === '' && !isSubmitAttempted) return undefined;
    return formulaProblem(rule.formula, otherNames) ?? undefined;
  };

  return (
    <Fieldset legend={t('verticals.formulas')} variant="filled" p="sm">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('verticals.formulasHint')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="formula-help" style={{ overflowWrap: 'anywhere' }}>
          {t('verticals.formulaFields', {
            names: otherNames.length > 0 ? otherNames.join(', ') : t('common.none'),
          })}
          {' · '}
          {t('verticals.formulaFunctions', { names: FORMULA_FUNCTIONS.join(', ') })}
        </Text>
        {rules.map((rule, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: formulas have no id; the index is their identity here
          <Paper key={index} withBorder p="xs" radius="sm" data-testid={`calculationrules.${index}`}>
            <Stack gap="xs">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('verticals.formula', { number: index + 1 })}
                  placeholder={t('verticals.formulaPlaceholder')}
                  value={rule.formula}
                  onChange={(event) => change(index, { formula: event.currentTarget.value })}
                  error={formulaError(rule, index)}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  style={{ flex: 1 }}
                  autoComplete="off"
                  spellCheck={false}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={`${t('verticals.deleteFormula')} ${index + 1}`}
                  onClick={() => void remove(index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <ShowRulesEditor
                legend={t('verticals.showRules')}
                hint={t('verticals.formulaShowRulesHint')}
                rules={rule.showrules}
                onChange={(showrules) => change(index, { showrules })}
                fields={fields}
                errorOf={errorOf}
                prefix={`calculationrules.${index}.showrules`}
              />
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...rules, { formula: '', showrules: [] }])}
          >
            {t('verticals.addFormula')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
