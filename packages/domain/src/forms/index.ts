export {
  CIRCULAR_CALCULATION_MESSAGE,
  CircularCalculationError,
  FIELD_RULE_OPERATORS,
  FIELD_TYPES,
  type FieldType,
  type FlowProductContext,
  FORMULA_ITERATION_CAP,
  type FormCalculationRule,
  type FormFieldDef,
  type FormShowRule,
  type FormValue,
  type FormValues,
  SHOW_RULE_OPERATOR_LABELS,
  SHOW_RULE_OPERATORS,
  type ShowRuleOperator,
  TEMPLATE_SHOW_RULE_OPERATORS,
  type TemplateShowRuleOperator,
} from './constants';
export { DERIVED_AREA_FIELDS, roofInstalledPower, roomArea, wallArea, windowArea } from './derived-areas';
export { type EvaluateOptions, evaluateForm, type FormEvaluation } from './evaluate-form';
export { FORMULA_FUNCTIONS, validateFormula } from './formula';
export { showRuleHolds, showRulesHold } from './show-rules';
export { isFilledIn, roundTo2, toNumber } from './values';
