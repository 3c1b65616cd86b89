import type { FlowQuery, FlowRow, zFlowPage } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cachedReads, type ReadPlan, readPlan, type Tx } from '../../platform/db/database';
import { PLAN_PER_VALUES } from '../../platform/db/preparing-client';
import { loadFlowRows } from './flow-dto';
import {
  COLUMN_SORTS,
  type FlowFilters,
  type FlowSort,
  flowWhere,
  hasText,
  type KeyedSort,
  keyedSort,
  parseFlowSort,
  tallyWhere,
  toFilters,
} from './flow-filters';
import { flowPageRead } from './flow-row';
import { rangeDimOf, rangePage, SORT_RANGE_KEYS, type SortRangeKey } from './sort-ranges';

/** A text query lists at most this many flows (docs/decisions/008). */
export const TEXT_QUERY_CAP = 250;
/** Tally buckets hold flows with the same `id >> 16` (the trigger in migration 0005). */
const BUCKET_SIZE = 65_536;

interface Group {
  key: string;
  rank: number;
  bucket: number;
  n: number;
}

export interface QueryFlowsOptions {
  /** FLOW_SORT_RANGE_SIZE (sort-ranges.ts). */
  rangeSize: number;
  /** Called when the ranges of a column sort are due for a rebalance. */
  onStaleRanges?: (key: SortRangeKey) => void;
}

/** The flow overview: filters, sort and a page of flows, with an exact total (capped for text queries). */
export async function queryFlows(
  tx: Tx,
  q: FlowQuery,
  options: QueryFlowsOptions,
): Promise<z.infer<typeof zFlowPage>> {
  const filters = toFilters(q);
  const sort = parseFlowSort(q.sort);
  const page = hasText(filters)
    ? await textPage(tx, filters, sort, q.offset, q.limit)
    : usesRanges(filters, sort.key)
      ? await rangeSortPage(tx, filters, sort, q.offset, q.limit, options)
      : await tallyPage(tx, filters, sort, q.offset, q.limit);
  return {
    data: await loadFlowRows(tx, page.ids),
    pagination: { total: page.total, offset: q.offset, limit: q.limit, total_capped: page.capped },
  };
}

/** A page that ends within this many rows is read straight along the id index (`flowPagePlan`). */
const DIRECT_PAGE_ROWS = 1_000;

/**
 * The flow overview as one read, for its usual form: sorted by id or number, no text, at most one
 * structured filter of those with their own (company, column, id) index (one status, a handler or a
 * lead source; no tag), ending within the first DIRECT_PAGE_ROWS rows. The total comes from the tally and
 * the page straight from that index, reading no more entries than the page's end, in ONE statement: one
 * snapshot, and with the set-up one round trip (`tenantReads`). It answers exactly what `queryFlows` does
 * (the tally's walk only skips buckets for deeper pages). Undefined otherwise: use `queryFlows`.
 */
export function flowPagePlan(q: FlowQuery): ReadPlan<z.infer<typeof zFlowPage>> | undefined {
  const filters = toFilters(q);
  const sort = parseFlowSort(q.sort);
  if (sort.key !== 'id' && sort.key !== 'number') return undefined;
  if (hasText(filters) || filters.tag !== undefined || q.offset + q.limit > DIRECT_PAGE_ROWS)
    return undefined;
  const indexed = [
    filters.statuses !== null,
    filters.userId !== undefined,
    filters.leadSource !== undefined,
  ].filter(Boolean).length;
  if (indexed > 1 || (filters.statuses !== null && filters.statuses.length !== 1)) return undefined;
  const read = directPageRead({
    filters,
    key: sort.key,
    descending: sort.descending,
    offset: q.offset,
    limit: q.limit,
  });
  return readPlan([read], ([p]) => ({
    data: p.rows,
    pagination: { total: p.total, offset: q.offset, limit: q.limit, total_capped: false },
  }));
}

// The statement of `flowPagePlan` for the filters, sort and page used last: drizzle spent more of the
// server's CPU on building and rendering it than on anything else of the call (docs/decisions/014).
const directPageRead = cachedReads(
  200,
  (k: { filters: FlowFilters; key: 'id' | 'number'; descending: boolean; offset: number; limit: number }) => {
    const dir = direction(k.descending);
    // Flow numbers are handed out in id order (create-flow.ts), so number order is id order.
    return flowPageRead(sql`select t.n, case when t.n > ${k.offset} then array(
        select f.id from flow_read f where ${flowWhere(k.filters)}
        order by f.id ${dir} offset ${k.offset} limit least(${k.limit}::int, t.n - ${k.offset}::int))
      else '{}'::int[] end as ids
      from (select coalesce(sum(g.n), 0)::int as n from (
        select sum(t.n) as n from flow_tally t where ${tallyWhere(k.filters, k.key)}
        group by t.bucket having sum(t.n) > 0) g) t`);
  },
);

