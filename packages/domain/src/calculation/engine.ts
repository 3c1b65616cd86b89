// The calculation engine: one implementation for the server (source of truth) and the browser
// (totals while typing). Rounding follows EN 16931 (decision 016): line net amounts to cents, VAT
// per rate on the sum of the line nets at that rate, half-up; unit rates to 4 decimals.
import { type ItemType, type ProductType, VAT_RATES, type VatRate } from './constants';
import {
  allocate,
  Dec,
  type DecValue,
  dec,
  effectiveVat,
  matrixRate,
  type ProductPricing,
  RATE_FRACTION,
  round2,
  round4,
  singleRateOf,
  splitOf,
  tableLine,
  type VatSplitFields,
  ZERO,
} from './pricing';

export type ItemKey = number | string;

export interface EngineItem extends VatSplitFields {
  id: ItemKey;
  /** The parent item (calculationitem_id); a sub-item's amount is per unit of its parent. */
  parent_id: ItemKey | null;
  order: number;
  item_type: ItemType;
  product_type: ProductType | null;
  /** The product's price table; null for manual and header lines. */
  pricing: ProductPricing | null;
  product_amount: DecValue;
  /** Manual amount that chooses the price tier (unit_amount_manual). */
  unit_amount_manual: DecValue | null;
  /** Width and height of a line priced from its product's matrix (e.g. mm). */
  matrix_x?: DecValue | null;
  matrix_y?: DecValue | null;
  /** The product's alternative amount (e.g. total Wp of the flow) that chooses the tier. */
  alternative_amount: DecValue | null;
  unit_rate_exc_manual: DecValue | null;
  unit_rate_inc_manual: DecValue | null;
  start_amount_exc: DecValue;
  start_amount_inc: DecValue;
  discount_percentage: DecValue;
  selected: boolean;
  additionalwork: boolean;
}

export interface EngineCalculation {
  /** Discount over the whole calculation, percent. */
  discount: DecValue;
  /** The amount a per-unit price is given for (e.g. Wp); empty means the summed product amounts. */
  unit_amount: DecValue | null;
  /** Share of the total to pay (a partial invoice); 100 when empty. */
  payment_percentage?: DecValue | null;
  invoicedamount?: DecValue | null;
  items: readonly EngineItem[];
}

export type RateAmounts = Record<VatRate, number>;

export interface ItemResult {
  id: ItemKey;
  /** Whether the line counts in the totals (selected, its parents selected, not a header). */
  counts: boolean;
  /** The effective amount: product_amount times the parents' amounts. */
  quantity: number;
  /** The amount that chose the price tier. */
  unit_amount: number;
  unit_rate_exc: number;
  unit_rate_inc: number;
  /** Line total inc VAT (start amount included) per unit, 4 decimals. */
  unit_rate_inc_start: number;
  vat_percentage: number;
  total_exc_exc_discount: number;
  discount_exc: number;
  discount_inc: number;
  total_exc: number;
  total_inc: number;
  /** Net amount per rate (exc VAT), adding up to total_exc exactly. */
  parts: RateAmounts;
  /** This line and all its sub-lines. */
  subtotal_exc: number;
  subtotal_inc: number;
  /** A width and height the product's price matrix has no price for (the line counts as 0). */
  matrix_missing: boolean;
}

export interface CalculationTotals {
  amount_exc_vat: number;
  amount_exc_vat_0: number;
  amount_exc_vat_6: number;
  amount_exc_vat_9: number;
  amount_exc_vat_21: number;
  amount_vat_6: number;
  amount_vat_9: number;
  amount_vat_21: number;
  amount_inc_vat: number;
  amount_discount_exc: number;
  amount_discount_inc: number;
  amount_exc_vat_exc_discount: number;
  amount_inc_vat_exc_discount: number;
  product_amount: number;
  unit_amount: number;
  unit_rate_exc: number;
  unit_rate_inc: number;
  overall_unit_rate_exc: number;
  overall_unit_rate_inc: number;
  paymentamount_exc: number;
  paymentamount_vat_6: number;
  paymentamount_vat_9: number;
  paymentamount_vat_21: number;
  paymentamount_inc: number;
  invoicedamount: number;
}

