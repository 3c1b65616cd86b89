import { type SQLWrapper, sql } from 'drizzle-orm';
import { toIso } from '../http/dates';

/** `toIso` of a Date or of epoch milliseconds (the raw reads' `epochMs` columns). */
export const isoFast: (value: Date | number) => string = toIso;

export function isoFastOrNull(value: Date | number | null | undefined): string | null {
  return value === null || value === undefined ? null : isoFast(value);
}

/** A timestamp column as epoch milliseconds (a JSON number) in raw SQL, for `isoFast`. */
export function epochMs(column: SQLWrapper) {
  return sql`(extract(epoch from ${column}) * 1000)::float8`;
}

/** `epochMs` in a fixed SQL text (`rawRows`): `column` is a column name written in the code, never input. */
export function epochMsText(column: string): string {
  return `(extract(epoch from ${column}) * 1000)::float8`;
}
