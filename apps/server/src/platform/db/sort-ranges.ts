import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Tx } from './database';

/**
 * Sort ranges: deep pages of a long list without walking it (decision 008 for flows, decision 022 for
 * invoices). A list's rows are cut, per sort key, into ranges of about a configured size in (value, id)
 * order; triggers keep how many rows of each status a range holds. A page is found by summing counts up to
 * its range and reading at most half a range, from the range's nearer edge. This module is the part every
 * such list shares: locating a page in the ranges, reading it through the list's own reader, deciding
 * when the ranges are out of shape, which ranges split and which neighbours merge, the steps of one
 * rebalance, and running a rebalance in the background. The lists keep their SQL (range table, columns,
 * filters) in their own feature.
 */
export interface CountedRange {
  /** Rows of the page's filters in this range. */
  n: number;
  /** Rows of every status in this range. */
  total: number;
}

/**
 * Reads ids of the list in (value, id) order: ascending from a range's start (`from`), descending from just
 * before a range's start (`before`) or from the list's end (`end`), skipping `offset` rows of the page's
 * filters.
 */
export type RangeReader<R> = (
  bound: { from: R } | { before: R } | { end: true },
  descending: boolean,
  offset: number,
  limit: number,
) => Promise<number[]>;

/** Rows `[start, start + count)` of the filtered list in ascending order. */
async function ascendingSlice<R extends CountedRange>(
  ranges: R[],
  read: RangeReader<R>,
  start: number,
  count: number,
): Promise<number[]> {
  let before = 0;
  let i = 0;
  while (i < ranges.length - 1 && before + ranges[i]!.n <= start) before += ranges[i++]!.n;
  const range = ranges[i]!;
  const local = start - before;
  const next = ranges[i + 1];
  if (local <= range.n / 2) return read({ from: range }, false, local, count);
  if (!next) {
    // Nearer the end of the last range: read back from the list's end.
    return (await read({ end: true }, true, range.n - local - count, count)).reverse();
  }
  // Nearer the range's end: read back from the next range's start, then on into the next range.
  const take = Math.min(count, range.n - local);
  const back = await read({ before: next }, true, range.n - local - take, take);
  const rest = count > take ? await read({ from: next }, false, 0, count - take) : [];
  return [...back.reverse(), ...rest];
}

/**
 * A page of the list through its ranges (in list order, counted for the page's filters): its ids and the
 * total number of rows. A descending page is the reverse of an ascending slice, so both directions cost
 * the same.
 */
export async function rangePageIds<R extends CountedRange>(
  ranges: R[],
  read: RangeReader<R>,
  descending: boolean,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const total = ranges.reduce((s, r) => s + r.n, 0);
  if (offset >= total || limit <= 0) return { ids: [], total };
  const count = Math.min(limit, total - offset);
  if (!descending) return { ids: await ascendingSlice(ranges, read, offset, count), total };
  const slice = await ascendingSlice(ranges, read, total - offset - count, count);
  return { ids: slice.reverse(), total };
}

/** Whether ranges (of every row) have grown or shrunk so far from the size that a rebalance is due. */
export function rangesNeedRebalance(ranges: CountedRange[], size: number): boolean {
  const all = ranges.reduce((s, r) => s + r.total, 0);
  return ranges.some((r) => r.total > 2 * size) || ranges.length > 2 * Math.ceil(all / size) + 2;
}

/** Ranges of more than twice the size: a rebalance cuts each into ranges of the size. */
export function rangesToSplit<R extends CountedRange>(
  ranges: R[],
  size: number,
): { range: R; next: R | undefined }[] {
  return ranges.flatMap((range, i) => (range.total > 2 * size ? [{ range, next: ranges[i + 1] }] : []));
}

/** Neighbours that fit in one range together: each `from` range's counts move into `into`. */
export function rangesToMerge<R extends CountedRange>(ranges: R[], size: number): { into: R; from: R }[] {
  const merges: { into: R; from: R }[] = [];
  if (ranges.length === 0) return merges;
  let current = ranges[0]!;
  let currentTotal = current.total;
  for (const next of ranges.slice(1)) {
    if (currentTotal + next.total > size) {
      current = next;
      currentTotal = next.total;
      continue;
    }
    merges.push({ into: current, from: next });
    currentTotal += next.total;
  }
  return merges;
}

/** A list's own SQL for a rebalance of one key's ranges of the transaction's company. */
export interface RangeRebalanceSteps<R extends CountedRange> {
  /** The ranges in list order, counted for every status. */
  read(): Promise<R[]>;
  /** Cuts one range into ranges of the size (`next`: the range after it, none for the last). */
  split(range: R, next: R | undefined): Promise<void>;
  /** Moves the counts of the range `from` into its neighbour `into`. */
  merge(into: R, from: R): Promise<void>;
}

/**
 * One rebalance of a key's ranges: splits ranges of more than twice the size into ranges of the size, then
 * merges neighbours that fit in one (on the ranges read again when a split changed them). Takes the list's
 * advisory lock (`lockClass`, per company; the triggers take it shared) without waiting: answers locked
 * false, changing nothing, when writers of the company are busy (a waiting rebalance would hold up every
 * writer behind it).
 */
export async function rebalanceRanges<R extends CountedRange>(
  tx: Tx,
  lockClass: number,
  companyId: number,
  size: number,
  steps: RangeRebalanceSteps<R>,
): Promise<{ locked: boolean; changed: boolean }> {
  const got = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${lockClass}, ${companyId}) as ok`,
  );
  if (!got.rows[0]!.ok) return { locked: false, changed: false };
  let changed = false;
  const ranges = await steps.read();
  for (const { range, next } of rangesToSplit(ranges, size)) {
    await steps.split(range, next);
    changed = true;
  }
  const merged = changed ? await steps.read() : ranges;
  for (const { into, from } of rangesToMerge(merged, size)) {
    await steps.merge(into, from);
    changed = true;
  }
  return { locked: true, changed };
}

/**
 * Runs a rebalance until it changes nothing (after a bulk load, and in tests); waits a little while writers
 * hold the company's lock.
 */
export async function rebalanceUntilInShape(
  attempt: () => Promise<{ locked: boolean; changed: boolean }>,
): Promise<void> {
  for (let n = 0; n < 100; n += 1) {
    const result = await attempt();
    if (result.locked && !result.changed) return;
    if (!result.locked) await new Promise((r) => setTimeout(r, 50));
  }
}

const pending = new Set<string>();

/**
 * Runs a rebalance in the background of this process: a list read that found ranges out of shape asks for
 * it. Repeated asks with the same id while one runs are dropped; when writers keep the company busy (the
 * attempt could not take the lock) it tries a few times and then leaves it to the next read.
 */
export function scheduleRangeRebalance(
  id: string,
  attempt: () => Promise<{ locked: boolean }>,
  logger: Logger,
  context: Record<string, unknown>,
): void {
  if (pending.has(id)) return;
  pending.add(id);
  void (async () => {
    try {
      for (let n = 0; n < 5; n += 1) {
        if ((await attempt()).locked) return;
        await new Promise((r) => setTimeout(r, 200 * (n + 1)));
      }
    } catch (err) {
      logger.error({ err, ...context }, 'sort range rebalance failed');
    } finally {
      pending.delete(id);
    }
  })();
}
