import type { FlowStatus } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import {
  rangePageIds,
  rangesNeedRebalance,
  rebalanceRanges,
  rebalanceUntilInShape,
  scheduleRangeRebalance,
} from '../../platform/db/sort-ranges';
import type { Logger } from '../../platform/logger';
import { type FlowFilters, flowWhere } from './flow-filters';

/**
 * Deep pages of the column sorts (description, relation name, created, updated). The flows of a company
 * are cut, in (value, id) order, into ranges of about FLOW_SORT_RANGE_SIZE; `flow_sort_range` counts each
 * range's live flows per status (triggers of migration 0008 keep the counts). A page is found by summing
 * counts up to its range and reading at most half a range from the range's nearer edge, on the same
 * (company, column, id) index as before. docs/decisions/008-flow-lists-at-scale.md.
 */
export const SORT_RANGE_KEYS = ['description', 'relation_fullname', 'created_at', 'updated_at'] as const;
export type SortRangeKey = (typeof SORT_RANGE_KEYS)[number];

/** Advisory lock class of the ranges (the triggers take it shared per company, a rebalance exclusively). */
const LOCK_CLASS = 7301;

interface Range {
  loText: string;
  /** Text form of the timestamp, exact to the microsecond (a JS Date would round it). */
  loTime: string;
  loId: number;
  /** Flows of the filtered statuses. */
  n: number;
  /** Flows of every status. */
  total: number;
}

const isTextKey = (key: SortRangeKey) => key === 'description' || key === 'relation_fullname';

/** The (value, id) row of a flow `f` for a key, comparable with a range start. */
function sortRow(key: SortRangeKey): SQL {
  return sql`(${sql.raw(`f.${key}`)}, f.id)`;
}

function startOf(key: SortRangeKey, r: Pick<Range, 'loText' | 'loTime' | 'loId'>): SQL {
  return isTextKey(key)
    ? sql`(${r.loText}::varchar, ${r.loId}::int)`
    : sql`(${r.loTime}::timestamptz, ${r.loId}::int)`;
}

/** The one handler, lead-source or tag filter a page has (the ranges count per dimension), or none. */
export interface RangeDim {
  dim: '' | 'user' | 'source' | 'tag';
  value: string;
}

export function rangeDimOf(f: FlowFilters): RangeDim | null {
  const dims: RangeDim[] = [];
  if (f.userId !== undefined) dims.push({ dim: 'user', value: String(f.userId) });
  if (f.leadSource !== undefined) dims.push({ dim: 'source', value: f.leadSource });
  if (f.tag !== undefined) dims.push({ dim: 'tag', value: f.tag });
  if (dims.length > 1) return null;
  return dims[0] ?? { dim: '', value: '' };
}

/**
 * The company's ranges of a key in list order, with counts for the given statuses (null: all) in a
 * dimension. In a handler, lead-source or tag dimension only the ranges holding such flows are listed.
 */
export async function readRanges(
  tx: Tx,
  key: SortRangeKey,
  statuses: FlowStatus[] | null,
  dim: RangeDim = { dim: '', value: '' },
): Promise<Range[]> {
  const n = statuses
    ? sql`coalesce(sum(r.n) filter (where r.flow_status = any(${sql.param(statuses)}::text[])), 0)::int`
    : sql`sum(r.n)::int`;
  const rows = await tx.execute<{
    lo_text: string;
    lo_time: string;
    lo_id: number;
    n: number;
    total: number;
  }>(sql`
    select r.lo_text, r.lo_time::text as lo_time, r.lo_id, ${n} as n, sum(r.n)::int as total
    from flow_sort_range r
    where r.company_id = nullif(current_setting('app.company_id', true), '')::integer and r.sort_key = ${key}
      and r.dim = ${dim.dim} and r.dim_value = ${dim.value}
    group by r.lo_text, r.lo_time, r.lo_id
    order by r.lo_text, r.lo_time, r.lo_id`);
  return rows.rows.map((r) => ({
    loText: r.lo_text,
    loTime: r.lo_time,
    loId: r.lo_id,
    n: r.n,
    total: r.total,
  }));
}

async function ids(tx: Tx, where: SQL, order: SQL, offset: number, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await tx.execute<{ id: number }>(
    sql`select f.id from flow_read f where ${where} order by ${order} offset ${offset} limit ${limit}`,
  );
  return rows.rows.map((r) => r.id);
}

export interface RangePage {
  ids: number[];
  total: number;
  stale: boolean;
}

/** A page of a column sort whose filters the ranges count (rangeDimOf not null), found through the ranges. */
export async function rangePage(
  tx: Tx,
  f: FlowFilters,
  dim: RangeDim,
  key: SortRangeKey,
  descending: boolean,
  offset: number,
  limit: number,
  size: number,
): Promise<RangePage> {
  const ranges = await readRanges(tx, key, f.statuses, dim);
  // Drift shows in the ranges of every flow; a dimension's list does not show it.
  const stale = rangesNeedRebalance(dim.dim === '' ? ranges : await readRanges(tx, key, null), size);
  const row = sortRow(key);
  const column = sql.raw(`f.${key}`);
  const page = await rangePageIds<Range>(
    ranges,
    (bound, _descending, skip, take) =>
      'from' in bound
        ? ids(
            tx,
            flowWhere(f, [sql`${row} >= ${startOf(key, bound.from)}`]),
            sql`${column} asc, f.id asc`,
            skip,
            take,
          )
        : ids(
            tx,
            flowWhere(f, 'before' in bound ? [sql`${row} < ${startOf(key, bound.before)}`] : []),
            sql`${column} desc, f.id desc`,
            skip,
            take,
          ),
    descending,
    offset,
    limit,
  );
  return { ...page, stale };
}

