// Conditions of workflow rules (spec 000 section 5): all must hold. The eight value operators are the
// form show rules' own (one implementation, `showRuleHolds`); the six others look at the flow's request
// profile and partner. A condition reads a flow field, a relation field or a form field (by vertical
// data field: any filled-in copy of that form on the flow may satisfy it).

import { FIELD_RULE_OPERATORS, SHOW_RULE_OPERATOR_LABELS } from '../documents';
import { FLOW_STATUS_LABELS, type FlowStatus } from '../flows';
import type { FormValue } from '../forms/constants';
import { showRuleHolds } from '../forms/show-rules';

/** The eight value operators are the form show rules' (spec 002 section 5); six look at the flow. */
export const CONDITION_OPERATORS = [
  ...FIELD_RULE_OPERATORS,
  'hasflowprofile',
  'doesnothaveflowprofile',
  'haspartner',
  'doesnothavepartner',
  'partnerpresent',
  'partnernotpresent',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  ...(Object.fromEntries(FIELD_RULE_OPERATORS.map((o) => [o, SHOW_RULE_OPERATOR_LABELS[o]])) as Record<
    (typeof FIELD_RULE_OPERATORS)[number],
    string
  >),
  hasflowprofile: 'heeft aanvraagprofiel',
  doesnothaveflowprofile: 'heeft niet aanvraagprofiel',
  haspartner: 'heeft partner',
  doesnothavepartner: 'heeft niet partner',
  partnerpresent: 'heeft een partner',
  partnernotpresent: 'heeft geen partner',
};

/** Operators that need no field: they look at the flow itself. */
export const FLOW_LEVEL_OPERATORS: readonly ConditionOperator[] = [
  'hasflowprofile',
  'doesnothaveflowprofile',
  'haspartner',
  'doesnothavepartner',
  'partnerpresent',
  'partnernotpresent',
];
/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly ConditionOperator[] = [
  'isfilledin',
  'isnotfilledin',
  'partnerpresent',
  'partnernotpresent',
];

