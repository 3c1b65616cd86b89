import Decimal from 'decimal.js';

export type MoneyInput = Decimal.Value;

/** Rounds half-up to cents and answers a JSON number in euros (API contract "Money"). */
export function toCents(value: MoneyInput): number {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

export function sumMoney(values: readonly MoneyInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));
}

export { Decimal };