export interface CalculationResult {
  totals: CalculationTotals;
  items: ItemResult[];
}

const HUNDRED = new Dec(100);
const ONE = new Dec(1);
type Rates = Record<VatRate, Dec>;
const zeroRates = (): Rates => ({ 0: ZERO, 6: ZERO, 9: ZERO, 21: ZERO });
const num = (d: Dec): number => (d.isZero() ? 0 : d.toNumber());
const numbers = (r: Rates): RateAmounts => ({ 0: num(r[0]), 6: num(r[6]), 9: num(r[9]), 21: num(r[21]) });

interface LineValues {
  quantity: Dec;
  tierAmount: Dec;
  rateExc: Dec;
  rateInc: Dec;
  grossExc: Dec;
  netExc: Dec;
  grossInc: Dec;
  netInc: Dec;
  grossParts: Rates;
  netParts: Rates;
  vat: Dec;
  effective: Dec;
  matrixMissing: boolean;
}

interface SplitInfo {
  split: Rates;
  effective: Dec;
  f: Dec;
}

/** Items mostly share a handful of splits: work each out once per calculation. */
class SplitCache {
  private readonly known = new Map<string, SplitInfo>();
  get(item: VatSplitFields): SplitInfo {
    const key = `${item.percentage_vat_0}|${item.percentage_vat_6}|${item.percentage_vat_9}|${item.percentage_vat_21}`;
    let info = this.known.get(key);
    if (!info) {
      const split = splitOf(item);
      const effective = effectiveVat(split);
      info = { split, effective, f: effective.dividedBy(HUNDRED).plus(1) };
      this.known.set(key, info);
    }
    return info;
  }
}

/** One line's own price, discount and parts per rate. */
function priceLine(item: EngineItem, quantity: Dec, splits: SplitCache): LineValues {
  const { split, effective, f } = splits.get(item);
  const tierAmount =
    item.unit_amount_manual !== null &&
    item.unit_amount_manual !== undefined &&
    item.unit_amount_manual !== ''
      ? dec(item.unit_amount_manual)
      : item.alternative_amount !== null && item.alternative_amount !== undefined
        ? dec(item.alternative_amount)
        : quantity;
  const manualInc = item.unit_rate_inc_manual !== null && item.unit_rate_inc_manual !== undefined;
  const manualExc = item.unit_rate_exc_manual !== null && item.unit_rate_exc_manual !== undefined;
  const header = item.item_type === 'header';
  let base: 'exc' | 'inc' = 'exc';
  let linePrice = ZERO;
  // The unit rate on the line's base when known without dividing the line price by the amount.
  let knownRate: Dec | null = ZERO;
  let matrixMissing = false;
  if (!header && manualExc) {
    knownRate = dec(item.unit_rate_exc_manual);
    linePrice = quantity.times(knownRate);
  } else if (!header && manualInc) {
    base = 'inc';
    knownRate = dec(item.unit_rate_inc_manual);
    linePrice = quantity.times(knownRate);
  } else if (!header && item.pricing?.matrix && hasValue(item.matrix_x) && hasValue(item.matrix_y)) {
    base = item.pricing.calc_base;
    const found = matrixRate(item.pricing.matrix, item.matrix_x!, item.matrix_y!);
    matrixMissing = found === null;
    knownRate = found ?? ZERO;
    linePrice = quantity.times(knownRate);
  } else if (!header && item.pricing) {
    base = item.pricing.calc_base;
    const table = tableLine(item.pricing, quantity, tierAmount);
    linePrice = table.price;
    knownRate = table.rate;
  }
  const startValue = header ? null : base === 'exc' ? item.start_amount_exc : item.start_amount_inc;
  const start = startValue === 0 || startValue === '0' || startValue === null ? ZERO : dec(startValue);
  const gross = round2(start.isZero() ? linePrice : linePrice.plus(start));
  const discountPct = dec(item.discount_percentage);
  const discount = discountPct.isZero() ? ZERO : round2(gross.times(discountPct).dividedBy(HUNDRED));
  const net = gross.minus(discount);
  const toExc = (v: Dec) => (base === 'exc' ? v : round2(v.dividedBy(f)));
  const grossExc = toExc(gross);
  const netExc = toExc(net);
  const netParts = allocate(netExc, split);
  const grossParts = discount.isZero() ? netParts : allocate(grossExc, split);
  const vat = vatOf(netParts);
  const rateOnBase = knownRate ?? (quantity.isZero() ? ZERO : linePrice.dividedBy(quantity));
  const rateExc = round4(base === 'exc' ? rateOnBase : rateOnBase.dividedBy(f));
  const rateInc = round4(base === 'inc' ? rateOnBase : rateOnBase.times(f));
  return {
    quantity,
    tierAmount,
    rateExc,
    rateInc,
    grossExc,
    netExc,
    // A line priced inc VAT shows exactly its inc price; VAT per rate is still computed on the sums.
    grossInc:
      base === 'inc' ? gross : discount.isZero() ? netExc.plus(vat) : grossExc.plus(vatOf(grossParts)),
    netInc: base === 'inc' ? net : netExc.plus(vat),
    grossParts,
    netParts,
    vat,
    effective,
    matrixMissing,
  };
}