export const CONDITION_TYPES = ['flow', 'relation', 'form'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** The flow and relation fields a condition can read, with their Dutch labels. */
export const CONDITION_FIELDS: readonly { type: 'flow' | 'relation'; field_name: string; label: string }[] = [
  { type: 'flow', field_name: 'flow_status', label: 'Status' },
  { type: 'flow', field_name: 'flow_phase_id', label: 'Substatus' },
  { type: 'flow', field_name: 'lead_source', label: 'Leadbron' },
  { type: 'flow', field_name: 'description', label: 'Omschrijving' },
  { type: 'flow', field_name: 'tags', label: 'Tags' },
  { type: 'flow', field_name: 'type', label: 'Type' },
  { type: 'flow', field_name: 'user_id', label: 'Behandelaar' },
  { type: 'flow', field_name: 'office_user_id', label: 'Binnendienstmedewerker' },
  { type: 'flow', field_name: 'project_user_id', label: 'Uitvoerder' },
  { type: 'relation', field_name: 'email', label: 'E-mailadres relatie' },
  { type: 'relation', field_name: 'phone', label: 'Telefoon relatie' },
  { type: 'relation', field_name: 'city', label: 'Plaats' },
  { type: 'relation', field_name: 'postcode', label: 'Postcode' },
  { type: 'relation', field_name: 'country', label: 'Land' },
  { type: 'relation', field_name: 'lead_source', label: 'Leadbron relatie' },
];

export interface RuleCondition {
  field_name: string | null;
  verticaldatafield_id: number | null;
  vertical_id: number | null;
  operator: ConditionOperator;
  field_value: string | null;
  type: ConditionType;
  pretty_description: string;
}

/** What conditions are checked against: one flow, read when the rule runs. */
export interface RuleFacts {
  flow: Record<string, FormValue | string[]>;
  relation: Record<string, FormValue>;
  /** Per vertical data field id: its value in each filled-in copy on the flow. */
  form: Record<number, FormValue[]>;
  flowprofile_id: number | null;
  partner_id: number | null;
}

export interface ConditionOutcome {
  condition: RuleCondition;
  holds: boolean;
  /** What was found, for the "why" log. */
  actual: string;
}

const shown = (v: FormValue | string[] | undefined): string =>
  v === null || v === undefined
    ? '(leeg)'
    : Array.isArray(v)
      ? v.join(', ') || '(leeg)'
      : String(v) || '(leeg)';

function valueHolds(c: RuleCondition, value: FormValue | undefined): boolean {
  return showRuleHolds(
    { field_name: 'v', operator: c.operator as never, field_value: c.field_value, pretty_description: '' },
    { v: value ?? null },
  );
}

function tagsHold(c: RuleCondition, tags: string[]): boolean {
  const want = (c.field_value ?? '').trim().toLowerCase();
  const has = tags.some((t) => t.toLowerCase() === want);
  switch (c.operator) {
    case 'issame':
      return has;
    case 'isnotsame':
      return !has;
    case 'isfilledin':
      return tags.length > 0;
    case 'isnotfilledin':
      return tags.length === 0;
    default:
      return false;
  }
}

/** A stored value as people read it: a flow status by its Dutch label. */
function readable(fieldName: string | null, value: string): string {
  return fieldName === 'flow_status' ? (FLOW_STATUS_LABELS[value as FlowStatus] ?? value) : value;
}

export function evaluateCondition(c: RuleCondition, facts: RuleFacts): ConditionOutcome {
  const id = (v: string | null) => (v === null || v.trim() === '' ? null : Number(v));
  switch (c.operator) {
    case 'hasflowprofile':
    case 'doesnothaveflowprofile': {
      const same = facts.flowprofile_id !== null && facts.flowprofile_id === id(c.field_value);
      return {
        condition: c,
        holds: c.operator === 'hasflowprofile' ? same : !same,
        actual: shown(facts.flowprofile_id),
      };
    }
    case 'haspartner':
    case 'doesnothavepartner': {
      const same = facts.partner_id !== null && facts.partner_id === id(c.field_value);
      return {
        condition: c,
        holds: c.operator === 'haspartner' ? same : !same,
        actual: shown(facts.partner_id),
      };
    }
    case 'partnerpresent':
    case 'partnernotpresent': {
      const present = facts.partner_id !== null;
      return {
        condition: c,
        holds: c.operator === 'partnerpresent' ? present : !present,
        actual: shown(facts.partner_id),
      };
    }
  }
  if (c.type === 'form') {
    const values = c.verticaldatafield_id === null ? [] : (facts.form[c.verticaldatafield_id] ?? []);
    // Negative operators must hold for every copy; the others for at least one (or for "no copy": empty).
    const negative = c.operator === 'isnotsame' || c.operator === 'isnotfilledin';
    const list = values.length ? values : [null];
    const holds = negative ? list.every((v) => valueHolds(c, v)) : list.some((v) => valueHolds(c, v));
    return {
      condition: c,
      holds,
      actual: values.length ? values.map((v) => shown(v)).join(' | ') : '(leeg)',
    };
  }
  const source = c.type === 'relation' ? facts.relation : facts.flow;
  const value =
    c.field_name !== null && Object.hasOwn(source, c.field_name) ? source[c.field_name] : undefined;
  if (Array.isArray(value)) return { condition: c, holds: tagsHold(c, value), actual: shown(value) };
  return {
    condition: c,
    holds: valueHolds(c, value as FormValue | undefined),
    actual: readable(c.field_name, shown(value)),
  };
}

/** Every condition with its outcome; the rule applies when all hold (no conditions: it applies). */
export function evaluateConditions(
  conditions: readonly RuleCondition[],
  facts: RuleFacts,
): { holds: boolean; outcomes: ConditionOutcome[] } {
  const outcomes = conditions.map((c) => evaluateCondition(c, facts));
  return { holds: outcomes.every((o) => o.holds), outcomes };
}

/** The readable form of a condition ('Status is gelijk aan offerte'), stored as pretty_description. */
export function describeCondition(c: Omit<RuleCondition, 'pretty_description'>, fieldLabel: string): string {
  const op = CONDITION_OPERATOR_LABELS[c.operator];
  if (FLOW_LEVEL_OPERATORS.includes(c.operator)) {
    return `Dossier ${op}${VALUELESS_OPERATORS.includes(c.operator) ? '' : ` ${c.field_value ?? ''}`}`.trim();
  }
  const value = VALUELESS_OPERATORS.includes(c.operator)
    ? ''
    : ` ${readable(c.field_name, c.field_value ?? '')}`;
  return `${fieldLabel} ${op}${value}`.trim();
}
