import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAT_RATES, type VatRate } from './constants';
import { computeCalculation, type EngineItem } from './engine';
import { allocate, convertRate, Dec, dec, round2, splitOf } from './pricing';

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => (c / 100).toFixed(2));
const rate4 = fc.integer({ min: 0, max: 50_000_000 }).map((c) => (c / 10_000).toFixed(4));
const amount = fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2));

/** A split over the four rates that adds up to 100, whole or two-decimal percentages. */
const split = fc.tuple(fc.nat(10_000), fc.nat(10_000), fc.nat(10_000), fc.nat(10_000)).map(([a, b, c, d]) => {
  const total = a + b + c + d || 1;
  const cents = [a, b, c].map((v) => Math.floor((v * 10_000) / total));
  const last = 10_000 - cents.reduce((x, y) => x + y, 0);
  const [p0, p6, p9] = cents.map((v) => v / 100) as [number, number, number];
  return { percentage_vat_0: p0, percentage_vat_6: p6, percentage_vat_9: p9, percentage_vat_21: last / 100 };
});

const tiers = fc
  .array(fc.tuple(fc.nat(100), rate4), { minLength: 0, maxLength: 4 })
  .map((rows) =>
    rows.map(([from, rate]) => ({ unit_amount: from, unit_rate_exc: rate, unit_rate_inc: rate })),
  );

const item = fc.record({
  kind: fc.constantFrom('product', 'manual-exc', 'manual-inc', 'header'),
  product_amount: amount,
  rate: rate4,
  start: money(500),
  discount: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
  split,
  selected: fc.boolean(),
  tiers,
  method: fc.constantFrom('fixed' as const, 'cumulative' as const, 'total' as const),
  base: fc.constantFrom('exc' as const, 'inc' as const),
  parent: fc.option(fc.nat(20), { nil: null }),
});

const calculation = fc.record({
  items: fc.array(item, { maxLength: 25 }),
  discount: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
});

type RawItem = typeof item extends fc.Arbitrary<infer T> ? T : never;

function toItems(raw: RawItem[]): EngineItem[] {
  return raw.map((r, i) => ({
    id: i + 1,
    // Only earlier items may be parents, so the tree has no cycles.
    parent_id: r.parent !== null && r.parent < i ? r.parent + 1 : null,
    order: i,
    item_type: r.kind === 'product' ? 'product' : r.kind === 'header' ? 'header' : 'manual',
    product_type: null,
    pricing: r.kind === 'product' ? { calc_base: r.base, calc_method: r.method, tiers: r.tiers } : null,
    product_amount: r.product_amount,
    unit_amount_manual: null,
    alternative_amount: null,
    unit_rate_exc_manual: r.kind === 'manual-exc' ? r.rate : null,
    unit_rate_inc_manual: r.kind === 'manual-inc' ? r.rate : null,
    start_amount_exc: r.start,
    start_amount_inc: r.start,
    discount_percentage: r.discount,
    selected: r.selected,
    additionalwork: false,
    ...r.split,
  }));
}

/** Whole cents of an engine amount, in decimal arithmetic (n * 100 in floating point loses a cent at 1e13). */
const cents = (n: number) => dec(n).times(100).round().toNumber();

/**
 * The engine answers amounts as JS numbers, which carry every cent exactly below about 7e13 euros.
 * Random nesting multiplies amounts (9 levels of 1,000 pieces) far past that; such calculations are
 * refused by the numeric(18,2) columns anyway, so the properties hold for lines and totals below a trillion.
 */
const realistic = (result: ReturnType<typeof computeCalculation>) =>
  [result.totals.amount_inc_vat_exc_discount, result.totals.amount_exc_vat_exc_discount]
    .concat(
      result.items.flatMap((l) => [l.total_exc_exc_discount, l.total_inc, l.subtotal_exc, l.subtotal_inc]),
    )
    .every((v) => Math.abs(v) < 1e12);

