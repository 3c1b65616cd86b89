import { describe, expect, it } from 'vitest';
import {
  type FlowProductContext,
  type FormShowRule,
  SHOW_RULE_OPERATOR_LABELS,
  SHOW_RULE_OPERATORS,
  TEMPLATE_SHOW_RULE_OPERATORS,
} from './constants';
import { showRuleHolds, showRulesHold } from './show-rules';

const rule = (
  operator: FormShowRule['operator'],
  field_value: string | null,
  field_name = 'x',
): FormShowRule => ({
  field_name,
  operator,
  field_value,
});
const holds = (
  operator: FormShowRule['operator'],
  value: string | number | boolean | null,
  ruleValue: string | null,
) => showRuleHolds(rule(operator, ruleValue), { x: value });

describe('show rule operators', () => {
  it('has a Dutch label for every operator', () => {
    for (const op of [...SHOW_RULE_OPERATORS, ...TEMPLATE_SHOW_RULE_OPERATORS]) {
      expect(SHOW_RULE_OPERATOR_LABELS[op]).toMatch(/\S/);
    }
    expect(SHOW_RULE_OPERATOR_LABELS.issame).toBe('is gelijk aan');
    expect(SHOW_RULE_OPERATOR_LABELS.isnotfilledin).toBe('is niet ingevuld');
    expect(SHOW_RULE_OPERATOR_LABELS.flowHasQuotedProduct).toBe('dossier heeft geoffreerd product');
  });

  it('issame compares numbers numerically, also with a Dutch comma', () => {
    expect(holds('issame', '12,5', '12.5')).toBe(true);
    expect(holds('issame', 12.5, '12,50')).toBe(true);
    expect(holds('issame', '1.234,5', '1234.5')).toBe(true);
    expect(holds('issame', '10', '10.0')).toBe(true);
    expect(holds('issame', '10', '11')).toBe(false);
  });

  it('issame compares text trimmed and ignoring case', () => {
    expect(holds('issame', ' Plat ', 'plat')).toBe(true);
    expect(holds('issame', 'plat', 'schuin')).toBe(false);
    expect(holds('issame', '', null)).toBe(true);
    expect(holds('issame', null, '')).toBe(true);
    expect(holds('issame', '0', '')).toBe(false);
  });

  it('isnotsame is the opposite of issame', () => {
    expect(holds('isnotsame', 'Plat', 'plat')).toBe(false);
    expect(holds('isnotsame', 'plat', 'schuin')).toBe(true);
    expect(holds('isnotsame', '3,0', '3')).toBe(false);
    expect(holds('isnotsame', null, 'x')).toBe(true);
  });

  it('a ticked checkbox equals 1, ja and true; an unticked one 0, nee, false and empty', () => {
    for (const v of ['1', 'ja', 'JA', 'true']) expect(holds('issame', true, v)).toBe(true);
    for (const v of ['0', 'nee', 'false', '', null]) expect(holds('issame', false, v)).toBe(true);
    expect(holds('issame', true, 'nee')).toBe(false);
    expect(holds('issame', false, 'ja')).toBe(false);
    expect(holds('issame', true, 'misschien')).toBe(false);
    expect(holds('isnotsame', true, '0')).toBe(true);
  });

  it('isbigger / isbiggerorequal / issmaller / issmallerorequal compare numbers', () => {
    expect(holds('isbigger', '10', '9,5')).toBe(true);
    expect(holds('isbigger', '9,5', '9,5')).toBe(false);
    expect(holds('isbiggerorequal', '9,5', '9.5')).toBe(true);
    expect(holds('isbiggerorequal', 9, '9.5')).toBe(false);
    expect(holds('issmaller', '2', '10')).toBe(true); // not as text ("2" > "10")
    expect(holds('issmaller', 10, '10')).toBe(false);
    expect(holds('issmallerorequal', 10, '10')).toBe(true);
    expect(holds('issmallerorequal', '10,01', '10')).toBe(false);
  });

  it('number comparisons on text or empty values do not hold', () => {
    for (const op of ['isbigger', 'isbiggerorequal', 'issmaller', 'issmallerorequal'] as const) {
      expect(holds(op, 'b', 'a')).toBe(false);
      expect(holds(op, '', '0')).toBe(false);
      expect(holds(op, null, '0')).toBe(false);
      expect(holds(op, '5', null)).toBe(false);
      expect(holds(op, '5', 'abc')).toBe(false);
    }
  });

  it('isfilledin / isnotfilledin: empty, whitespace, null and false are not filled in', () => {
    for (const empty of ['', '   ', null, false]) {
      expect(holds('isfilledin', empty, null)).toBe(false);
      expect(holds('isnotfilledin', empty, null)).toBe(true);
    }
    for (const filled of ['a', 0, '0', true]) {
      expect(holds('isfilledin', filled, null)).toBe(true);
      expect(holds('isnotfilledin', filled, null)).toBe(false);
    }
    expect(showRuleHolds(rule('isnotfilledin', null, 'missing'), {})).toBe(true);
  });

  it('does not read inherited properties as values', () => {
    expect(showRuleHolds(rule('isfilledin', null, 'constructor'), {})).toBe(false);
    expect(showRuleHolds(rule('isfilledin', null, 'toString'), {})).toBe(false);
  });

  it('an unknown operator does not hold', () => {
    expect(
      showRuleHolds({ field_name: 'x', operator: 'bogus' as 'issame', field_value: '1' }, { x: '1' }),
    ).toBe(false);
  });
});

