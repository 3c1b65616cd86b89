// The form engine: which fields are visible (show rules) and the values of calculated and hidden
// fields (formula rules), recomputed until nothing changes any more. The same code runs in the
// browser while someone types and on the server when a flow data item is stored.
//
// Choices (what a user expects: a branch of the form that is not shown does not count):
// - A field that is not visible keeps its stored value in the result, but formulas and show rules see
//   it as null. A `hidden` field is never shown on screen; its own show rules still fill `visible`, but
//   it always counts with its value, so its show rules don't matter for computing.
// - Calculated and hidden fields with calculation rules are always computed, also while not visible;
//   the first rule whose show rules all hold gives the value, no rule holding gives null. Fields of
//   those types without calculation rules keep their stored value.
// - Formula errors are only logged (onFormulaError, once per field and formula per call); the value is null.

import { QUICKR_NUMBER_FIELDS } from '../integrations/solar';
import {
  CircularCalculationError,
  type FieldType,
  type FlowProductContext,
  FORMULA_ITERATION_CAP,
  type FormCalculationRule,
  type FormFieldDef,
  type FormShowRule,
  type FormValue,
  type FormValues,
} from './constants';
import { type CompiledFormula, compileFormula } from './formula';
import { showRulesHold } from './show-rules';
import { parseNumeric, roundTo2, toNumber } from './values';

export interface EvaluateOptions {
  flowProducts?: FlowProductContext;
  /** Called for a formula that cannot be read or fails (default: console.warn); the field's value becomes null. */
  onFormulaError?: (fieldName: string, formula: string, error: unknown) => void;
}

export interface FormEvaluation {
  values: FormValues;
  visible: Record<string, boolean>;
  /** Recompute passes until stable (the last one changed nothing). */
  iterations: number;
}

interface RulePlan {
  rule: FormCalculationRule;
  compiled: CompiledFormula;
  /** The first name in the formula that is not a field of the form. */
  unknown: string | undefined;
}

interface FieldPlan {
  index: number;
  name: string;
  type: FieldType;
  showrules: readonly FormShowRule[];
  showDeps: readonly string[];
  /** Calculation rules, for calculated and hidden fields that have them. */
  rules: readonly RulePlan[] | null;
  calcDeps: readonly string[];
}

interface Plan {
  count: number;
  byName: Map<string, FieldPlan>;
  all: readonly FieldPlan[];
  withShowRules: readonly FieldPlan[];
  /** Calculated fields, each after the fields its rules use (cycles: in form order). */
  calcOrder: readonly FieldPlan[];
}

// One plan per fields array: pass a new array when the form definition changes (as state updates do).
const plans = new WeakMap<readonly FormFieldDef[], Plan>();

function planFor(fields: readonly FormFieldDef[]): Plan {
  const cached = plans.get(fields);
  if (cached && cached.count === fields.length) return cached;
  const plan = buildPlan(fields);
  plans.set(fields, plan);
  return plan;
}

function buildPlan(fields: readonly FormFieldDef[]): Plan {
  const byName = new Map<string, FieldPlan>();
  const all: FieldPlan[] = [];
  for (const [index, def] of fields.entries()) {
    // A duplicate name counts once (the first); '__proto__' cannot be a plain object key safely.
    if (byName.has(def.field_name) || def.field_name === '__proto__') continue;
    const showrules = def.showrules ?? [];
    const p: FieldPlan = {
      index,
      name: def.field_name,
      type: def.field_type,
      showrules,
      showDeps: [...new Set(showrules.map((r) => r.field_name))],
      rules: null,
      calcDeps: [],
    };
    byName.set(p.name, p);
    all.push(p);
  }
  for (const p of all) {
    const def = fields[p.index]!;
    if ((p.type !== 'calculated' && p.type !== 'hidden') || !def.calculationrules?.length) continue;
    const deps = new Set<string>();
    p.rules = def.calculationrules.map((rule) => {
      const compiled = compileFormula(rule.formula ?? '');
      const names = compiled.ok ? compiled.fields : [];
      for (const name of names) deps.add(name);
      for (const r of rule.showrules ?? []) deps.add(r.field_name);
      // Besides the form's own fields, a formula may read the figures a Quickr design wrote (decision 071).
      const known = (name: string) => byName.has(name) || QUICKR_NUMBER_FIELDS.has(name);
      return { rule, compiled, unknown: names.find((name) => !known(name)) };
    });
    p.calcDeps = [...deps];
  }
  return {
    count: fields.length,
    byName,
    all,
    withShowRules: all.filter((p) => p.showrules.length > 0),
    calcOrder: calculationOrder(all, byName),
  };
}

/** Depth first: every calculated field after the calculated fields it uses, else in form order. */
function calculationOrder(all: readonly FieldPlan[], byName: Map<string, FieldPlan>): FieldPlan[] {
  const order: FieldPlan[] = [];
  const state = new Map<FieldPlan, 'busy' | 'done'>();
  const visit = (p: FieldPlan) => {
    if (state.has(p)) return; // done, or busy: a cycle, broken here and settled by the passes
    state.set(p, 'busy');
    for (const dep of p.calcDeps) {
      const d = byName.get(dep);
      if (d?.rules) visit(d);
    }
    state.set(p, 'done');
    order.push(p);
  };
  for (const p of all) if (p.rules) visit(p);
  return order;
}

