// The form engine benchmark's work, shared by the Node run and the Chromium run (bundled by esbuild):
// a form of 200 fields and a series of keystrokes, each evaluated as the form filler does.
import { evaluateForm, type FormFieldDef, type FormShowRule, type FormValues } from '@im/domain';

const OPTIONS = ['plat', 'schuin', 'zadeldak', '2,5', '10'];

/** Deterministic random numbers (mulberry32), so each run measures the same form. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(2024);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const num = (i: number) => `n${i}`;
const sel = (i: number) => `s${i}`;
const rule = (field_name: string, operator: FormShowRule['operator'], field_value: string | null = null) => ({
  field_name,
  operator,
  field_value,
});

function benchForm(): FormFieldDef[] {
  const numbers: FormFieldDef[] = Array.from({ length: 120 }, (_, i) => ({
    field_name: num(i),
    field_type: 'number',
  }));
  const selects: FormFieldDef[] = Array.from({ length: 20 }, (_, i) => ({
    field_name: sel(i),
    field_type: 'selectbox',
    options: OPTIONS,
  }));
  // Each calculated field uses inputs and, from the second on, the calculated field before it: a chain
  // of 50. Every third has a conditional first rule, every fifth a ternary on a selectbox.
  const calculated: FormFieldDef[] = Array.from({ length: 50 }, (_, i) => {
    const a = num((i * 7) % 120);
    const b = num((i * 13 + 5) % 120);
    const prev = i === 0 ? '1' : `c${i - 1}`;
    const base =
      i % 5 === 0
        ? `(${sel(i % 20)} == "plat" ? ${a} : ${b} * 2) + ${prev} / 10`
        : `round(${a} * ${b} / 100 + max(${prev}, 0) / 10, 2)`;
    const calculationrules =
      i % 3 === 0
        ? [
            { formula: `${base} * 1.21`, showrules: [rule(num((i * 11) % 120), 'isbigger', '50')] },
            { formula: base, showrules: [] },
          ]
        : [{ formula: base, showrules: [] }];
    return { field_name: `c${i}`, field_type: 'calculated', calculationrules };
  });
  const hidden: FormFieldDef[] = Array.from({ length: 10 }, (_, i) => ({
    field_name: `h${i}`,
    field_type: 'hidden',
    calculationrules: [{ formula: `c${i * 5 + 4} + ${num(i)} * 0.5`, showrules: [] }],
  }));
  // 30 fields with show rules: 15 numbers, 10 calculated (on inputs or on calculated values), 5 selectboxes.
  for (let i = 0; i < 15; i++) {
    numbers[100 + i]!.showrules = [rule(sel(i % 20), 'isnotsame', 'schuin'), rule(num(i), 'isfilledin')];
  }
  for (let i = 0; i < 10; i++) {
    calculated[i * 5 + 2]!.showrules = [rule(i % 2 ? `c${i * 5}` : num(i + 20), 'issmallerorequal', '5000')];
  }
  for (let i = 0; i < 5; i++) selects[15 + i]!.showrules = [rule(`h${i}`, 'isbigger', '1')];
  // Form order as an admin builds it: mixed, calculated fields often before the fields they use.
  const all = [...numbers, ...selects, ...calculated, ...hidden];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

function benchValues(fields: readonly FormFieldDef[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.field_type === 'number')
      values[f.field_name] = (Math.round(rnd() * 10_000) / 100).toFixed(2).replace('.', ',');
    else if (f.field_type === 'selectbox') values[f.field_name] = pick(OPTIONS);
  }
  return values;
}

export interface FormBenchResult {
  fields: number;
  withFormulas: number;
  withShowRules: number;
  coldMs: number;
  firstPasses: number;
  times: number[];
  passes: number[];
}

/** Evaluates the form once cold, then `warmup` and `runs` keystrokes; answers the timings of the runs. */
export function runFormBench(runs: number, warmup: number): FormBenchResult {
  const fields = benchForm();
  const base = benchValues(fields);
  const coldStart = performance.now();
  const first = evaluateForm(fields, base);
  const coldMs = performance.now() - coldStart;
  const inputs = fields.filter((f) => f.field_type === 'number' || f.field_type === 'selectbox');
  const typed = (values: FormValues): FormValues => {
    const f = pick(inputs);
    const value = f.field_type === 'selectbox' ? pick(OPTIONS) : (rnd() * 100).toFixed(1).replace('.', ',');
    return { ...values, [f.field_name]: value };
  };
  let current = first.values;
  for (let i = 0; i < warmup; i++) current = evaluateForm(fields, typed(current)).values;
  const times: number[] = [];
  const passes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const next = typed(current);
    const start = performance.now();
    const result = evaluateForm(fields, next);
    times.push(performance.now() - start);
    passes.push(result.iterations);
    current = result.values;
  }
  return {
    fields: fields.length,
    withFormulas: fields.filter((f) => f.calculationrules?.length).length,
    withShowRules: fields.filter((f) => f.showrules?.length).length,
    coldMs,
    firstPasses: first.iterations,
    times,
    passes,
  };
}
