import {
  FIELD_NAME_PATTERN,
  FIELD_RULE_OPERATORS,
  type FieldType,
  FORM_MESSAGES,
  fieldNameFromLabel,
  MAX_FIELD_NAME_LENGTH,
  type RequestOf,
  type ShowRule,
  type VerticalDataField,
  validateFormula,
  type zCreateVerticalDataField,
} from '@im/domain';

// What the field dialog edits, apart from the answer's shape: rules may lack a field or operator
// while being filled in, options are one comma-separated line, and the field name and description
// remember whether they still follow the label (spec 002 section 5).

export type FieldRuleOperator = (typeof FIELD_RULE_OPERATORS)[number];

export interface RuleDraft {
  field_name: string | null;
  operator: FieldRuleOperator | null;
  field_value: string;
}

export interface FormulaDraft {
  formula: string;
  showrules: RuleDraft[];
}

export interface FieldDraft {
  field_label: string;
  field_name: string;
  description: string;
  field_type: FieldType;
  options: string;
  selectable_in_products: boolean;
  allow_locations: boolean;
  showrules: RuleDraft[];
  calculationrules: FormulaDraft[];
  nameFollows: boolean;
  descriptionFollows: boolean;
}

export type FieldBody = Omit<RequestOf<typeof zCreateVerticalDataField>, 'vertical_id'>;

/** 'is ingevuld' and 'is niet ingevuld' compare nothing: they take no value. */
export const isValueless = (operator: FieldRuleOperator | null) =>
  operator === 'isfilledin' || operator === 'isnotfilledin';

export const hasFormulas = (type: FieldType) => type === 'calculated' || type === 'hidden';

const isFieldOperator = (operator: string): operator is FieldRuleOperator =>
  (FIELD_RULE_OPERATORS as readonly string[]).includes(operator);

/** The server's rule for a name the label gives: taken names get _2, _3, … */
export function uniqueFieldName(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let i = 2; ; i++) {
    const candidate = `${wanted.slice(0, MAX_FIELD_NAME_LENGTH - 5)}_${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const emptyRule = (): RuleDraft => ({ field_name: null, operator: null, field_value: '' });

function ruleDraft(rule: ShowRule): RuleDraft {
  return {
    field_name: rule.field_name || null,
    operator: isFieldOperator(rule.operator) ? rule.operator : null,
    field_value: rule.field_value,
  };
}

/** A new field starts as text, selectable in products, with name and description following the label. */
export function draftFromField(field: VerticalDataField | null): FieldDraft {
  if (!field) {
    return {
      field_label: '',
      field_name: '',
      description: '',
      field_type: 'text',
      options: '',
      selectable_in_products: true,
      allow_locations: false,
      showrules: [],
      calculationrules: [],
      nameFollows: true,
      descriptionFollows: true,
    };
  }
  return {
    field_label: field.field_label,
    field_name: field.field_name,
    description: field.description,
    field_type: field.field_type,
    options: field.options.join(', '),
    selectable_in_products: field.selectable_in_products,
    allow_locations: field.allow_locations,
    showrules: field.showrules.map(ruleDraft),
    calculationrules: field.calculationrules.map((r) => ({
      formula: r.formula,
      showrules: r.showrules.map(ruleDraft),
    })),
    // The server's own test: a name or description the user never changed is what the label gave.
    nameFollows: field.field_name === fieldNameFromLabel(field.field_label),
    descriptionFollows: field.description === field.field_label,
  };
}

/** A new label, carried into the field name and description unless the user changed those. */
export function withLabel(draft: FieldDraft, label: string, takenNames: ReadonlySet<string>): FieldDraft {
  return {
    ...draft,
    field_label: label,
    field_name: draft.nameFollows ? uniqueFieldName(fieldNameFromLabel(label), takenNames) : draft.field_name,
    description: draft.descriptionFollows ? label : draft.description,
  };
}

export function parseOptions(options: string): string[] {
  return options
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

function ruleErrors(rules: RuleDraft[], prefix: string, errors: Record<string, string>) {
  rules.forEach((rule, i) => {
    if (!rule.field_name) errors[`${prefix}.${i}.field_name`] = FORM_MESSAGES.showRuleField;
    if (!rule.operator) errors[`${prefix}.${i}.operator`] = FORM_MESSAGES.showRuleOperator;
  });
}

/** The formula's own problem (syntax, a function or field it may not use), or null. */
export function formulaProblem(formula: string, otherNames: readonly string[]): string | null {
  if (formula.trim() === '') return FORM_MESSAGES.formulaRequired;
  return validateFormula(formula, otherNames);
}

/** Everything that blocks saving, keyed like the server's 422 errors ('showrules.0.field_name'). */
export function draftErrors(draft: FieldDraft, otherNames: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.field_label.trim() === '') errors.field_label = FORM_MESSAGES.labelRequired;
  const name = draft.field_name.trim();
  if (!FIELD_NAME_PATTERN.test(name)) errors.field_name = FORM_MESSAGES.fieldNameInvalid;
  else if (otherNames.includes(name)) errors.field_name = FORM_MESSAGES.fieldNameTaken;
  if (draft.field_type === 'selectbox' && parseOptions(draft.options).length === 0)
    errors.options = FORM_MESSAGES.optionsRequired;
  ruleErrors(draft.showrules, 'showrules', errors);
  if (hasFormulas(draft.field_type)) {
    draft.calculationrules.forEach((rule, i) => {
      const problem = formulaProblem(rule.formula, otherNames);
      if (problem) errors[`calculationrules.${i}.formula`] = problem;
      ruleErrors(rule.showrules, `calculationrules.${i}.showrules`, errors);
    });
  }
  return errors;
}

const ruleBody = (rules: RuleDraft[]) =>
  rules.map((rule) => ({
    field_name: rule.field_name ?? '',
    operator: rule.operator ?? FIELD_RULE_OPERATORS[0],
    field_value: isValueless(rule.operator) ? '' : rule.field_value.trim(),
  }));

/** The request body of a complete draft (see draftErrors): options and formulas only where the type has them. */
export function draftBody(draft: FieldDraft): FieldBody {
  return {
    field_label: draft.field_label.trim(),
    field_name: draft.field_name.trim(),
    description: draft.description.trim(),
    field_type: draft.field_type,
    options: draft.field_type === 'selectbox' ? parseOptions(draft.options) : [],
    selectable_in_products: draft.selectable_in_products,
    allow_locations: draft.allow_locations,
    showrules: ruleBody(draft.showrules),
    calculationrules: hasFormulas(draft.field_type)
      ? draft.calculationrules.map((r) => ({ formula: r.formula.trim(), showrules: ruleBody(r.showrules) }))
      : [],
  };
}
