// Decimal pricing rules shared by the engine, the product screens and the server (decision 016).
import Decimal from 'decimal.js';
import { type CalcBase, type CalcMethod, VAT_RATES, type VatRate } from './constants';

/** The engine's own decimal type: 30 significant digits (amounts up to 10^13 with 8 decimals stay exact), half-up (away from zero at .5). */
export const Dec = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;
export type DecValue = Decimal.Value;

export const ZERO = new Dec(0);
const HUNDRED = new Dec(100);

export function dec(value: DecValue | null | undefined): Dec {
  return value === null || value === undefined || value === '' ? ZERO : new Dec(value);
}

/** Money: half-up to cents. */
export function round2(value: Dec): Dec {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Unit rates: half-up to 4 decimals. */
export function round4(value: Dec): Dec {
  return value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
}

export type VatSplit = Record<VatRate, DecValue>;

export interface VatSplitFields {
  percentage_vat_0: DecValue;
  percentage_vat_6: DecValue;
  percentage_vat_9: DecValue;
  percentage_vat_21: DecValue;
}

export function splitOf(fields: VatSplitFields): Record<VatRate, Dec> {
  return {
    0: dec(fields.percentage_vat_0),
    6: dec(fields.percentage_vat_6),
    9: dec(fields.percentage_vat_9),
    21: dec(fields.percentage_vat_21),
  };
}

/** The split as fields for a single rate: 100 % at that rate. */
export function singleRateSplit(rate: VatRate): Record<`percentage_vat_${VatRate}`, number> {
  return {
    percentage_vat_0: rate === 0 ? 100 : 0,
    percentage_vat_6: rate === 6 ? 100 : 0,
    percentage_vat_9: rate === 9 ? 100 : 0,
    percentage_vat_21: rate === 21 ? 100 : 0,
  };
}

/** A split is valid when every share is between 0 and 100 and they add up to exactly 100. */
export function isValidSplit(split: Record<VatRate, DecValue>): boolean {
  let sum = ZERO;
  for (const rate of VAT_RATES) {
    const share = dec(split[rate]);
    if (share.isNegative() || share.greaterThan(HUNDRED)) return false;
    sum = sum.plus(share);
  }
  return sum.equals(HUNDRED);
}

/** The weighted VAT percentage of a split (21 for 100 % at 21; 15 for half 9, half 21). */
export function effectiveVat(split: Record<VatRate, Dec>): Dec {
  return VAT_RATES.reduce((acc, rate) => acc.plus(split[rate].times(rate)), ZERO).dividedBy(HUNDRED);
}

/** The one rate of a single-rate split, or null when the split spreads over several. */
export function singleRateOf(split: Record<VatRate, Dec>): VatRate | null {
  const rates = VAT_RATES.filter((rate) => !split[rate].isZero());
  return rates.length === 1 ? rates[0]! : null;
}

function factor(split: Record<VatRate, Dec>): Dec {
  return effectiveVat(split).dividedBy(HUNDRED).plus(1);
}

/**
 * A unit rate on the other side of VAT, to 4 decimals. Exc -> inc -> exc always returns the same
 * exc; inc -> exc -> inc returns the same inc to the cent (decision 016).
 */
export function convertRate(value: DecValue, from: CalcBase, split: Record<VatRate, Dec>): Dec {
  const f = factor(split);
  return round4(from === 'exc' ? dec(value).times(f) : dec(value).dividedBy(f));
}

/** Exact (unrounded) conversion, for amounts that are rounded later. */
export function convertExact(value: Dec, from: CalcBase, split: Record<VatRate, Dec>): Dec {
  const f = factor(split);
  return from === 'exc' ? value.times(f) : value.dividedBy(f);
}

export interface PriceTier {
  unit_amount: DecValue;
  unit_rate_exc: DecValue;
  unit_rate_inc: DecValue;
}

export interface ProductPricing {
  calc_base: CalcBase;
  calc_method: CalcMethod;
  /** Price table rows; any order, read from the lowest amount up. */
  tiers: readonly PriceTier[];
  /** A 2-D price matrix (rates on the calc base): a line with a width and a height is priced from it. */
  matrix?: PriceGrid | null;
}

export interface PriceGrid {
  x: readonly number[];
  y: readonly number[];
  /** rates[y][x]; null where the grid has no price. */
  rates: readonly (readonly (number | null)[])[];
}

/**
 * The matrix rate for a width and height: the first column at or above the width and the first row
 * at or above the height (made to measure is priced at the next size up). Beyond the grid, or on an
 * empty cell, there is no price (null).
 */
export function matrixRate(grid: PriceGrid, width: DecValue, height: DecValue): Dec | null {
  const w = dec(width);
  const h = dec(height);
  const xi = grid.x.findIndex((x) => w.lessThanOrEqualTo(x));
  const yi = grid.y.findIndex((y) => h.lessThanOrEqualTo(y));
  if (xi < 0 || yi < 0) return null;
  const rate = grid.rates[yi]?.[xi];
  return rate === null || rate === undefined ? null : dec(rate);
}

interface Tier {
  from: Dec;
  rate: Dec;
}

const tierCache = new WeakMap<ProductPricing, Tier[]>();

/** The tiers on the product's calc base, lowest amount first; worked out once per pricing object. */
function sortedTiers(pricing: ProductPricing): Tier[] {
  const known = tierCache.get(pricing);
  if (known) return known;
  const tiers = pricing.tiers
    .map((t) => ({
      from: dec(t.unit_amount),
      rate: dec(pricing.calc_base === 'exc' ? t.unit_rate_exc : t.unit_rate_inc),
    }))
    .sort((a, b) => a.from.comparedTo(b.from));
  tierCache.set(pricing, tiers);
  return tiers;
}

/** The tier an amount reaches: the last row starting at or below it, else the first row. */
function reachedTier(tiers: Tier[], amount: Dec): Tier | undefined {
  let reached = tiers[0];
  for (const tier of tiers) if (tier.from.lessThanOrEqualTo(amount)) reached = tier;
  return reached;
}

/** Cumulative price of `amount` units: each slice at its own tier's rate (the first tier from 0). */
function cumulativePrice(tiers: Tier[], amount: Dec): Dec {
  let total = ZERO;
  for (const [i, tier] of tiers.entries()) {
    const from = i === 0 ? ZERO : tier.from;
    if (amount.lessThanOrEqualTo(from)) break;
    const next = tiers[i + 1]?.from ?? amount;
    const to = next.lessThan(amount) ? next : amount;
    total = total.plus(to.minus(from).times(tier.rate));
  }
  return total;
}

/**
 * The price of a line of `quantity` units whose tier is chosen by `tierAmount` (the quantity, or
 * the product's alternative amount, or a manual unit amount), on the product's own calc base,
 * before start amount and discount, unrounded.
 */
export function tablePrice(pricing: ProductPricing, quantity: Dec, tierAmount: Dec): Dec {
  return tableLine(pricing, quantity, tierAmount).price;
}

/** The line price and, where the table gives it directly, the unit rate (saves a division). */
export function tableLine(
  pricing: ProductPricing,
  quantity: Dec,
  tierAmount: Dec,
): { price: Dec; rate: Dec | null } {
  const tiers = sortedTiers(pricing);
  if (tiers.length === 0) return { price: ZERO, rate: ZERO };
  switch (pricing.calc_method) {
    case 'fixed': {
      const rate = reachedTier(tiers, tierAmount)!.rate;
      return { price: quantity.times(rate), rate };
    }
    case 'total':
      return { price: quantity.isZero() ? ZERO : reachedTier(tiers, tierAmount)!.rate, rate: null };
    case 'cumulative': {
      if (tierAmount.isZero()) return { price: ZERO, rate: ZERO };
      const price = cumulativePrice(tiers, tierAmount);
      return {
        price: tierAmount.equals(quantity) ? price : price.dividedBy(tierAmount).times(quantity),
        rate: null,
      };
    }
  }
}

/** A rate as a fraction (0.21 for 21), for VAT amounts. */
export const RATE_FRACTION: Record<VatRate, Dec> = {
  0: new Dec(0),
  6: new Dec('0.06'),
  9: new Dec('0.09'),
  21: new Dec('0.21'),
};

/**
 * Splits an amount over the rates by their shares so that the parts add up to the amount exactly:
 * each smaller share is rounded half-up to cents, the largest share (ties: the higher rate) takes
 * the rest (decision 016).
 */
export function allocate(amount: Dec, split: Record<VatRate, Dec>): Record<VatRate, Dec> {
  const result = { 0: ZERO, 6: ZERO, 9: ZERO, 21: ZERO } as Record<VatRate, Dec>;
  let main: VatRate | null = null;
  for (const rate of VAT_RATES) {
    if (!split[rate].isZero() && (main === null || split[rate].greaterThanOrEqualTo(split[main])))
      main = rate;
  }
  if (main === null) return result;
  let rest = amount;
  for (const rate of VAT_RATES) {
    if (rate === main || split[rate].isZero()) continue;
    const part = round2(amount.times(split[rate]).dividedBy(HUNDRED));
    result[rate] = part;
    rest = rest.minus(part);
  }
  result[main] = rest;
  return result;
}
