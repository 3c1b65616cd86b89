// Product rules shared by the product screens and the server (spec 002 sections 3 and 5).
import type { CalcBase } from './constants';
import { convertRate, type DecValue, effectiveVat, round2, splitOf, type VatSplitFields } from './pricing';

/**
 * The description follows the item name while the two were equal: typing a new name carries an
 * untouched description along, an edited description stays.
 */
export function followingDescription(
  before: { item_name: string; description: string },
  next: { item_name?: string; description?: string },
): string {
  if (next.description !== undefined) return next.description;
  if (next.item_name !== undefined && before.description === before.item_name) return next.item_name;
  return before.description;
}

/** The VAT percentage shown for a split: the one rate, or the weighted rate of a mixed split. */
export function vatPercentageOf(split: VatSplitFields): number {
  return round2(effectiveVat(splitOf(split))).toNumber();
}

/**
 * Both sides of a rate from the side the product is priced on (`base`); when only the other side
 * is given, the base side is derived from it first. Empty stays empty.
 */
export function bothSides(
  base: CalcBase,
  split: VatSplitFields,
  given: { exc?: DecValue | null; inc?: DecValue | null },
): { exc: string | null; inc: string | null } {
  const s = splitOf(split);
  const baseValue = base === 'exc' ? given.exc : given.inc;
  const otherValue = base === 'exc' ? given.inc : given.exc;
  let value: string | null;
  if (baseValue !== undefined && baseValue !== null && baseValue !== '') value = String(baseValue);
  else if (otherValue !== undefined && otherValue !== null && otherValue !== '')
    value = convertRate(otherValue, base === 'exc' ? 'inc' : 'exc', s).toFixed(4);
  else return { exc: null, inc: null };
  const other = convertRate(value, base, s).toFixed(4);
  return base === 'exc' ? { exc: value, inc: other } : { exc: other, inc: value };
}