const own = (values: FormValues, name: string): FormValue =>
  (Object.hasOwn(values, name) ? values[name] : null) ?? null;

/** A field as a formula sees it: a selectbox option as number when numeric, else as text; the rest as number. */
function formulaInput(p: FieldPlan, value: FormValue): number | string {
  if (p.type !== 'selectbox') return toNumber(value);
  if (value === null) return '';
  return parseNumeric(value) ?? String(value).trim();
}

class FormulaFailure extends Error {}

/** The formula's result as a field value: numbers rounded to 2 decimals, true/false as 1/0. */
function asFieldValue(result: unknown): FormValue {
  if (typeof result === 'number') {
    if (!Number.isFinite(result)) throw new FormulaFailure('Formule geeft geen getal (deling door 0?)');
    return roundTo2(result);
  }
  if (typeof result === 'boolean') return result ? 1 : 0;
  if (typeof result === 'string') return result;
  if (result === null || result === undefined) return null;
  throw new FormulaFailure('Formule geeft geen getal of tekst');
}

/**
 * Visibility and computed values of one filled-in form. The input values are not changed; the result
 * holds them plus the computed fields. Throws CircularCalculationError after FORMULA_ITERATION_CAP
 * passes that still changed something.
 */
export function evaluateForm(
  fields: readonly FormFieldDef[],
  values: FormValues,
  options: EvaluateOptions = {},
): FormEvaluation {
  const plan = planFor(fields);
  const { flowProducts } = options;
  const onError =
    options.onFormulaError ??
    ((field: string, formula: string, error: unknown) =>
      console.warn(
        `formula of ${field} (${formula}) failed:`,
        error instanceof Error ? error.message : error,
      ));
  const reported = new Set<string>();
  const report = (p: FieldPlan, formula: string, error: unknown) => {
    const key = `${p.name}\u0000${formula}`;
    if (reported.has(key)) return;
    reported.add(key);
    onError(p.name, formula, error);
  };

  const out: FormValues = { ...values };
  for (const p of plan.calcOrder) out[p.name] = own(out, p.name); // computed fields: always a key
  const visible: Record<string, boolean> = {};
  for (const p of plan.all) visible[p.name] = true;
  // What formulas and show rules see: the values, with fields that are not visible as null.
  const seen: FormValues = { ...out };

  // Each change of what is seen gets a new tick; a rule is evaluated again only when something it
  // uses changed after its last evaluation (-1: never evaluated).
  let tick = 0;
  const changedAt = new Map<string, number>();
  const visibilityAt = new Array<number>(fields.length).fill(-1);
  const computedAt = new Array<number>(fields.length).fill(-1);
  const stale = (deps: readonly string[], at: number) => {
    if (at < 0) return true;
    for (const dep of deps) if ((changedAt.get(dep) ?? 0) > at) return true;
    return false;
  };
  const updateSeen = (p: FieldPlan) => {
    const next = p.type === 'hidden' || visible[p.name] ? own(out, p.name) : null;
    if (next === own(seen, p.name)) return;
    seen[p.name] = next;
    changedAt.set(p.name, ++tick);
  };

  const compute = (p: FieldPlan): FormValue => {
    for (const r of p.rules!) {
      if (!showRulesHold(r.rule.showrules, seen, flowProducts)) continue;
      const { compiled } = r;
      try {
        if (!compiled.ok) throw new FormulaFailure(compiled.message);
        if (r.unknown !== undefined) throw new FormulaFailure(`Onbekend veld in formule: ${r.unknown}`);
        const scope = new Map<string, unknown>();
        for (const name of compiled.fields) {
          const field = plan.byName.get(name);
          scope.set(name, field ? formulaInput(field, own(seen, name)) : toNumber(own(seen, name)));
        }
        return asFieldValue(compiled.run(scope));
      } catch (error) {
        report(p, r.rule.formula, error);
        return null;
      }
    }
    return null;
  };

  let iterations = 0;
  for (;;) {
    iterations++;
    if (iterations > FORMULA_ITERATION_CAP) throw new CircularCalculationError();
    let changed = false;
    // Visibility from what was seen at the start of the pass, applied together.
    const flipped: FieldPlan[] = [];
    for (const p of plan.withShowRules) {
      if (!stale(p.showDeps, visibilityAt[p.index]!)) continue;
      visibilityAt[p.index] = tick;
      if (showRulesHold(p.showrules, seen, flowProducts) !== visible[p.name]) flipped.push(p);
    }
    for (const p of flipped) {
      visible[p.name] = !visible[p.name];
      changed = true;
      updateSeen(p);
    }
    // Formulas in dependency order, each seeing the values computed before it in this pass.
    for (const p of plan.calcOrder) {
      if (!stale(p.calcDeps, computedAt[p.index]!)) continue;
      computedAt[p.index] = tick;
      const value = compute(p);
      if (value === own(out, p.name)) continue;
      out[p.name] = value;
      changed = true;
      updateSeen(p);
    }
    if (!changed) return { values: out, visible, iterations };
  }
}
