import { describe, expect, it } from 'vitest';
import { DEFAULT_CALCULATION_COLUMNS, labelledCalculationColumns } from './constants';
import { computeCalculation, type EngineCalculation, type EngineItem } from './engine';
import { singleRateSplit } from './pricing';

let nextId = 1;
function line(partial: Partial<EngineItem>): EngineItem {
  return {
    id: nextId++,
    parent_id: null,
    order: nextId,
    item_type: 'manual',
    product_type: null,
    pricing: null,
    product_amount: 1,
    unit_amount_manual: null,
    alternative_amount: null,
    unit_rate_exc_manual: null,
    unit_rate_inc_manual: null,
    start_amount_exc: 0,
    start_amount_inc: 0,
    discount_percentage: 0,
    selected: true,
    additionalwork: false,
    ...singleRateSplit(21),
    ...partial,
  };
}

function calc(items: EngineItem[], extra: Partial<EngineCalculation> = {}) {
  return computeCalculation({ discount: 0, unit_amount: null, items, ...extra });
}

describe('calculation engine: hand-computed Dutch examples', () => {
  it('solar panels at 0 % with meter cupboard work at 21 %', () => {
    const panels = {
      calc_base: 'exc' as const,
      calc_method: 'fixed' as const,
      tiers: [
        { unit_amount: 0, unit_rate_exc: '179.00', unit_rate_inc: '179.00' },
        { unit_amount: 10, unit_rate_exc: '165.00', unit_rate_inc: '165.00' },
        { unit_amount: 20, unit_rate_exc: '155.00', unit_rate_inc: '155.00' },
      ],
    };
    const { totals, items } = calc([
      line({ item_type: 'product', pricing: panels, product_amount: 12, ...singleRateSplit(0) }),
      line({ unit_rate_exc_manual: '850', ...singleRateSplit(0) }),
      line({ unit_rate_exc_manual: '250' }),
    ]);
    // 12 panels reach the tier from 10: 12 x 165.00.
    expect(items[0]).toMatchObject({
      unit_rate_exc: 165,
      total_exc: 1980,
      total_inc: 1980,
      vat_percentage: 0,
    });
    expect(totals).toMatchObject({
      amount_exc_vat_0: 2830,
      amount_exc_vat_21: 250,
      amount_vat_21: 52.5,
      amount_exc_vat: 3080,
      amount_inc_vat: 3132.5,
      amount_discount_exc: 0,
      product_amount: 14,
    });
  });

  it('cavity wall insulation split 40 % labour at 9 % and 60 % material at 21 %', () => {
    const { totals, items } = calc([
      line({
        product_amount: 65,
        unit_rate_exc_manual: '24.50',
        percentage_vat_0: 0,
        percentage_vat_6: 0,
        percentage_vat_9: 40,
        percentage_vat_21: 60,
      }),
    ]);
    expect(items[0]).toMatchObject({
      total_exc: 1592.5,
      parts: { 0: 0, 6: 0, 9: 637, 21: 955.5 },
      vat_percentage: 16.2,
    });
    // VAT 9 %: 637.00 x 0.09 = 57.33; VAT 21 %: 955.50 x 0.21 = 200.655 -> 200.66 (half-up).
    expect(totals).toMatchObject({ amount_vat_9: 57.33, amount_vat_21: 200.66, amount_inc_vat: 1850.49 });
  });

  it('a 10 % discount over 21 %, 9 % and 0 % lines is taken per rate before VAT', () => {
    const { totals } = calc(
      [
        line({ unit_rate_exc_manual: '1000' }),
        line({ unit_rate_exc_manual: '500', ...singleRateSplit(9) }),
        line({ unit_rate_exc_manual: '333.33', ...singleRateSplit(0) }),
      ],
      { discount: 10 },
    );
    expect(totals).toMatchObject({
      amount_exc_vat_21: 900,
      amount_exc_vat_9: 450,
      amount_exc_vat_0: 300,
      amount_vat_21: 189,
      amount_vat_9: 40.5,
      amount_exc_vat: 1650,
      amount_inc_vat: 1879.5,
      amount_exc_vat_exc_discount: 1833.33,
      amount_discount_exc: 183.33,
      amount_inc_vat_exc_discount: 2088.33,
      amount_discount_inc: 208.83,
    });
  });

  it('a heat pump priced inc VAT keeps its inc price on the line; VAT is taken from the net sum', () => {
    const { totals, items } = calc([line({ unit_rate_inc_manual: '4999' })]);
    // 4999 / 1.21 = 4131.4049... -> net 4131.40; VAT 867.594 -> 867.59.
    expect(items[0]).toMatchObject({ total_inc: 4999, total_exc: 4131.4, unit_rate_exc: 4131.405 });
    expect(totals).toMatchObject({ amount_exc_vat: 4131.4, amount_vat_21: 867.59, amount_inc_vat: 4998.99 });
  });

  it('a line discount, a start amount and a deselected optional line', () => {
    const { totals, items } = calc([
      line({
        product_amount: 2,
        unit_rate_exc_manual: '100',
        start_amount_exc: '50',
        discount_percentage: 5,
      }),
      line({ unit_rate_exc_manual: '999', selected: false }),
    ]);
    // (2 x 100 + 50) = 250.00, 5 % = 12.50 -> 237.50.
    expect(items[0]).toMatchObject({ total_exc_exc_discount: 250, discount_exc: 12.5, total_exc: 237.5 });
    expect(items[1]).toMatchObject({ counts: false, total_exc: 999 });
    expect(totals).toMatchObject({ amount_exc_vat: 237.5, amount_vat_21: 49.88, amount_inc_vat: 287.38 });
  });

  it('sub-items count per unit of their parent; a deselected parent takes its sub-items out', () => {
    const parent = line({ item_type: 'product', product_type: 'combination', product_amount: 3 });
    const sub = line({ parent_id: parent.id, product_amount: 2, unit_rate_exc_manual: '10' });
    const header = line({ item_type: 'header', product_amount: 5 });
    const under = line({ parent_id: header.id, unit_rate_exc_manual: '7' });
    const { totals, items } = calc([parent, sub, header, under]);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(sub.id)).toMatchObject({ quantity: 6, total_exc: 60 });
    expect(byId.get(parent.id)).toMatchObject({ subtotal_exc: 60 });
    // A header groups lines; it does not multiply them.
    expect(byId.get(under.id)).toMatchObject({ quantity: 1, total_exc: 7, counts: true });
    expect(totals.amount_exc_vat).toBe(67);
    const off = calc([{ ...parent, selected: false }, sub]);
    expect(off.totals.amount_exc_vat).toBe(0);
  });

  it('price table methods: fixed, cumulative and total, chosen by the alternative amount', () => {
    const tiers = [
      { unit_amount: 0, unit_rate_exc: '10', unit_rate_inc: '12.10' },
      { unit_amount: 10, unit_rate_exc: '8', unit_rate_inc: '9.68' },
    ];
    const at = (
      calc_method: 'fixed' | 'cumulative' | 'total',
      amount: number,
      alternative: number | null = null,
    ) =>
      calc([
        line({
          item_type: 'product',
          pricing: { calc_base: 'exc', calc_method, tiers },
          product_amount: amount,
          alternative_amount: alternative,
        }),
      ]).totals.amount_exc_vat;
    expect(at('fixed', 12)).toBe(96);
    expect(at('cumulative', 12)).toBe(116); // 10 x 10 + 2 x 8
    expect(at('total', 12)).toBe(8);
    // Tier chosen by an alternative amount of 10, charged over 4 units.
    expect(at('fixed', 4, 10)).toBe(32);
    expect(at('fixed', 4)).toBe(40);
  });

  it('a product with a price matrix takes the rate of the next size up for the line width and height', () => {
    const pricing = {
      calc_base: 'exc' as const,
      calc_method: 'fixed' as const,
      tiers: [{ unit_amount: 0, unit_rate_exc: 289, unit_rate_inc: 349.69 }],
      matrix: {
        x: [1000, 1500],
        y: [1000, 1500],
        rates: [
          [289, 339],
          [329, null],
        ],
      },
    };
    const at = (matrix_x: number | null, matrix_y: number | null) =>
      calc([line({ item_type: 'product', pricing, product_amount: 2, matrix_x, matrix_y })]).items[0]!;
    expect(at(1200, 900)).toMatchObject({ unit_rate_exc: 339, total_exc: 678, matrix_missing: false });
    expect(at(1000, 1000)).toMatchObject({ unit_rate_exc: 289 });
    // No price for that size (an empty cell, or beyond the grid): the line counts as 0 and says so.
    expect(at(1400, 1400)).toMatchObject({ total_exc: 0, matrix_missing: true });
    expect(at(3000, 1000)).toMatchObject({ total_exc: 0, matrix_missing: true });
    // Without both dimensions the price table applies.
    expect(at(null, 1000)).toMatchObject({ unit_rate_exc: 289, matrix_missing: false });
  });

  it('a partial payment of 30 % per rate', () => {
    const { totals } = calc(
      [line({ unit_rate_exc_manual: '1000' }), line({ unit_rate_exc_manual: '100', ...singleRateSplit(9) })],
      { payment_percentage: 30 },
    );
    expect(totals).toMatchObject({
      paymentamount_exc: 330,
      paymentamount_vat_21: 63,
      paymentamount_vat_9: 2.7,
      paymentamount_inc: 395.7,
    });
  });
});

describe('calculation column names', () => {
  it('names the unit price with start amount clearly, also on a calculation stored with the old name', () => {
    const stored = [
      { tag: 'unit_rate_inc_start', description: 'Stukprijs incl. start incl. btw', selected: true },
      { tag: 'own_column', description: 'Eigen kolom', selected: false },
    ];
    expect(labelledCalculationColumns(stored)).toEqual([
      { tag: 'unit_rate_inc_start', description: 'Stukprijs incl. btw en starttarief', selected: true },
      { tag: 'own_column', description: 'Eigen kolom', selected: false },
    ]);
    expect(DEFAULT_CALCULATION_COLUMNS.map((c) => c.description)).not.toContain(
      'Stukprijs incl. start incl. btw',
    );
  });
});