/**
 * Splits ranges of more than twice the size into ranges of the size, and merges neighbours that fit in
 * one, for one key of the transaction's company. Counts of the new ranges are taken from the flows
 * themselves. Answers false, changing nothing, when writers of the company are busy (the lock is not
 * waited for: a waiting rebalance would hold up every writer behind it). The steps are the platform's
 * (rebalanceRanges); this is the flows' SQL.
 */
export async function rebalanceSortRanges(
  tx: Tx,
  companyId: number,
  key: SortRangeKey,
  size: number,
): Promise<{ locked: boolean; changed: boolean }> {
  // Every dimension's rows of a range share its start; a range is split or merged in all of them.
  const where = sql`r.company_id = ${companyId} and r.sort_key = ${key}`;
  const column = sql.raw(`f.${key}`);
  const row = sortRow(key);
  return rebalanceRanges<Range>(tx, LOCK_CLASS, companyId, size, {
    read: () => readRanges(tx, key, null),
    split: async (range, next) => {
      const bounds = [
        sql`${row} >= ${startOf(key, range)}`,
        next ? sql`${row} < ${startOf(key, next)}` : undefined,
      ];
      // Delete the range's rows first: the chunk at its start is written again under the same key.
      await tx.execute(sql`delete from flow_sort_range r where ${where}
      and (r.lo_text, r.lo_time, r.lo_id) = (${range.loText}::varchar, ${range.loTime}::timestamptz, ${range.loId}::int)`);
      await tx.execute(sql`
      with x as materialized (
        select ${isTextKey(key) ? column : sql`''`}::varchar as tv,
          ${isTextKey(key) ? sql`'-infinity'::timestamptz` : column} as tm,
          f.id, f.flow_status, f.user_id, f.lead_source, f.tags,
          ((row_number() over (order by ${column}, f.id) - 1) / ${size}::int)::int as chunk,
          ((row_number() over (order by ${column}, f.id) - 1) % ${size}::int)::int as pos
        from flow_read f where ${flowWhere({ statuses: null, words: [] }, bounds)}),
      starts as (select chunk, tv, tm, id from x where pos = 0 and chunk > 0),
      counts as (
        select x.chunk, d.dim, d.dim_value, x.flow_status, count(*)::int as n from x
        cross join lateral (select ''::text as dim, ''::text as dim_value
          union all select 'user', coalesce(x.user_id, 0)::text union all select 'source', x.lead_source::text
          union select 'tag', left(t.tag, 100) from unnest(x.tags) t(tag)) d
        group by 1, 2, 3, 4)
      insert into flow_sort_range (company_id, sort_key, dim, dim_value, lo_text, lo_time, lo_id, flow_status, n)
      select ${companyId}, ${key}, c.dim, c.dim_value,
        case when c.chunk = 0 then ${range.loText}::varchar else b.tv end,
        case when c.chunk = 0 then ${range.loTime}::timestamptz else b.tm end,
        case when c.chunk = 0 then ${range.loId}::int else b.id end,
        c.flow_status, c.n
      from counts c left join starts b on b.chunk = c.chunk`);
    },
    // Neighbours that fit in one range together become one: the later one's counts move to the earlier.
    merge: async (current, next) => {
      await tx.execute(sql`
      with moved as (
        delete from flow_sort_range r where ${where}
          and (r.lo_text, r.lo_time, r.lo_id) = (${next.loText}::varchar, ${next.loTime}::timestamptz, ${next.loId}::int)
        returning r.dim, r.dim_value, r.flow_status, r.n)
      insert into flow_sort_range as t (company_id, sort_key, dim, dim_value, lo_text, lo_time, lo_id, flow_status, n)
      select ${companyId}, ${key}, m.dim, m.dim_value, ${current.loText}, ${current.loTime}::timestamptz, ${current.loId},
        m.flow_status, sum(m.n)::int
      from moved m group by m.dim, m.dim_value, m.flow_status
      on conflict (company_id, sort_key, dim, dim_value, lo_text, lo_time, lo_id, flow_status)
      do update set n = t.n + excluded.n`);
    },
  });
}

/** Rebalances every key of a company until nothing changes (after a bulk load, and in tests). */
export async function rebalanceAllSortRanges(db: Database, companyId: number, size: number): Promise<void> {
  for (const key of SORT_RANGE_KEYS)
    await rebalanceUntilInShape(() =>
      db.tenant({ companyId }, (tx) => rebalanceSortRanges(tx, companyId, key, size)),
    );
}

/**
 * Asks for a rebalance of a company's ranges of a key, in the background of this process: a list read
 * that found them out of shape calls it (platform/db/sort-ranges.ts).
 */
export function scheduleSortRangeRebalance(
  deps: { db: Database; logger: Logger },
  companyId: number,
  key: SortRangeKey,
  size: number,
): void {
  scheduleRangeRebalance(
    `flow:${companyId}:${key}`,
    () => deps.db.tenant({ companyId }, (tx) => rebalanceSortRanges(tx, companyId, key, size)),
    deps.logger,
    { companyId, key, list: 'flow' },
  );
}
