import { describe, expect, it, vi } from 'vitest';
import {
  CIRCULAR_CALCULATION_MESSAGE,
  CircularCalculationError,
  type FlowProductContext,
  FORMULA_ITERATION_CAP,
  type FormFieldDef,
  type FormShowRule,
} from './constants';
import { evaluateForm } from './evaluate-form';

const number = (field_name: string, showrules?: FormShowRule[]): FormFieldDef => ({
  field_name,
  field_type: 'number',
  showrules,
});
const calc = (field_name: string, ...rules: (string | [string, FormShowRule[]])[]): FormFieldDef => ({
  field_name,
  field_type: 'calculated',
  calculationrules: rules.map((r) =>
    typeof r === 'string' ? { formula: r, showrules: [] } : { formula: r[0], showrules: r[1] },
  ),
});
const when = (
  field_name: string,
  operator: FormShowRule['operator'],
  field_value: string | null = null,
): FormShowRule => ({
  field_name,
  operator,
  field_value,
});
const quiet = { onFormulaError: () => {} };

describe('evaluateForm: formulas', () => {
  it('computes a calculated field, rounded to 2 decimals, with Dutch comma input', () => {
    const fields = [number('lengte'), number('breedte'), calc('oppervlak', 'lengte * breedte')];
    const result = evaluateForm(fields, { lengte: '4,25', breedte: '3,333' });
    expect(result.values.oppervlak).toBe(14.17);
  });

  it('counts empty inputs as 0', () => {
    const fields = [number('a'), number('b'), calc('som', 'a + b')];
    expect(evaluateForm(fields, { a: '', b: null }).values.som).toBe(0);
  });

  it('takes the first calculation rule whose conditions hold', () => {
    const fields: FormFieldDef[] = [
      { field_name: 'dakvorm', field_type: 'selectbox', options: ['plat', 'schuin'] },
      number('m2'),
      calc(
        'prijs',
        ['m2 * 10', [when('dakvorm', 'issame', 'plat')]],
        ['m2 * 20', [when('m2', 'isbigger', '5')]],
        'm2 * 30',
      ),
    ];
    expect(evaluateForm(fields, { dakvorm: 'plat', m2: 10 }).values.prijs).toBe(100);
    expect(evaluateForm(fields, { dakvorm: 'schuin', m2: 10 }).values.prijs).toBe(200);
    expect(evaluateForm(fields, { dakvorm: 'schuin', m2: 2 }).values.prijs).toBe(60);
  });

  it('gives null when no calculation rule holds', () => {
    const fields = [number('m2'), calc('prijs', ['m2 * 10', [when('m2', 'isbigger', '5')]])];
    const result = evaluateForm(fields, { m2: 2, prijs: 99 });
    expect(result.values.prijs).toBeNull();
  });

  it('uses a selectbox option as text or as number in a formula', () => {
    const fields: FormFieldDef[] = [
      { field_name: 'dakvorm', field_type: 'selectbox', options: ['plat', 'schuin'] },
      { field_name: 'lagen', field_type: 'selectbox', options: ['1', '2,5'] },
      calc('factor', 'dakvorm == "plat" ? 1 : 0'),
      calc('dubbel', 'lagen * 2'),
    ];
    const result = evaluateForm(fields, { dakvorm: 'plat', lagen: '2,5' });
    expect(result.values.factor).toBe(1);
    expect(result.values.dubbel).toBe(5);
    expect(evaluateForm(fields, { dakvorm: null, lagen: '1' }).values.factor).toBe(0);
  });

  it('computes chained formulas in any field order', () => {
    const fields = [calc('c', 'b * 2'), calc('b', 'a + 1'), number('a')];
    const result = evaluateForm(fields, { a: 4 });
    expect(result.values).toEqual({ a: 4, b: 5, c: 10 });
    // Dependency order: one pass computes everything, a second confirms nothing changed.
    expect(result.iterations).toBe(2);
  });

  it('computes hidden fields and lets formulas use them', () => {
    const fields: FormFieldDef[] = [
      number('a'),
      { field_name: 'h', field_type: 'hidden', calculationrules: [{ formula: 'a * 3', showrules: [] }] },
      calc('c', 'h + 1'),
    ];
    expect(evaluateForm(fields, { a: 2 }).values).toEqual({ a: 2, h: 6, c: 7 });
  });

  it('does not change the input values and keeps values of other fields', () => {
    const fields = [number('a'), calc('b', 'a * 2')];
    const input = Object.freeze({ a: 3, notes: 'bij de achterdeur' });
    const result = evaluateForm(fields, input);
    expect(input).toEqual({ a: 3, notes: 'bij de achterdeur' });
    expect(result.values).toEqual({ a: 3, b: 6, notes: 'bij de achterdeur' });
    expect(result.values).not.toBe(input);
  });

  it('reads the figures a Quickr design wrote into the item (decision 071), not other unknown names', () => {
    const fields = [number('prijs_kwh'), calc('opbrengst_euro', 'quickrExpectedOutput * prijs_kwh')];
    const values = { prijs_kwh: '0,25', quickrExpectedOutput: 6120, quickrRefId: 'scan-1' };
    expect(evaluateForm(fields, values).values.opbrengst_euro).toBe(1530);
    expect(evaluateForm(fields, { prijs_kwh: 1 }).values.opbrengst_euro).toBe(0);
    const onFormulaError = vi.fn();
    evaluateForm([calc('x', 'quickrRefId * 2')], values, { onFormulaError });
    expect(onFormulaError).toHaveBeenCalledTimes(1);
  });

  it('turns a true/false result into 1/0', () => {
    const fields = [number('a'), calc('groot', 'a > 10')];
    expect(evaluateForm(fields, { a: 11 }).values.groot).toBe(1);
    expect(evaluateForm(fields, { a: 9 }).values.groot).toBe(0);
  });
});