describe('calculation engine properties', () => {
  it('totals equal the sum of their parts, inc = exc + VAT per rate, VAT per rate on the net sum', () => {
    fc.assert(
      fc.property(calculation, ({ items: raw, discount }) => {
        const items = toItems(raw);
        const result = computeCalculation({ discount, unit_amount: null, items });
        fc.pre(realistic(result));
        const { totals, items: lines } = result;
        const perRate = {
          0: totals.amount_exc_vat_0,
          6: totals.amount_exc_vat_6,
          9: totals.amount_exc_vat_9,
          21: totals.amount_exc_vat_21,
        };
        const vat = { 0: 0, 6: totals.amount_vat_6, 9: totals.amount_vat_9, 21: totals.amount_vat_21 };
        expect(cents(totals.amount_exc_vat)).toBe(
          VAT_RATES.reduce<number>((s, r) => s + cents(perRate[r]), 0),
        );
        expect(cents(totals.amount_inc_vat)).toBe(
          cents(totals.amount_exc_vat) + VAT_RATES.reduce<number>((s, r) => s + cents(vat[r]), 0),
        );
        for (const r of VAT_RATES) {
          expect(vat[r]).toBe(round2(dec(perRate[r]).times(r).dividedBy(100)).toNumber());
        }
        // Every line's parts add up to its net; with no overall discount the counted parts are the totals.
        for (const l of lines) {
          expect(VAT_RATES.reduce<number>((s, r) => s + cents(l.parts[r]), 0)).toBe(cents(l.total_exc));
          expect(cents(l.total_exc_exc_discount) - cents(l.discount_exc)).toBe(cents(l.total_exc));
        }
        if (discount === 0) {
          for (const r of VAT_RATES) {
            const sum = lines.filter((l) => l.counts).reduce((s, l) => s + cents(l.parts[r]), 0);
            expect(cents(perRate[r])).toBe(sum);
          }
        }
        // Full payment is the whole calculation.
        expect(totals.paymentamount_inc).toBe(totals.amount_inc_vat);
        // Every money amount is whole cents (unit rates and amounts may carry more decimals).
        for (const [key, v] of Object.entries(totals)) {
          if (key.includes('unit_') || key === 'product_amount') continue;
          expect(dec(v).decimalPlaces(), key).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the order items arrive in does not change the result', () => {
    fc.assert(
      fc.property(calculation, fc.integer(), ({ items: raw, discount }, seed) => {
        const items = toItems(raw);
        const shuffled = [...items].sort(
          (a, b) => ((Number(a.id) * 7919 + seed) % 13) - ((Number(b.id) * 7919 + seed) % 13),
        );
        const a = computeCalculation({ discount, unit_amount: null, items });
        const b = computeCalculation({ discount, unit_amount: null, items: shuffled });
        expect(b.totals).toEqual(a.totals);
      }),
      { numRuns: 100 },
    );
  });

  it('rounding drifts at most the rule allows: the total inc is within a cent per line of the lines inc', () => {
    fc.assert(
      fc.property(calculation, ({ items: raw }) => {
        const items = toItems(raw);
        const result = computeCalculation({ discount: 0, unit_amount: null, items });
        fc.pre(realistic(result));
        const { totals, items: lines } = result;
        const counted = lines.filter((l) => l.counts);
        const linesInc = counted.reduce((s, l) => s + cents(l.total_inc), 0);
        // Each line rounds its net once (<= 0.5 cent, times at most 1.21 for inc lines) and VAT per part
        // once; VAT per rate is rounded once more. Together at most one cent per line plus two.
        expect(Math.abs(cents(totals.amount_inc_vat) - linesInc)).toBeLessThanOrEqual(counted.length * 1 + 2);
      }),
      { numRuns: 300 },
    );
  });

  it('a discount never raises the total; splits always add up to the amount', () => {
    fc.assert(
      fc.property(calculation, ({ items: raw, discount }) => {
        const result = computeCalculation({ discount, unit_amount: null, items: toItems(raw) });
        fc.pre(realistic(result));
        const { totals } = result;
        expect(totals.amount_exc_vat).toBeLessThanOrEqual(totals.amount_exc_vat_exc_discount);
        expect(cents(totals.amount_discount_exc)).toBe(
          cents(totals.amount_exc_vat_exc_discount) - cents(totals.amount_exc_vat),
        );
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), split, (c, s) => {
        const parts = allocate(new Dec(c).dividedBy(100), splitOf(s));
        const sum = VAT_RATES.reduce((acc, r: VatRate) => acc.plus(parts[r]), new Dec(0));
        expect(sum.times(100).toNumber()).toBe(c);
        for (const r of VAT_RATES) expect(parts[r].decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('rates convert exc -> inc -> exc exactly and inc -> exc -> inc without a cent of drift', () => {
    fc.assert(
      fc.property(rate4, split, (value, s) => {
        const sp = splitOf(s);
        expect(convertRate(convertRate(value, 'exc', sp), 'inc', sp).toFixed(4)).toBe(value);
        const inc = new Dec(value).toDecimalPlaces(2).toFixed(2);
        expect(round2(convertRate(convertRate(inc, 'inc', sp), 'exc', sp)).toFixed(2)).toBe(inc);
      }),
      { numRuns: 1000 },
    );
  });
});
