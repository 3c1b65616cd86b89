import type { DocumentKind } from '@im/domain';
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

/**
 * Pages of the invoice overview at any depth (decision 022): the live invoices of a company are cut, per
 * sort key, into ranges of about DOCUMENT_SORT_RANGE_SIZE in (value, id) order; `document_sort_range`
 * counts each range's invoices per status (triggers of migration 0037). The page logic is the platform's
 * (platform/db/sort-ranges.ts), shared with the flow list; this module is the invoices' SQL.
 */
export const DOCUMENT_RANGE_KINDS: readonly DocumentKind[] = ['invoice'];
export const DOCUMENT_RANGE_KEYS = [
  'id',
  'number',
  'title',
  'status',
  'date_send',
  'updated',
  'relation',
  'flow',
  'amount',
] as const;
export type DocumentRangeKey = (typeof DOCUMENT_RANGE_KEYS)[number];

/** Advisory lock class of the ranges (the triggers take it shared per company, a rebalance exclusively). */
const LOCK_CLASS = 7302;

/**
 * A key's sort value on `document_read d` (never empty: the same expressions as the indexes of migration
 * 0037 and its trigger document_sort_range_apply), the range column it is kept in and the type a start is cast to.
 */
const KEYS: Record<
  DocumentRangeKey,
  { expr: string; column: 'lo_text' | 'lo_num' | 'lo_time' | null; cast: string }
> = {
  id: { expr: 'd.id', column: null, cast: 'int' },
  number: { expr: 'coalesce(d.number, -1)', column: 'lo_num', cast: 'int' },
  title: { expr: 'lower(d.title)', column: 'lo_text', cast: 'text' },
  status: { expr: 'd.status', column: 'lo_text', cast: 'text' },
  date_send: { expr: "coalesce(d.date_send, '-infinity')", column: 'lo_time', cast: 'timestamptz' },
  updated: { expr: 'd.updated_at', column: 'lo_time', cast: 'timestamptz' },
  relation: { expr: 'd.sort_relation', column: 'lo_text', cast: 'text' },
  flow: { expr: 'd.sort_flow_number', column: 'lo_num', cast: 'int' },
  amount: { expr: 'd.sort_amount', column: 'lo_num', cast: 'numeric' },
};

interface Range {
  loText: string;
  loNum: string;
  /** Text form of the timestamp, exact to the microsecond (a JS Date would round it). */
  loTime: string;
  loId: number;
  n: number;
  total: number;
}

const LEAST = { loText: '', loNum: '-Infinity', loTime: '-infinity', loId: 0 };

function isLeast(r: Pick<Range, 'loText' | 'loNum' | 'loTime' | 'loId'>): boolean {
  return r.loText === LEAST.loText && r.loNum === LEAST.loNum && r.loTime === LEAST.loTime && r.loId === 0;
}

/** `row >= start` (or `<`) on `document_read d`, as the key's index can answer it; none from the least start. */
function bound(
  key: DocumentRangeKey,
  r: Pick<Range, 'loText' | 'loNum' | 'loTime' | 'loId'>,
  op: '>=' | '<',
): SQL {
  if (isLeast(r)) return op === '>=' ? sql`true` : sql`false`;
  const k = KEYS[key];
  const o = sql.raw(op);
  if (k.column === null) return sql`d.id ${o} ${r.loId}::int`;
  const value = k.column === 'lo_text' ? r.loText : k.column === 'lo_num' ? r.loNum : r.loTime;
  return sql`(${sql.raw(k.expr)}, d.id) ${o} (${value}::${sql.raw(k.cast)}, ${r.loId}::int)`;
}

/** The ORDER BY the key's index answers (the id sort: the list index, which has no nulls order). */
function order(key: DocumentRangeKey, descending: boolean): SQL {
  if (key === 'id') return sql.raw(descending ? 'd.id desc' : 'd.id asc');
  const dir = sql.raw(descending ? 'desc nulls last' : 'asc nulls first');
  return sql`${sql.raw(KEYS[key].expr)} ${dir}, d.id ${dir}`;
}

