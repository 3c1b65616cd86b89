// Formulas of calculated and hidden fields, on a RESTRICTED mathjs instance: only arithmetic,
// comparison, logic, min/max/round/floor/ceil/abs/sqrt/pow and the conditional `a ? b : c`, and the
// functions that could reach further (import, createUnit, evaluate, parse, simplify, derivative,
// resolve, reviver) replaced by ones that throw, as the mathjs security documentation describes.
// On top of that every formula is checked node by node before it is compiled: only constants,
// field names, operators, parentheses, conditionals and the allowed functions pass. Never eval.
import {
  absDependencies,
  addDependencies,
  andDependencies,
  ceilDependencies,
  compileDependencies,
  create,
  divideDependencies,
  type FactoryFunctionMap,
  factory,
  floorDependencies,
  largerDependencies,
  largerEqDependencies,
  type MathNode,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  notDependencies,
  orDependencies,
  parseDependencies,
  powDependencies,
  roundDependencies,
  smallerDependencies,
  smallerEqDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} from 'mathjs';
import { QUICKR_NUMBER_FIELDS } from '../integrations/solar';
import type { FormValue } from './constants';
import { valuesAreSame } from './show-rules';

/** `==` and `!=` as the show rules compare: numbers numerically, text ignoring case (`dakvorm == "plat"`). */
const createEqual = factory('equal', [], () => (a: FormValue, b: FormValue) => valuesAreSame(a, b));
const createUnequal = factory('unequal', [], () => (a: FormValue, b: FormValue) => !valuesAreSame(a, b));

// mathjs types each dependency map as possibly undefined (a Record lookup); they all exist.
const factories = {
  absDependencies,
  addDependencies,
  andDependencies,
  ceilDependencies,
  compileDependencies,
  divideDependencies,
  floorDependencies,
  largerDependencies,
  largerEqDependencies,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  notDependencies,
  orDependencies,
  parseDependencies,
  powDependencies,
  roundDependencies,
  smallerDependencies,
  smallerEqDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  createEqual,
  createUnequal,
} as FactoryFunctionMap;
const math = create(
  factories,
  // predictable: sqrt(-1) is NaN (then a formula error), not a complex number.
  { number: 'number', predictable: true },
);

// Taken before the instance's own parse is disabled below; compile keeps its own reference to parse.
const parse = math.parse;
const compile = math.compile;

const disabled = (name: string) => () => {
  throw new Error(`Functie ${name} is niet toegestaan in een formule`);
};
math.import(
  {
    import: disabled('import'),
    createUnit: disabled('createUnit'),
    evaluate: disabled('evaluate'),
    parse: disabled('parse'),
    simplify: disabled('simplify'),
    derivative: disabled('derivative'),
    resolve: disabled('resolve'),
    reviver: disabled('reviver'),
  },
  { override: true },
);

/** The functions a formula may call by name. */
export const FORMULA_FUNCTIONS: readonly string[] = [
  'min',
  'max',
  'round',
  'floor',
  'ceil',
  'abs',
  'sqrt',
  'pow',
];
const ALLOWED_FUNCTIONS = new Set(FORMULA_FUNCTIONS);
const ALLOWED_NODES = new Set([
  'ConstantNode',
  'SymbolNode',
  'OperatorNode',
  'ParenthesisNode',
  'ConditionalNode',
  'FunctionNode',
  'RelationalNode',
]);

export type CompiledFormula =
  | { ok: true; formula: string; fields: readonly string[]; run: (scope: Map<string, unknown>) => unknown }
  | { ok: false; formula: string; message: string };

interface Analysis {
  fields: string[];
  problem: string | null;
}

function analyze(root: MathNode): Analysis {
  const fields = new Set<string>();
  let problem: string | null = null;
  root.traverse((node, path, parent) => {
    if (problem) return;
    if (!ALLOWED_NODES.has(node.type)) {
      problem = `Niet toegestaan in formule: ${node.toString()}`;
    } else if (node.type === 'FunctionNode') {
      const fn = (node as MathNode & { fn: MathNode }).fn;
      const name = fn.type === 'SymbolNode' ? (fn as MathNode & { name: string }).name : null;
      if (name === null || !ALLOWED_FUNCTIONS.has(name)) {
        problem = `Onbekende functie in formule: ${name ?? fn.toString()}`;
      }
    } else if (node.type === 'SymbolNode' && !(parent?.type === 'FunctionNode' && path === 'fn')) {
      fields.add((node as MathNode & { name: string }).name);
    }
  });
  return { fields: [...fields], problem };
}

function parseError(error: unknown): string {
  return `Formule kan niet worden gelezen: ${error instanceof Error ? error.message : String(error)}`;
}

const CACHE_LIMIT = 5000;
const cache = new Map<string, CompiledFormula>();

/** The formula checked and compiled once; cached by its text, so evaluating again is cheap. */
export function compileFormula(formula: string): CompiledFormula {
  const hit = cache.get(formula);
  if (hit) return hit;
  const compiled = compileUncached(formula);
  if (cache.size >= CACHE_LIMIT) cache.clear(); // many companies' forms in one server: stay bounded
  cache.set(formula, compiled);
  return compiled;
}

function compileUncached(formula: string): CompiledFormula {
  if (formula.trim() === '') return { ok: false, formula, message: 'Formule is leeg' };
  let root: MathNode;
  try {
    root = parse(formula);
  } catch (error) {
    return { ok: false, formula, message: parseError(error) };
  }
  const { fields, problem } = analyze(root);
  if (problem) return { ok: false, formula, message: problem };
  try {
    const code = compile(formula);
    return { ok: true, formula, fields, run: (scope) => code.evaluate(scope) };
  } catch (error) {
    return { ok: false, formula, message: parseError(error) };
  }
}

/**
 * null when the formula can be read and names only known fields and allowed functions; otherwise the
 * Dutch message for the settings screen.
 */
export function validateFormula(formula: string, knownFieldNames: readonly string[]): string | null {
  const compiled = compileFormula(formula);
  if (!compiled.ok) return compiled.message;
  const known = new Set(knownFieldNames);
  // A Quickr design's figures are readable too (decision 071).
  const unknown = compiled.fields.find((name) => !known.has(name) && !QUICKR_NUMBER_FIELDS.has(name));
  return unknown === undefined ? null : `Onbekend veld in formule: ${unknown}`;
}

/** The restricted instance itself, for the security tests only (not exported from the package). */
export const restrictedMathForTests = math;
