import { type AnyColumn, asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import { validationError } from '../errors';

export const UNKNOWN_SORT = 'Op deze kolom kan niet worden gesorteerd.';

/** `%text%` for ILIKE, with the user's own `%`, `_` and `\` matching literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * ORDER BY for a `sort` parameter (`column` or `-column`), only over the whitelisted columns; the id
 * breaks ties so pages never overlap. An unknown column answers 422.
 */
export function sortOrder<K extends string>(
  sort: string | undefined,
  columns: Record<K, AnyColumn | SQLWrapper>,
  fallback: K,
  id: AnyColumn,
): SQL[] {
  const { key, descending } = sortKey(sort, columns, fallback);
  const direction = descending ? desc : asc;
  return [direction(columns[key]), direction(id)];
}

/** The sort a request names (`key` or `-key`), checked against the keys of `columns`. */
export function sortKey<K extends string>(
  sort: string | undefined,
  columns: Record<K, unknown>,
  fallback: K,
): { key: K; descending: boolean } {
  const raw = sort?.trim() || fallback;
  const descending = raw.startsWith('-');
  const key = descending ? raw.slice(1) : raw;
  if (!Object.hasOwn(columns, key)) {
    throw validationError(UNKNOWN_SORT, {
      sort: [`${UNKNOWN_SORT} Kies uit: ${Object.keys(columns).join(', ')}.`],
    });
  }
  return { key: key as K, descending };
}
