// The vocabulary of forms ("verticals"): field types, show-rule operators with their Dutch labels,
// and the shapes of fields, rules and filled-in values shared by the browser and the server.

import { PRODUCT_RULE_OPERATORS, type ProductRuleOperator, type ShowRuleOperator } from '../documents';

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'selectbox',
  'checkbox',
  'date',
  'photo',
  'calculated',
  'hidden',
  // Decision 071: a Quickr solar design or a Glbl report on the filled-in form (spec 002 section 7).
  'quickr',
  'glbl',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

// The show-rule operators and their Dutch labels are shared with the document conditions and live
// in ../documents: SHOW_RULE_OPERATORS there is all 16, FIELD_RULE_OPERATORS the 8 over a form field,
// PRODUCT_RULE_OPERATORS (here also TEMPLATE_SHOW_RULE_OPERATORS) the 8 template operators whose
// field_value is a product id. Re-exported as the same bindings, so the package index has one of each.
export {
  FIELD_RULE_OPERATORS,
  SHOW_RULE_OPERATOR_LABELS,
  SHOW_RULE_OPERATORS,
  type ShowRuleOperator,
} from '../documents';

/** The template operators over the flow's products (the same list as PRODUCT_RULE_OPERATORS). */
export const TEMPLATE_SHOW_RULE_OPERATORS = PRODUCT_RULE_OPERATORS;
export type TemplateShowRuleOperator = ProductRuleOperator;

/**
 * One condition as the engine reads it; a field's or a calculation rule's show rules must ALL hold.
 * The value is optional (null). The API contract's ShowRule (../contract) fits it as is; named
 * FormShowRule because the package index already exports that ShowRule.
 */
export interface FormShowRule {
  field_name: string;
  operator: ShowRuleOperator;
  field_value: string | null;
  pretty_description?: string;
}

/**
 * The FIRST rule whose show rules all hold gives the field's value; when none holds the value is null.
 * The contract's CalculationRule (../contract/forms) fits it; named apart so both can be exported.
 */
export interface FormCalculationRule {
  formula: string;
  showrules: readonly FormShowRule[];
}

export type FormValue = string | number | boolean | null;
export type FormValues = Record<string, FormValue>;

export interface FormFieldDef {
  field_name: string;
  field_type: FieldType;
  options?: readonly string[];
  calculationrules?: readonly FormCalculationRule[];
  showrules?: readonly FormShowRule[];
}

/** Products on the flow per document state, for the template operators (field_value is a product id as string). */
export interface FlowProductContext {
  invoiced: ReadonlySet<number>;
  approvedConfirmed: ReadonlySet<number>;
  confirmed: ReadonlySet<number>;
  approved: ReadonlySet<number>;
  quoted: ReadonlySet<number>;
  intakeDocument: ReadonlySet<number>;
  approvedIntakeDocument: ReadonlySet<number>;
  sentIntakeDocument: ReadonlySet<number>;
}

export const CIRCULAR_CALCULATION_MESSAGE = 'circular calculation detected, check intake form settings';
/** More recompute passes than this counts as a circular calculation. */
export const FORMULA_ITERATION_CAP = 1000;

export class CircularCalculationError extends Error {
  constructor() {
    super(CIRCULAR_CALCULATION_MESSAGE);
    this.name = 'CircularCalculationError';
  }
}