interface PageIds {
  ids: number[];
  total: number;
  capped: boolean;
}

/** Column sorts go through the sort ranges unless they combine handler, lead-source and tag filters. */
function usesRanges(f: FlowFilters, key: string): key is SortRangeKey {
  return (SORT_RANGE_KEYS as readonly string[]).includes(key) && rangeDimOf(f) !== null;
}

async function rangeSortPage(
  tx: Tx,
  f: FlowFilters,
  sort: FlowSort,
  offset: number,
  limit: number,
  options: QueryFlowsOptions,
): Promise<PageIds> {
  const key = sort.key as SortRangeKey;
  const page = await rangePage(tx, f, rangeDimOf(f)!, key, sort.descending, offset, limit, options.rangeSize);
  if (page.stale) options.onStaleRanges?.(key);
  return { ids: page.ids, total: page.total, capped: false };
}

/**
 * Ids of the flows that match, in list order. Planned for its values each time (`PLAN_PER_VALUES`): how
 * many flows a status, handler, lead source, tag or word matches differs by orders of magnitude between
 * values, and a generic plan for a filter combination (a bitmap of the tag's and the handler's index,
 * say) took 80 ms at a million flows where the plan for the values takes 20 (bench:crm).
 */
async function selectIds(tx: Tx, where: SQL, order: SQL, offset: number, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await tx.execute<{ id: number }>(
    sql`${sql.raw(PLAN_PER_VALUES)}select f.id from flow_read f where ${where} order by ${order} offset ${offset} limit ${limit}`,
  );
  return rows.rows.map((r) => r.id);
}

function direction(descending: boolean): SQL {
  return descending ? sql.raw('desc') : sql.raw('asc');
}

/** ORDER BY of a sort over `flow_read f`: the column (or the rank of its value), then id. */
async function orderOf(tx: Tx, sort: FlowSort, reverse = false): Promise<SQL> {
  const dir = direction(sort.descending !== reverse);
  const column = COLUMN_SORTS[sort.key];
  if (column) return sql`${column} ${dir}, f.id ${dir}`;
  const keyed = (await keyedSort(tx, sort.key))!;
  if (sort.key === 'id' || sort.key === 'number') return sql`f.id ${dir}`;
  return sql`array_position(${sql.param(keyed.keys)}::text[], ${keyed.flowColumn}) ${dir}, f.id ${dir}`;
}

/** The columns an ORDER BY over `f` may use, carried through the text query's match set. */
const SORT_SOURCE_COLUMNS = sql.raw(
  'f.id, f.number, f.description, f.relation_fullname, f.flow_status, f.lead_source, f.user_id, f.created_at, f.updated_at',
);

/**
 * Share of the company's flows that a word must (by estimate) match for the sort order's index to find
 * its first matches sooner than the trigram index finds them all: at a million flows about 2%
 * (500 / share rows read along the order against share × flows from the trigram index).
 */
const COMMON_TEXT_SHARE = 0.02;
/** Sorts read straight from an index (`orderOf`), so walking them stops after the rows needed. */
const INDEX_ORDERED = new Set<string>(['id', 'number', ...Object.keys(COLUMN_SORTS)]);

/**
 * Whether the text matches more than twice the cap and COMMON_TEXT_SHARE of the company's live flows,
 * by PostgreSQL's estimate (statistics target 1,000 on the search text) against the tally's count.
 */
