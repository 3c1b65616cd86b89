import { describe, expect, it } from 'vitest';
import { compileFormula, restrictedMathForTests, validateFormula } from './formula';

const run = (formula: string, scope: Record<string, unknown> = {}) => {
  const compiled = compileFormula(formula);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.run(new Map(Object.entries(scope)));
};

describe('compileFormula', () => {
  it('computes arithmetic, comparisons, conditions and the allowed functions', () => {
    expect(run('a * b + 1', { a: 2, b: 3 })).toBe(7);
    expect(run('a > 2 ? 10 : 20', { a: 3 })).toBe(10);
    expect(run('a >= 2 and b < 1 ? 1 : 0', { a: 2, b: 0 })).toBe(1);
    expect(run('min(a, 4) + max(1, 2) + abs(-3) + sqrt(16) + pow(2, 3)', { a: 5 })).toBe(21);
    expect(run('round(a, 1) + floor(1.7) + ceil(1.2)', { a: 2.26 })).toBe(5.3);
    expect(run('7 mod 4 + -a', { a: 1 })).toBe(2);
  });

  it('compares text with == as the show rules do', () => {
    expect(run('dakvorm == "plat" ? 1 : 0', { dakvorm: 'Plat ' })).toBe(1);
    expect(run('dakvorm != "plat"', { dakvorm: 'schuin' })).toBe(true);
    expect(run('a == 2.5', { a: 2.5 })).toBe(true);
  });

  it('lists the fields a formula uses, not the functions it calls', () => {
    const compiled = compileFormula('round(a * b, 2) + max(a, c)');
    expect(compiled.ok && compiled.fields).toEqual(['a', 'b', 'c']);
  });

  it('compiles each formula text once', () => {
    expect(compileFormula('x + 41')).toBe(compileFormula('x + 41'));
  });
});

describe('security', () => {
  it.each([
    'import({}, {})',
    'evaluate("1+1")',
    'createUnit("x")',
    'parse("1")',
    'simplify("x")',
    'derivative("x^2", "x")',
    'a = 5',
    'f(x) = x',
    'a.constructor',
    'a["constructor"]',
    '[1, 2]',
    '{a: 1}',
    '1:3',
    'x; y',
  ])('refuses %s before anything runs', (formula) => {
    expect(compileFormula(formula).ok).toBe(false);
  });

  it('the instance itself refuses the dangerous functions', () => {
    const math = restrictedMathForTests;
    expect(() => math.import({}, {})).toThrow(/niet toegestaan/);
    expect(() => math.evaluate('1+1')).toThrow(/niet toegestaan/);
    expect(() => math.parse('1')).toThrow(/niet toegestaan/);
    expect(() => (math.createUnit as (name: string) => unknown)('x')).toThrow(/niet toegestaan/);
    expect(() => math.simplify('x')).toThrow(/niet toegestaan/);
    expect(() => math.derivative('x', 'x')).toThrow(/niet toegestaan/);
    expect(() => math.resolve('x', {})).toThrow(/niet toegestaan/);
    expect(() => (math.reviver as () => unknown)()).toThrow(/niet toegestaan/);
    // compile still works: it kept its own parser.
    expect(math.compile('1 + 1').evaluate()).toBe(2);
  });
});

describe('validateFormula', () => {
  const known = ['lengte', 'breedte', 'dakvorm'];

  it('accepts a readable formula over known fields and allowed functions', () => {
    expect(validateFormula('round(lengte * breedte, 2)', known)).toBeNull();
    expect(validateFormula('dakvorm == "plat" ? lengte : 0', known)).toBeNull();
  });

  it('names a formula it cannot read', () => {
    expect(validateFormula('lengte *', known)).toMatch(/^Formule kan niet worden gelezen: /);
    expect(validateFormula('(lengte', known)).toMatch(/^Formule kan niet worden gelezen: /);
    expect(validateFormula('  ', known)).toBe('Formule is leeg');
  });

  it('names an unknown field', () => {
    expect(validateFormula('lengte * hoogte', known)).toBe('Onbekend veld in formule: hoogte');
  });

  it('names an unknown or forbidden function and forbidden constructs', () => {
    expect(validateFormula('sin(lengte)', known)).toBe('Onbekende functie in formule: sin');
    expect(validateFormula('evaluate("1")', known)).toBe('Onbekende functie in formule: evaluate');
    expect(validateFormula('lengte = 1', known)).toMatch(/^Niet toegestaan in formule: /);
  });
});