const hasValue = (v: DecValue | null | undefined) => v !== null && v !== undefined && v !== '';

/** VAT of a line's parts, each part rounded on its own (the line's display; totals round per rate). */
function vatOf(parts: Rates): Dec {
  let vat = ZERO;
  for (const rate of VAT_RATES) {
    if (rate !== 0 && !parts[rate].isZero()) vat = vat.plus(round2(parts[rate].times(RATE_FRACTION[rate])));
  }
  return vat;
}

/** Computes every line and the calculation's totals. Pure: the same input gives the same output. */
export function computeCalculation(calculation: EngineCalculation): CalculationResult {
  const byId = new Map<ItemKey, EngineItem>();
  const children = new Map<ItemKey | null, EngineItem[]>();
  for (const item of calculation.items) byId.set(item.id, item);
  for (const item of calculation.items) {
    // An item whose parent is missing is treated as a top-level line.
    const parent = item.parent_id !== null && byId.has(item.parent_id) ? item.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(item);
    children.set(parent, list);
  }
  for (const list of children.values())
    list.sort((a, b) => a.order - b.order || String(a.id).localeCompare(String(b.id)));

  const results: ItemResult[] = [];
  const gross = zeroRates();
  const net = zeroRates();
  let topAmount = ZERO;
  const seen = new Set<ItemKey>();
  const splits = new SplitCache();

  const visit = (
    item: EngineItem,
    parentQuantity: Dec,
    parentCounts: boolean,
    topLevel: boolean,
  ): { exc: Dec; inc: Dec } => {
    if (seen.has(item.id)) return { exc: ZERO, inc: ZERO };
    seen.add(item.id);
    const own = dec(item.product_amount);
    const quantity = parentQuantity === ONE ? own : own.times(parentQuantity);
    const line = priceLine(item, quantity, splits);
    const counts = parentCounts && item.selected && item.item_type !== 'header';
    if (counts) {
      for (const rate of VAT_RATES) {
        gross[rate] = gross[rate].plus(line.grossParts[rate]);
        net[rate] = net[rate].plus(line.netParts[rate]);
      }
      if (topLevel) topAmount = topAmount.plus(quantity);
    }
    const result: ItemResult = {
      id: item.id,
      counts,
      quantity: num(quantity),
      unit_amount: num(line.tierAmount),
      unit_rate_exc: num(line.rateExc),
      unit_rate_inc: num(line.rateInc),
      unit_rate_inc_start: quantity.isZero() ? 0 : num(round4(line.netInc.dividedBy(quantity))),
      vat_percentage: num(round2(line.effective)),
      total_exc_exc_discount: num(line.grossExc),
      discount_exc: num(line.grossExc.minus(line.netExc)),
      discount_inc: num(line.grossInc.minus(line.netInc)),
      total_exc: num(line.netExc),
      total_inc: num(line.netInc),
      parts: numbers(line.netParts),
      subtotal_exc: 0,
      subtotal_inc: 0,
      matrix_missing: line.matrixMissing,
    };
    results.push(result);
    let subExc = line.netExc;
    let subInc = line.netInc;
    for (const child of children.get(item.id) ?? []) {
      // Lines under a header are grouped by it, not multiplied by it.
      const base = item.item_type === 'header' ? parentQuantity : quantity;
      const sub = visit(child, base, parentCounts && item.selected, topLevel && item.item_type === 'header');
      subExc = subExc.plus(sub.exc);
      subInc = subInc.plus(sub.inc);
    }
    result.subtotal_exc = subExc.toNumber();
    result.subtotal_inc = subInc.toNumber();
    return { exc: subExc, inc: subInc };
  };
  for (const item of children.get(null) ?? []) visit(item, ONE, true, true);

  const discountPct = dec(calculation.discount);
  const after = zeroRates();
  const vat = zeroRates();
  let grossIncTotal = ZERO;
  for (const rate of VAT_RATES) {
    after[rate] = net[rate].minus(round2(net[rate].times(discountPct).dividedBy(HUNDRED)));
    vat[rate] = round2(after[rate].times(rate).dividedBy(HUNDRED));
    grossIncTotal = grossIncTotal.plus(gross[rate]).plus(round2(gross[rate].times(rate).dividedBy(HUNDRED)));
  }
  const sum = (r: Rates) => VAT_RATES.reduce((acc, rate) => acc.plus(r[rate]), ZERO);
  const exc = sum(after);
  const inc = exc.plus(sum(vat));
  const grossExc = sum(gross);
  const unitAmount =
    calculation.unit_amount !== null &&
    calculation.unit_amount !== undefined &&
    !dec(calculation.unit_amount).isZero()
      ? dec(calculation.unit_amount)
      : topAmount;
  const perUnit = (v: Dec) => (unitAmount.isZero() ? 0 : round4(v.dividedBy(unitAmount)).toNumber());

  const payPct = dec(calculation.payment_percentage ?? 100);
  const payExc = zeroRates();
  const payVat = zeroRates();
  for (const rate of VAT_RATES) {
    payExc[rate] = round2(after[rate].times(payPct).dividedBy(HUNDRED));
    payVat[rate] = round2(payExc[rate].times(rate).dividedBy(HUNDRED));
  }
  const payExcTotal = sum(payExc);

  return {
    items: results,
    totals: {
      amount_exc_vat: exc.toNumber(),
      amount_exc_vat_0: after[0].toNumber(),
      amount_exc_vat_6: after[6].toNumber(),
      amount_exc_vat_9: after[9].toNumber(),
      amount_exc_vat_21: after[21].toNumber(),
      amount_vat_6: vat[6].toNumber(),
      amount_vat_9: vat[9].toNumber(),
      amount_vat_21: vat[21].toNumber(),
      amount_inc_vat: inc.toNumber(),
      amount_discount_exc: grossExc.minus(exc).toNumber(),
      amount_discount_inc: grossIncTotal.minus(inc).toNumber(),
      amount_exc_vat_exc_discount: grossExc.toNumber(),
      amount_inc_vat_exc_discount: grossIncTotal.toNumber(),
      product_amount: topAmount.toNumber(),
      unit_amount: unitAmount.toNumber(),
      unit_rate_exc: perUnit(exc),
      unit_rate_inc: perUnit(inc),
      overall_unit_rate_exc: perUnit(grossExc),
      overall_unit_rate_inc: perUnit(grossIncTotal),
      paymentamount_exc: payExcTotal.toNumber(),
      paymentamount_vat_6: payVat[6].toNumber(),
      paymentamount_vat_9: payVat[9].toNumber(),
      paymentamount_vat_21: payVat[21].toNumber(),
      paymentamount_inc: payExcTotal.plus(sum(payVat)).toNumber(),
      invoicedamount: round2(dec(calculation.invoicedamount)).toNumber(),
    },
  };
}

/** The rate a single-rate item is at, or null for a split item (used by the split action). */
export function itemSingleRate(item: VatSplitFields): VatRate | null {
  return singleRateOf(splitOf(item));
}