/** The company's ranges of a key in list order, with counts for the given statuses (null: all). */
export async function readDocumentRanges(
  tx: Tx,
  kind: DocumentKind,
  key: DocumentRangeKey,
  statuses: string[] | null,
): Promise<Range[]> {
  const n = statuses
    ? sql`coalesce(sum(r.n) filter (where r.status = any(${sql.param(statuses)}::text[])), 0)::int`
    : sql`sum(r.n)::int`;
  const rows = await tx.execute<{
    lo_text: string;
    lo_num: string;
    lo_time: string;
    lo_id: number;
    n: number;
    total: number;
  }>(sql`
    select r.lo_text, r.lo_num::text as lo_num, r.lo_time::text as lo_time, r.lo_id, ${n} as n, sum(r.n)::int as total
    from document_sort_range r
    where r.company_id = nullif(current_setting('app.company_id', true), '')::integer and r.kind = ${kind}
      and r.sort_key = ${key}
    group by r.lo_text, r.lo_num, r.lo_time, r.lo_id
    order by r.lo_text, r.lo_num, r.lo_time, r.lo_id`);
  return rows.rows.map((r) => ({
    loText: r.lo_text,
    loNum: r.lo_num,
    loTime: r.lo_time,
    loId: r.lo_id,
    n: r.n,
    total: r.total,
  }));
}

/** The live documents of a kind (and statuses) on `document_read d`, with extra conditions. */
function liveWhere(kind: DocumentKind, statuses: string[] | null, extra: SQL): SQL {
  const status = statuses ? sql` and d.status = any(${sql.param(statuses)}::text[])` : sql``;
  return sql`d.kind = ${kind} and not d.is_template and d.deleted_at is null${status} and ${extra}`;
}

/**
 * A page of the overview in a range-kept sort: the page's ids and the total for the statuses (null: all).
 * `stale` says the ranges are out of shape (the caller schedules a rebalance).
 */
export async function documentRangePage(
  tx: Tx,
  kind: DocumentKind,
  key: DocumentRangeKey,
  statuses: string[] | null,
  descending: boolean,
  offset: number,
  limit: number,
  size: number,
): Promise<{ ids: number[]; total: number; stale: boolean }> {
  const ranges = await readDocumentRanges(tx, kind, key, statuses);
  // Each range carries its count of every status too (`total`): drift shows in the same read.
  const stale = rangesNeedRebalance(ranges, size);
  const page = await rangePageIds<Range>(
    ranges,
    async (b, desc, skip, take) => {
      if (take <= 0) return [];
      const where =
        'from' in b ? bound(key, b.from, '>=') : 'before' in b ? bound(key, b.before, '<') : sql`true`;
      const rows = await tx.execute<{ id: number }>(
        sql`select d.id from document_read d where ${liveWhere(kind, statuses, where)}
          order by ${order(key, desc)} offset ${skip} limit ${take}`,
      );
      return rows.rows.map((r) => r.id);
    },
    descending,
    offset,
    limit,
  );
  return { ...page, stale };
}

/** The range columns of a document's value for a key (as the trigger document_sort_range_apply of migration 0037 computes it). */
function rangeColumns(key: DocumentRangeKey): SQL {
  const k = KEYS[key];
  const of = (column: string, least: string) =>
    k.column === column
      ? sql.raw(
          `(${k.expr})::${column === 'lo_num' ? 'numeric' : column === 'lo_text' ? 'text' : 'timestamptz'}`,
        )
      : sql.raw(least);
  return sql`${of('lo_text', "''::text")} as tv, ${of('lo_num', "'-Infinity'::numeric")} as nv,
    ${of('lo_time', "'-infinity'::timestamptz")} as tm`;
}

/**
 * Splits ranges of more than twice the size into ranges of the size, and merges neighbours that fit in one,
 * for one kind and key of the transaction's company; counts of new ranges are taken from the documents.
 * Answers locked false, changing nothing, when writers of the company are busy (never waits for them).
 * The steps are the platform's (rebalanceRanges); this is the invoices' SQL.
 */