describe('showRulesHold', () => {
  const values = { a: '5', b: 'plat', c: '' };

  it('holds without rules', () => {
    expect(showRulesHold([], values)).toBe(true);
    expect(showRulesHold(null, values)).toBe(true);
    expect(showRulesHold(undefined, values)).toBe(true);
  });

  it('needs all rules to hold', () => {
    const a = rule('isbigger', '3', 'a');
    const b = rule('issame', 'plat', 'b');
    const c = rule('isfilledin', null, 'c');
    expect(showRulesHold([a, b], values)).toBe(true);
    expect(showRulesHold([a, b, c], values)).toBe(false);
    expect(showRulesHold([c, a], values)).toBe(false);
  });
});

describe('template operators', () => {
  const empty = new Set<number>();
  const products: FlowProductContext = {
    invoiced: new Set([1]),
    approvedConfirmed: new Set([2]),
    confirmed: new Set([3]),
    approved: new Set([4]),
    quoted: new Set([5]),
    intakeDocument: new Set([6]),
    approvedIntakeDocument: new Set([7]),
    sentIntakeDocument: new Set([8]),
  };
  const cases = [
    ['flowHasInvoicedProduct', 1],
    ['flowHasApprovedConfirmedProduct', 2],
    ['flowHasConfirmedProduct', 3],
    ['flowHasApprovedProduct', 4],
    ['flowHasQuotedProduct', 5],
    ['flowHasIntakeDocumentProduct', 6],
    ['flowHasApprovedIntakeDocumentProduct', 7],
    ['flowHasSentIntakeDocumentProduct', 8],
  ] as const;

  it('covers every template operator', () => {
    expect(cases.map(([op]) => op).sort()).toEqual([...TEMPLATE_SHOW_RULE_OPERATORS].sort());
  });

  it.each(cases)('%s holds when the product (field_value) is in its document state', (op, id) => {
    expect(showRuleHolds(rule(op, String(id), ''), {}, products)).toBe(true);
    expect(showRuleHolds(rule(op, ` ${id} `, ''), {}, products)).toBe(true);
    // Another state's product does not count.
    expect(showRuleHolds(rule(op, String((id % 8) + 1), ''), {}, products)).toBe(false);
  });

  it('does not hold without products, without a product id or with a bad one', () => {
    expect(showRuleHolds(rule('flowHasQuotedProduct', '5', ''), {})).toBe(false);
    expect(showRuleHolds(rule('flowHasQuotedProduct', null, ''), {}, products)).toBe(false);
    expect(showRuleHolds(rule('flowHasQuotedProduct', 'abc', ''), {}, products)).toBe(false);
    expect(showRuleHolds(rule('flowHasQuotedProduct', '5.5', ''), {}, products)).toBe(false);
    const none = { ...products, quoted: empty };
    expect(showRuleHolds(rule('flowHasQuotedProduct', '5', ''), {}, none)).toBe(false);
  });

  it('combines with value rules: all must hold', () => {
    const rules = [rule('flowHasQuotedProduct', '5', ''), rule('issame', 'ja', 'x')];
    expect(showRulesHold(rules, { x: 'ja' }, products)).toBe(true);
    expect(showRulesHold(rules, { x: 'nee' }, products)).toBe(false);
  });
});
