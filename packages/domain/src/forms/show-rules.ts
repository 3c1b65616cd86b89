// Show rules: whether a field (or a calculation rule) applies, given the filled-in values and, for
// templates, the products on the flow per document state.
import type { FlowProductContext, FormShowRule, FormValue, FormValues } from './constants';
import { isFilledIn, parseNumeric } from './values';

const TRUE_WORDS = new Set(['1', 'ja', 'true', 'waar', 'yes', 'on', 'aan']);
const FALSE_WORDS = new Set(['0', 'nee', 'false', 'onwaar', 'no', 'off', 'uit', '']);
const EPSILON = 1e-9;

/** A checkbox side: true equals '1' / 'ja' / 'true'; null and '' count as unticked; anything else neither. */
function asBoolean(value: FormValue | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return false;
  const s = String(value).trim().toLowerCase();
  if (TRUE_WORDS.has(s)) return true;
  if (FALSE_WORDS.has(s)) return false;
  return null;
}

const text = (value: FormValue | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= EPSILON * Math.max(1, Math.abs(a), Math.abs(b));
}

/** issame: numerically when both sides look like numbers, else as trimmed text ignoring case. */
export function valuesAreSame(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = asBoolean(a);
    return x !== null && x === asBoolean(b);
  }
  const na = parseNumeric(a);
  const nb = parseNumeric(b);
  if (na !== null && nb !== null) return nearlyEqual(na, nb);
  return text(a).toLowerCase() === text(b).toLowerCase();
}

/** Negative, 0 or positive when both sides look like numbers; null otherwise (the rule then fails). */
function compareNumbers(a: FormValue | undefined, b: FormValue | undefined): number | null {
  const na = parseNumeric(a);
  const nb = parseNumeric(b);
  if (na === null || nb === null) return null;
  return nearlyEqual(na, nb) ? 0 : na - nb;
}

function hasProduct(products: ReadonlySet<number> | undefined, productId: string | null): boolean {
  if (!products || productId === null) return false;
  const id = Number(productId.trim());
  return Number.isInteger(id) && products.has(id);
}

/** One rule. An unknown operator does not hold (a broken rule hides rather than shows). */
export function showRuleHolds(
  rule: FormShowRule,
  values: FormValues,
  flowProducts?: FlowProductContext,
): boolean {
  // Own properties only: a field called 'constructor' must not read Object.prototype.
  const value = Object.hasOwn(values, rule.field_name) ? values[rule.field_name] : undefined;
  switch (rule.operator) {
    case 'issame':
      return valuesAreSame(value, rule.field_value);
    case 'isnotsame':
      return !valuesAreSame(value, rule.field_value);
    case 'isbigger': {
      const c = compareNumbers(value, rule.field_value);
      return c !== null && c > 0;
    }
    case 'isbiggerorequal': {
      const c = compareNumbers(value, rule.field_value);
      return c !== null && c >= 0;
    }
    case 'issmaller': {
      const c = compareNumbers(value, rule.field_value);
      return c !== null && c < 0;
    }
    case 'issmallerorequal': {
      const c = compareNumbers(value, rule.field_value);
      return c !== null && c <= 0;
    }
    case 'isfilledin':
      return isFilledIn(value);
    case 'isnotfilledin':
      return !isFilledIn(value);
    case 'flowHasInvoicedProduct':
      return hasProduct(flowProducts?.invoiced, rule.field_value);
    case 'flowHasApprovedConfirmedProduct':
      return hasProduct(flowProducts?.approvedConfirmed, rule.field_value);
    case 'flowHasConfirmedProduct':
      return hasProduct(flowProducts?.confirmed, rule.field_value);
    case 'flowHasApprovedProduct':
      return hasProduct(flowProducts?.approved, rule.field_value);
    case 'flowHasQuotedProduct':
      return hasProduct(flowProducts?.quoted, rule.field_value);
    case 'flowHasIntakeDocumentProduct':
      return hasProduct(flowProducts?.intakeDocument, rule.field_value);
    case 'flowHasApprovedIntakeDocumentProduct':
      return hasProduct(flowProducts?.approvedIntakeDocument, rule.field_value);
    case 'flowHasSentIntakeDocumentProduct':
      return hasProduct(flowProducts?.sentIntakeDocument, rule.field_value);
    default:
      return false;
  }
}

/** All rules must hold; no rules (or none given) -> true. */
export function showRulesHold(
  rules: readonly FormShowRule[] | null | undefined,
  values: FormValues,
  flowProducts?: FlowProductContext,
): boolean {
  if (!rules) return true;
  for (const rule of rules) if (!showRuleHolds(rule, values, flowProducts)) return false;
  return true;
}
