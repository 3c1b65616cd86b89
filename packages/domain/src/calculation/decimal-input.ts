import Decimal from 'decimal.js';
import { z } from 'zod';

export const NOT_A_NUMBER = 'Vul een getal in.';
export const tooManyDecimals = (scale: number) => `Gebruik hoogstens ${scale} decimalen.`;
export const outOfRange = (min: number, max: number) =>
  min === 0
    ? `Vul een getal in van 0 tot en met ${max.toLocaleString('nl-NL')}.`
    : `Vul een getal in tussen ${min.toLocaleString('nl-NL')} en ${max.toLocaleString('nl-NL')}.`;

const NUMERIC = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A decimal number in a request: a JSON number or a numeric string ("12,50" with a Dutch comma too),
 * within [min, max] and with at most `scale` decimals. NaN, Infinity, 1e308, text and empty strings
 * are refused (422). The answer is a canonical string, exact for numeric columns and the engine.
 */
export function zDecimal(opts: { min: number; max: number; scale: number }) {
  return z.union([z.number(), z.string().max(40)]).transform((value, ctx) => {
    const text =
      typeof value === 'number'
        ? Number.isFinite(value)
          ? String(value)
          : ''
        : value.trim().replace(',', '.');
    // Numbers like 1e-7 print with an exponent; Decimal reads them, the pattern would not.
    const parsed =
      typeof value === 'number' && Number.isFinite(value)
        ? new Decimal(value)
        : NUMERIC.test(text)
          ? new Decimal(text)
          : null;
    if (!parsed?.isFinite()) {
      ctx.addIssue({ code: 'custom', message: NOT_A_NUMBER });
      return z.NEVER;
    }
    if (parsed.lessThan(opts.min) || parsed.greaterThan(opts.max)) {
      ctx.addIssue({ code: 'custom', message: outOfRange(opts.min, opts.max) });
      return z.NEVER;
    }
    if (parsed.decimalPlaces() > opts.scale) {
      ctx.addIssue({ code: 'custom', message: tooManyDecimals(opts.scale) });
      return z.NEVER;
    }
    return parsed.toFixed();
  });
}

/** Percentages 0..100 with 2 decimals (VAT shares, discounts). */
export const zPercentage = zDecimal({ min: 0, max: 100, scale: 2 });

/** A typed percentage as the server would take it, or undefined while it is not one. */
export function parsedPercentage(text: string): string | undefined {
  const result = zPercentage.safeParse(text);
  return result.success ? result.data : undefined;
}
