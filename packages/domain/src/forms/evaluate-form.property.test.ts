import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FormCalculationRule,
  type FormFieldDef,
  type FormShowRule,
  type FormValue,
  SHOW_RULE_OPERATORS,
} from './constants';
import { evaluateForm } from './evaluate-form';

const TYPES = ['number', 'text', 'selectbox', 'checkbox', 'calculated', 'hidden'] as const;
const OPTIONS = ['plat', 'schuin', '2,5', '10'];

const value: fc.Arbitrary<FormValue> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer({ min: -99_999, max: 99_999 }).map((c) => (c / 100).toFixed(2).replace('.', ',')),
  fc.constantFrom('', '  ', 'abc', 'ja', 'nee', '1.234,5', ...OPTIONS),
  fc.boolean(),
  fc.constant(null),
);

/** A raw field: picks (as fractions) of earlier fields, so every rule and formula only looks back: no cycles. */
const rawField = fc.record({
  type: fc.constantFrom(...TYPES),
  show: fc.array(
    fc.record({
      pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      op: fc.constantFrom(...SHOW_RULE_OPERATORS),
      value,
    }),
    { maxLength: 2 },
  ),
  rules: fc.array(
    fc.record({
      a: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      b: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      op: fc.constantFrom('+', '-', '*', '/', '>', '=='),
      constant: fc.integer({ min: -5, max: 50 }),
      when: fc.option(
        fc.record({
          pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          op: fc.constantFrom(...SHOW_RULE_OPERATORS),
          value,
        }),
        { nil: null },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

type RawField = typeof rawField extends fc.Arbitrary<infer T> ? T : never;

function toFields(raw: RawField[]): FormFieldDef[] {
  return raw.map((r, i) => {
    const name = `f${i}`;
    const earlier = (pick: number) => (i === 0 ? null : `f${Math.floor(pick * i)}`);
    const showrules: FormShowRule[] = [];
    for (const s of r.show) {
      const field = earlier(s.pick);
      if (field)
        showrules.push({
          field_name: field,
          operator: s.op,
          field_value: s.value === null ? null : String(s.value),
        });
    }
    const def: FormFieldDef = { field_name: name, field_type: r.type, showrules };
    if (r.type === 'selectbox') def.options = OPTIONS;
    if (r.type === 'calculated' || r.type === 'hidden') {
      def.calculationrules = r.rules.map((rule): FormCalculationRule => {
        const a = earlier(rule.a) ?? String(rule.constant);
        const b = earlier(rule.b) ?? '1';
        const when = rule.when ? earlier(rule.when.pick) : null;
        return {
          formula:
            rule.op === '=='
              ? `${a} == "plat" ? ${rule.constant} : ${b}`
              : `${a} ${rule.op} ${b} + ${rule.constant}`,
          showrules:
            rule.when && when
              ? [
                  {
                    field_name: when,
                    operator: rule.when.op,
                    field_value: rule.when.value === null ? null : String(rule.when.value),
                  },
                ]
              : [],
        };
      });
    }
    return def;
  });
}

const form = fc
  .array(rawField, { minLength: 1, maxLength: 14 })
  .chain((raw) =>
    fc.tuple(fc.constant(toFields(raw)), fc.array(value, { minLength: raw.length, maxLength: raw.length })),
  )
  .map(([fields, vals]) => ({
    fields,
    values: Object.fromEntries(fields.map((f, i) => [f.field_name, vals[i]!])),
  }));

const quiet = { onFormulaError: () => {} };

describe('evaluateForm properties', () => {
  it('is deterministic: the same form and values give the same result, also with a copied definition', () => {
    fc.assert(
      fc.property(form, ({ fields, values }) => {
        const first = evaluateForm(fields, values, quiet);
        expect(evaluateForm(fields, values, quiet)).toEqual(first);
        expect(evaluateForm(structuredClone(fields), values, quiet)).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: evaluating its own output again changes nothing', () => {
    fc.assert(
      fc.property(form, ({ fields, values }) => {
        const first = evaluateForm(fields, values, quiet);
        const again = evaluateForm(fields, first.values, quiet);
        expect(again.values).toEqual(first.values);
        expect(again.visible).toEqual(first.visible);
      }),
      { numRuns: 300 },
    );
  });

  it('never changes its input and only fills calculated and hidden fields', () => {
    fc.assert(
      fc.property(form, ({ fields, values }) => {
        const copy = structuredClone(values);
        const { values: out } = evaluateForm(fields, values, quiet);
        expect(values).toEqual(copy);
        for (const f of fields) {
          if (!f.calculationrules?.length) expect(out[f.field_name]).toEqual(values[f.field_name]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