async function isCommonText(tx: Tx, f: FlowFilters): Promise<boolean> {
  const plan = await tx.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from flow_read f where ${flowWhere({ statuses: null, words: f.words, number: f.number })}`,
  );
  const estimate = plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  if (estimate <= 2 * TEXT_QUERY_CAP) return false;
  const live = await tx.execute<{ n: number }>(
    sql`select coalesce(sum(t.n), 0)::int as n from flow_tally t where ${tallyWhere({ statuses: null, words: [] })}`,
  );
  return estimate > COMMON_TEXT_SHARE * live.rows[0]!.n;
}

/**
 * A text query: GIN trigram search over the search text. Up to TEXT_QUERY_CAP matches are collected
 * in one go and sorted in memory (the usual case: a name, street or number). A word so common that
 * more flows match is not counted further (a heap visit per row); only the first TEXT_QUERY_CAP in
 * the chosen order can be paged, read along the sort order's index.
 */
async function textPage(
  tx: Tx,
  f: FlowFilters,
  sort: FlowSort,
  offset: number,
  limit: number,
): Promise<PageIds> {
  const where = flowWhere(f);
  const order = await orderOf(tx, sort);
  if (INDEX_ORDERED.has(sort.key) && (await isCommonText(tx, f))) {
    // The first TEXT_QUERY_CAP + 1 matches in list order, read along the order's index: for a common
    // word a few thousand rows, where the trigram index would hand over tens of thousands of matches.
    const first = await selectIds(tx, where, order, 0, TEXT_QUERY_CAP + 1);
    const total = Math.min(first.length, TEXT_QUERY_CAP);
    return {
      ids: first.slice(offset, Math.min(offset + limit, total)),
      total,
      capped: first.length > TEXT_QUERY_CAP,
    };
  }

  const found = await tx.execute<{ n: number; ids: number[] }>(sql`
    with m as materialized (
      select ${SORT_SOURCE_COLUMNS} from flow_read f where ${flowWhere(f, [], true)} limit ${TEXT_QUERY_CAP + 1})
    select (select count(*)::int from m) as n,
      array(select f.id from m f order by ${order} offset ${offset} limit ${limit}) as ids`);
  const { n, ids } = found.rows[0]!;
  if (n <= TEXT_QUERY_CAP) return { ids, total: n, capped: false };
  const total = TEXT_QUERY_CAP;
  if (offset >= total) return { ids: [], total, capped: true };
  return {
    ids: await selectIds(tx, where, order, offset, Math.min(limit, total - offset)),
    total,
    capped: true,
  };
}

/**
 * Structured filters only: the total comes from the tally. Sorts by id, status, handler or lead source
 * find the page from the tally's counts per (value, id bucket) and skip at most half a bucket; column
 * sorts with two or more of the handler, lead-source and tag filters read the index from whichever end
 * of the list is nearer.
 */
async function tallyPage(
  tx: Tx,
  f: FlowFilters,
  sort: FlowSort,
  offset: number,
  limit: number,
): Promise<PageIds> {
  const keyed = await keyedSort(tx, sort.key);
  const rows = await tx.execute<{ key: string; bucket: number; n: number }>(sql`
    select ${keyed?.tallyColumn ?? sql`''`} as key, t.bucket, sum(t.n)::int as n
    from flow_tally t where ${tallyWhere(f, sort.key)}
    group by 1, 2 having sum(t.n) > 0`);
  const total = rows.rows.reduce((s, r) => s + r.n, 0);
  if (offset >= total) return { ids: [], total, capped: false };
  const count = Math.min(limit, total - offset);
  const ids = keyed
    ? await keyedPage(tx, f, sort, keyed, rows.rows, offset, count)
    : await columnPage(tx, f, sort, total, offset, count);
  return { ids, total, capped: false };
}

async function columnPage(
  tx: Tx,
  f: FlowFilters,
  sort: FlowSort,
  total: number,
  offset: number,
  count: number,
): Promise<number[]> {
  const where = flowWhere(f);
  const fromEnd = total - offset - count;
  if (fromEnd < offset)
    return (await selectIds(tx, where, await orderOf(tx, sort, true), fromEnd, count)).reverse();
  return selectIds(tx, where, await orderOf(tx, sort), offset, count);
}

/** Rows `[offset, offset + count)` of a keyed sort, walking the tally's groups in list order. */
async function keyedPage(
  tx: Tx,
  f: FlowFilters,
  sort: FlowSort,
  keyed: KeyedSort,
  tally: { key: string; bucket: number; n: number }[],
  offset: number,
  count: number,
): Promise<number[]> {
  const rank = new Map(keyed.keys.map((k, i) => [k, i]));
  const sign = sort.descending ? -1 : 1;
  const groups: Group[] = tally
    .map((t) => ({ ...t, rank: rank.get(t.key) ?? keyed.keys.length }))
    .sort((a, b) => sign * (a.rank - b.rank) || sign * (a.bucket - b.bucket));
  const dir = direction(sort.descending);
  const ids: number[] = [];
  let before = 0;
  let g = 0;
  while (g < groups.length && before + groups[g]!.n <= offset) before += groups[g++]!.n;
  let local = offset - before;
  while (ids.length < count && g < groups.length) {
    const group = groups[g]!;
    const need = count - ids.length;
    const low = group.bucket * BUCKET_SIZE;
    const high = (group.bucket + 1) * BUCKET_SIZE;
    const keyCondition = keyed.condition(group.key);
    if (local > group.n / 2) {
      // Nearer the group's far end: read it backwards within the bucket, then go on with the next group.
      const take = Math.min(need, group.n - local);
      const where = flowWhere(f, [keyCondition, sql`f.id >= ${low}`, sql`f.id < ${high}`]);
      const back = await selectIds(
        tx,
        where,
        sql`f.id ${direction(!sort.descending)}`,
        group.n - local - take,
        take,
      );
      ids.push(...back.reverse());
      local = 0;
      g++;
      continue;
    }
    // From the group's near edge on; the scan runs on into the next buckets of the same value.
    const edge = sort.descending ? sql`f.id < ${high}` : sql`f.id >= ${low}`;
    const got = await selectIds(tx, flowWhere(f, [keyCondition, edge]), sql`f.id ${dir}`, local, need);
    ids.push(...got);
    // Fewer rows than asked: the value has no more, the page goes on with the next value.
    local = 0;
    while (g < groups.length && groups[g]!.key === group.key) g++;
  }
  return ids;
}

export type { FlowRow };
