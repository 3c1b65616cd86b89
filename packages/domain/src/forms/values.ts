// Reading filled-in values: numbers typed the Dutch way ('12,5', '1.234,5') or the English way
// ('12.5', '1,234.5'), "is filled in", and rounding to 2 decimals.
import type { FormValue } from './constants';

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The number a value stands for, or null when it does not look like a number ('' and null do not).
 * Decimal separator: with both ',' and '.' the last one ('1.234,5' and '1,234.5' -> 1234.5); a single
 * ',' or a single '.' is decimal ('12,5' and '12.5' -> 12.5); a repeated one groups thousands
 * ('1.234.567' -> 1234567). Note '1.234' is therefore 1.234, not 1234. true -> 1, false -> 0.
 */
export function parseNumeric(value: FormValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  let s = value.replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    s = s.indexOf(',') === lastComma ? s.replace(',', '.') : s.replace(/,/g, '');
  } else if (lastDot >= 0 && s.indexOf('.') !== lastDot) {
    s = s.replace(/\./g, '');
  }
  if (!PLAIN_NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The value as a number for calculations: what does not look like a number counts as 0. */
export function toNumber(value: FormValue): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  return parseNumeric(value) ?? 0;
}

/** False for null, '' (also whitespace only) and an unticked checkbox (false); 0 is filled in. */
export function isFilledIn(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return !Number.isNaN(value);
  return value.trim() !== '';
}

/** Rounds half away from zero to 2 decimals, decided on the decimal digits (1.005 -> 1.01). */
export function roundTo2(n: number): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  if (abs < 0.005) return 0;
  if (abs >= 1e15) return n;
  // abs >= 0.005 and < 1e15 prints without an exponent, so the shift by e2 happens on the decimal digits.
  const rounded = Number(`${Math.round(Number(`${abs}e2`))}e-2`);
  return n < 0 ? -rounded : rounded;
}
