import Decimal from 'decimal.js';
import { z } from 'zod';

export const NOT_A_NUMBER = 'Vul een getal in.';
export const tooManyDecimals = (scale: number) => `Gebruik hoogstens ${scale} decimalen.`;
export const outOfRange = (min: number, max: number) =>
  min === 0
    ? `Vul een getal in van 0 tot en met ${max.toLocaleString('nl-NL')}.`
    : `Vul een getal in tussen ${min.toLocaleString('nl-NL')} en ${max.toLocaleString('nl-NL')}.`;

const NUMERIC = /^-?(\d+(\.\d*)?|\.\d+)$/;
/** Dutch notation: a decimal comma, dots only between groups of three digits before it. */
const DUTCH = /^-?(\d+|\d{1,3}(\.\d{3})+)(,\d*)?$/;
/** '1.500': Dutch for 1500, English for 1.5; refused rather than guessed (decision 034). */
const AMBIGUOUS = /^-?[1-9]\d{0,2}\.\d{3}$/;
export const AMBIGUOUS_DECIMAL =
  'Dit getal is niet eenduidig: gebruik een komma voor decimalen (1,5) en schrijf duizendtallen zonder punt (1500) of met een komma erachter (1.500,00).';

/**
 * A numeric string as a plain decimal ('1234.5'), 'ambiguous', or null when it is no number. A comma
 * makes it Dutch, read whole ('1.000,50' is 1000.5); two or more dots group thousands ('1.500.000');
 * otherwise a dot is the decimal point ('12.50'), except the one reading that could be either.
 */
export function normalizeDecimalText(raw: string): string | 'ambiguous' | null {
  const text = raw.trim();
  if (text.includes(',') || /^-?\d{1,3}(\.\d{3}){2,}$/.test(text)) {
    if (!DUTCH.test(text) && !/^-?\d{1,3}(\.\d{3}){2,}$/.test(text)) return null;
    const plain = text.replaceAll('.', '').replace(',', '.');
    return NUMERIC.test(plain) ? plain : null;
  }
  if (AMBIGUOUS.test(text)) return 'ambiguous';
  return NUMERIC.test(text) ? text : null;
}

/**
 * A decimal number in a request: a JSON number or a numeric string ("12,50" and "1.000,50" read the
 * Dutch way, "12.50" the English way, "1.500" refused as ambiguous),
 * within [min, max] and with at most `scale` decimals. NaN, Infinity, 1e308, text and empty strings
 * are refused (422). The answer is a canonical string, exact for numeric columns and the engine.
 */
export function zDecimal(opts: { min: number; max: number; scale: number }) {
  return z.union([z.number(), z.string().max(40)]).transform((value, ctx) => {
    const text = typeof value === 'number' ? null : normalizeDecimalText(value);
    if (text === 'ambiguous') {
      ctx.addIssue({ code: 'custom', message: AMBIGUOUS_DECIMAL });
      return z.NEVER;
    }
    // Numbers like 1e-7 print with an exponent; Decimal reads them, the pattern would not.
    const parsed =
      typeof value === 'number'
        ? Number.isFinite(value)
          ? new Decimal(value)
          : null
        : text !== null
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
