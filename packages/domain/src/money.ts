import Decimal from 'decimal.js';

export type MoneyInput = Decimal.Value;

/** Rounds half-up to cents and answers a JSON number in euros (API contract "Money"). */
export function toCents(value: MoneyInput): number {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

export function sumMoney(values: readonly MoneyInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));
}

const EURO = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** An amount in Dutch notation (€ 1.234,56), rounded half-up to the cent; no number stays as it is. */
export function formatEuro(value: MoneyInput): string {
  try {
    return EURO.format(new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());
  } catch {
    return String(value);
  }
}

export { Decimal };