export async function rebalanceDocumentRanges(
  tx: Tx,
  companyId: number,
  kind: DocumentKind,
  key: DocumentRangeKey,
  size: number,
): Promise<{ locked: boolean; changed: boolean }> {
  const where = sql`r.company_id = ${companyId} and r.kind = ${kind} and r.sort_key = ${key}`;
  const at = (r: Pick<Range, 'loText' | 'loNum' | 'loTime' | 'loId'>) =>
    sql`(r.lo_text, r.lo_num, r.lo_time, r.lo_id) = (${r.loText}::text, ${r.loNum}::numeric, ${r.loTime}::timestamptz, ${r.loId}::int)`;
  return rebalanceRanges<Range>(tx, LOCK_CLASS, companyId, size, {
    read: () => readDocumentRanges(tx, kind, key, null),
    split: async (range, next) => {
      const within = sql`${bound(key, range, '>=')} and ${next ? bound(key, next, '<') : sql`true`}`;
      // Delete the range's rows first: the chunk at its start is written again under the same start.
      await tx.execute(sql`delete from document_sort_range r where ${where} and ${at(range)}`);
      await tx.execute(sql`
      with x as materialized (
        select ${rangeColumns(key)}, d.id, d.status,
          ((row_number() over (order by ${order(key, false)}) - 1) / ${size}::int)::int as chunk,
          ((row_number() over (order by ${order(key, false)}) - 1) % ${size}::int)::int as pos
        from document_read d where ${liveWhere(kind, null, within)}),
      starts as (select chunk, tv, nv, tm, id from x where pos = 0 and chunk > 0),
      counts as (select chunk, status, count(*)::int as n from x group by 1, 2)
      insert into document_sort_range (company_id, kind, sort_key, lo_text, lo_num, lo_time, lo_id, status, n)
      select ${companyId}, ${kind}, ${key},
        case when c.chunk = 0 then ${range.loText}::text else b.tv end,
        case when c.chunk = 0 then ${range.loNum}::numeric else b.nv end,
        case when c.chunk = 0 then ${range.loTime}::timestamptz else b.tm end,
        case when c.chunk = 0 then ${range.loId}::int else b.id end,
        c.status, c.n
      from counts c left join starts b on b.chunk = c.chunk`);
    },
    merge: async (into, from) => {
      await tx.execute(sql`
      with moved as (
        delete from document_sort_range r where ${where} and ${at(from)} returning r.status, r.n)
      insert into document_sort_range as t (company_id, kind, sort_key, lo_text, lo_num, lo_time, lo_id, status, n)
      select ${companyId}, ${kind}, ${key}, ${into.loText}::text, ${into.loNum}::numeric, ${into.loTime}::timestamptz,
        ${into.loId}::int, m.status, sum(m.n)::int
      from moved m group by m.status
      on conflict (company_id, kind, sort_key, lo_text, lo_num, lo_time, lo_id, status)
      do update set n = t.n + excluded.n`);
    },
  });
}

/** Rebalances every kind and key of a company until nothing changes (after a bulk load, and in tests). */
export async function rebalanceDocumentSortRanges(
  db: Database,
  companyId: number,
  size: number,
): Promise<void> {
  for (const kind of DOCUMENT_RANGE_KINDS) {
    for (const key of DOCUMENT_RANGE_KEYS) {
      await rebalanceUntilInShape(() =>
        db.tenant({ companyId }, (tx) => rebalanceDocumentRanges(tx, companyId, kind, key, size)),
      );
    }
  }
}

/** Asks for a rebalance of a company's ranges of a key in the background (a read found them out of shape). */
export function scheduleDocumentRangeRebalance(
  deps: { db: Database; logger: Logger },
  companyId: number,
  kind: DocumentKind,
  key: DocumentRangeKey,
  size: number,
): void {
  scheduleRangeRebalance(
    `document:${companyId}:${kind}:${key}`,
    () => deps.db.tenant({ companyId }, (tx) => rebalanceDocumentRanges(tx, companyId, kind, key, size)),
    deps.logger,
    { companyId, kind, key, list: 'document' },
  );
}