describe('evaluateForm: formula errors are logged, never thrown', () => {
  it.each([
    ['a +', /Formule kan niet worden gelezen/],
    ['a * onbekend', /Onbekend veld in formule: onbekend/],
    ['sin(a)', /Onbekende functie in formule: sin/],
    ['a / 0', /geen getal/],
    ['"tekst" * 2', /Cannot convert/],
    ['import({}, {})', /import/],
    ['evaluate("1+1")', /evaluate/],
    ['createUnit("x")', /createUnit/],
    ['parse("1")', /parse/],
  ])('%s -> null and onFormulaError', (formula, message) => {
    const onFormulaError = vi.fn();
    const fields = [number('a'), calc('uitkomst', formula), calc('daarna', 'uitkomst + 1')];
    const result = evaluateForm(fields, { a: 2, uitkomst: 5 }, { onFormulaError });
    expect(result.values.uitkomst).toBeNull();
    expect(result.values.daarna).toBe(1);
    expect(onFormulaError).toHaveBeenCalledTimes(1);
    const [field, text, error] = onFormulaError.mock.calls[0]!;
    expect(field).toBe('uitkomst');
    expect(text).toBe(formula);
    expect(String((error as Error).message)).toMatch(message);
  });

  it('warns on the console when no handler is given', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const result = evaluateForm([calc('x', 'y +')], {});
      expect(result.values.x).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('evaluateForm: visibility', () => {
  const fields: FormFieldDef[] = [
    { field_name: 'zonnepanelen', field_type: 'checkbox' },
    number('panelen', [when('zonnepanelen', 'issame', 'ja')]),
    number('vermogen', [when('zonnepanelen', 'issame', 'ja')]),
    calc('totaal', 'panelen * vermogen'),
    number('opmerking_panelen', [when('panelen', 'isfilledin')]),
  ];

  it('shows a field when all its show rules hold', () => {
    const result = evaluateForm(fields, { zonnepanelen: true, panelen: 10, vermogen: 400 });
    expect(result.visible).toEqual({
      zonnepanelen: true,
      panelen: true,
      vermogen: true,
      totaal: true,
      opmerking_panelen: true,
    });
    expect(result.values.totaal).toBe(4000);
  });

  it('keeps the stored values of hidden branches, but formulas and show rules see them as empty', () => {
    const result = evaluateForm(fields, { zonnepanelen: false, panelen: 10, vermogen: 400 });
    expect(result.visible.panelen).toBe(false);
    expect(result.visible.opmerking_panelen).toBe(false); // panelen is not shown, so not filled in
    expect(result.values.panelen).toBe(10);
    expect(result.values.totaal).toBe(0);
  });

  it('shows fields that depend on a calculated value', () => {
    const form: FormFieldDef[] = [
      number('a'),
      calc('b', 'a * 2'),
      number('extra', [when('b', 'isbigger', '10')]),
    ];
    expect(evaluateForm(form, { a: 6 }).visible.extra).toBe(true);
    expect(evaluateForm(form, { a: 4 }).visible.extra).toBe(false);
  });

  it('hidden fields always count with their value, whatever their show rules', () => {
    const form: FormFieldDef[] = [
      number('a'),
      {
        field_name: 'h',
        field_type: 'hidden',
        showrules: [when('a', 'isbigger', '100')],
        calculationrules: [{ formula: 'a + 1', showrules: [] }],
      },
      calc('c', 'h * 2'),
    ];
    const result = evaluateForm(form, { a: 1 });
    expect(result.visible.h).toBe(false);
    expect(result.values.c).toBe(4);
  });

  it('uses the flow products for template operators', () => {
    const products: FlowProductContext = {
      invoiced: new Set(),
      approvedConfirmed: new Set(),
      confirmed: new Set(),
      approved: new Set(),
      quoted: new Set([42]),
      intakeDocument: new Set(),
      approvedIntakeDocument: new Set(),
      sentIntakeDocument: new Set(),
    };
    const form: FormFieldDef[] = [
      number('omvormer', [when('', 'flowHasQuotedProduct', '42')]),
      calc('korting', ['50', [when('', 'flowHasQuotedProduct', '42')]], '0'),
    ];
    const withProduct = evaluateForm(form, {}, { flowProducts: products });
    expect(withProduct.visible.omvormer).toBe(true);
    expect(withProduct.values.korting).toBe(50);
    const without = evaluateForm(form, {});
    expect(without.visible.omvormer).toBe(false);
    expect(without.values.korting).toBe(0);
  });
});

describe('evaluateForm: circular calculations', () => {
  it('throws with the exact message after the iteration cap when values keep growing', () => {
    const fields = [calc('a', 'b + 1'), calc('b', 'a + 1')];
    expect(() => evaluateForm(fields, {}, quiet)).toThrow(CircularCalculationError);
    expect(() => evaluateForm(fields, {}, quiet)).toThrow(CIRCULAR_CALCULATION_MESSAGE);
    expect(CIRCULAR_CALCULATION_MESSAGE).toBe('circular calculation detected, check intake form settings');
    expect(FORMULA_ITERATION_CAP).toBe(1000);
  });

  it('throws for a field that depends on itself and for flip-flopping values', () => {
    expect(() => evaluateForm([calc('a', 'a + 1')], {})).toThrow(CIRCULAR_CALCULATION_MESSAGE);
    expect(() => evaluateForm([calc('a', 'a == 0 ? 1 : 0')], {})).toThrow(CircularCalculationError);
  });

  it('throws for show rules that keep switching each other', () => {
    const form: FormFieldDef[] = [
      { field_name: 'x', field_type: 'text', showrules: [when('y', 'isnotfilledin')] },
      calc('y', ['1', [when('x', 'isfilledin')]]),
    ];
    expect(() => evaluateForm(form, { x: 'iets' })).toThrow(CircularCalculationError);
  });

  it('accepts a cycle that settles', () => {
    const fields = [number('a'), calc('b', 'min(c, 10)'), calc('c', 'max(b, a)')];
    const result = evaluateForm(fields, { a: 3 });
    expect(result.values.b).toBe(3);
    expect(result.values.c).toBe(3);
    expect(result.iterations).toBeLessThan(5);
  });
});

describe('evaluateForm: speed', () => {
  it('evaluates a 200-field form with 50 formulas and 30 show rules in a few milliseconds', () => {
    const fields: FormFieldDef[] = [];
    for (let i = 0; i < 140; i++) {
      fields.push(
        i % 5 === 0 && i > 0 ? number(`n${i}`, [when(`n${i - 1}`, 'isbigger', '10')]) : number(`n${i}`),
      );
    }
    for (let i = 0; i < 50; i++) fields.push(calc(`c${i}`, i === 0 ? 'n1 * n2' : `c${i - 1} + n${i} * 1.5`));
    for (let i = 0; i < 10; i++) fields.push(number(`m${i}`, [when(`c${i * 5}`, 'isbigger', '100')]));
    const values = Object.fromEntries(fields.map((f, i) => [f.field_name, String((i * 7) % 23)]));
    evaluateForm(fields, values);
    const start = performance.now();
    for (let i = 0; i < 50; i++) evaluateForm(fields, { ...values, n1: String(i) });
    const perRun = (performance.now() - start) / 50;
    expect(perRun).toBeLessThan(16);
  });
});
