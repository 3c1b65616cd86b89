import {
  amsterdamDay,
  type DocumentKind,
  type DocumentQuery,
  type DocumentRow,
  type DocumentStatus,
  invoiceDueLabel,
  type Paginated,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type ReadPlan, readPlan, type Tx } from '../../platform/db/database';
import { epochMsText, isoFast } from '../../platform/db/iso';
import { CURRENT_COMPANY_ID } from '../../platform/db/tenancy-sql';
import { TEXT_QUERY_CAP } from '../flows';
import {
  DOCUMENT_RANGE_KEYS,
  DOCUMENT_RANGE_KINDS,
  type DocumentRangeKey,
  documentRangePage,
} from './document-sort-ranges';

const SORTS: Record<string, SQL> = {
  number: sql`d.number`,
  title: sql`lower(d.title)`,
  relation: sql`d.sort_relation`,
  flow: sql`d.sort_flow_number`,
  status: sql`d.status`,
  amount: sql`c.amount_inc_vat`,
  documentdate: sql`d.documentdate`,
  date_send: sql`d.date_send`,
  updated: sql`d.updated_at`,
  id: sql`d.id`,
};

export interface QueryDocumentsOptions {
  /** DOCUMENT_SORT_RANGE_SIZE (document-sort-ranges.ts). */
  rangeSize: number;
  /** DOCUMENT_SEARCH_WALK_OVER: a search with more hits walks the sort's index for its page (migration 0038). */
  searchWalkOver: number;
  /** Called when a page found its sort ranges out of shape (the route schedules a rebalance). */
  onStaleRanges?: (key: DocumentRangeKey) => void;
}

/** GET /api/{kind}: a kind's live documents (not templates), filtered and paged on the server. */
export async function queryDocuments(
  tx: Tx,
  kind: DocumentKind,
  q: DocumentQuery & { offset: number; limit: number },
  options?: QueryDocumentsOptions,
): Promise<Paginated<DocumentRow>> {
  // The company is named explicitly (RLS still applies): the policy's OR cannot use an index, this can.
  const where: SQL[] = [
    sql`d.company_id = nullif(current_setting('app.company_id', true), '')::integer`,
    sql`d.kind = ${kind}`,
    sql`not d.is_template`,
    sql`d.deleted_at is null`,
  ];
  if (q.status && q.status !== 'all') where.push(sql`d.status = ${q.status}`);
  if (q.flow_id !== undefined) where.push(sql`d.flow_id = ${q.flow_id}`);
  if (q.document_type_id !== undefined) where.push(sql`d.document_type_id = ${q.document_type_id}`);
  const text = q.query?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asNumber = /^\d{1,9}$/.test(text) ? Number(text) : null;
    where.push(
      sql`(d.title ilike ${like} or d.sort_relation ilike ${like}${asNumber !== null ? sql` or d.number = ${asNumber} or d.sort_flow_number = ${asNumber}` : sql``})`,
    );
  }
  const desc = q.sort?.startsWith('-') ?? true;
  const key = q.sort?.replace(/^-/, '') ?? 'id';
  const order = SORTS[key] ?? SORTS.id!;
  const direction = desc ? sql`desc nulls last` : sql`asc nulls first`;
  const condition = sql.join(where, sql` and `);
  let total: number;
  let capped = false;
  let page: SQL;
  if (q.flow_id === undefined && q.document_type_id === undefined) {
    // The overview itself (decision 022): the total from the tally (or a count of the search's hits) and
    // the page's ids from the SECURITY DEFINER functions of migration 0035, which apply the tenant rule
    // themselves; a page past the middle is read from the other end.
    const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const asNumber = text && /^\d{1,9}$/.test(text) ? Number(text) : null;
    const status = q.status && q.status !== 'all' ? q.status : null;
    const sortKey = SORTS[key] ? key : 'id';
    const call = (descending: boolean, take: number, skip: number) =>
      tx.execute<{ id: number; total: number }>(
        sql`select id, total::int as total from document_list_page(${kind}, ${status}::text, ${like}::text,
          ${asNumber}::int, ${sortKey}, ${descending}, ${take}::int, ${skip}::bigint,
          ${options?.searchWalkOver ?? null}::int)`,
      );
    const count = async () =>
      (
        await tx.execute<{ n: number }>(
          sql`select document_list_count(${kind}, ${status}::text, ${like}::text, ${asNumber}::int)::int as n`,
        )
      ).rows[0]?.n ?? 0;
    let ids: number[];
    const rangeKey = (DOCUMENT_RANGE_KEYS as readonly string[]).includes(sortKey)
      ? (sortKey as DocumentRangeKey)
      : null;
    if (like === null && options && rangeKey && DOCUMENT_RANGE_KINDS.includes(kind)) {
      // Any page of a long invoice list, through the sort ranges (decision 022).
      const found = await documentRangePage(
        tx,
        kind,
        rangeKey,
        status ? [status] : null,
        desc,
        q.offset,
        q.limit,
        options.rangeSize,
      );
      if (found.stale) options.onStaleRanges?.(rangeKey);
      ids = found.ids;
      total = found.total;
    } else if (like !== null) {
      // A search lists at most its first TEXT_QUERY_CAP hits in the chosen order, as the flow list's text
      // queries do (decision 008): beyond, the total says so and asks for a more specific search. It counts
      // its hits in the same query; a page past them asks for the count alone.
      const take = Math.min(q.limit, TEXT_QUERY_CAP - q.offset);
      const found = take > 0 ? (await call(desc, take, q.offset)).rows : [];
      ids = found.map((r) => r.id);
      const hits = found[0]?.total ?? (await count());
      total = Math.min(hits, TEXT_QUERY_CAP);
      capped = hits > TEXT_QUERY_CAP;
    } else {
      total = await count();
      const fromEnd = q.offset > total / 2;
      const skip = fromEnd ? Math.max(0, total - q.offset - q.limit) : q.offset;
      const take = fromEnd ? total - q.offset - skip : q.limit;
      ids = take > 0 ? (await call(fromEnd ? !desc : desc, take, skip)).rows.map((r) => r.id) : [];
      if (fromEnd) ids.reverse();
    }
    page = sql`select ids.id, ids.n from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as ids(id, n)`;
  } else {
    // Within a flow or a document type (a few documents): the page is chosen over the documents alone (the
    // relation's name and the flow's number are copied onto them), and only its rows are joined. The
    // calculation is joined first only when the amount sort reads it.
    const pageFrom =
      key === 'amount'
        ? sql`from sales_document d
      left join calculation c on c.id = d.calculation_id
      where ${condition}`
        : sql`from sales_document d where ${condition}`;
    const [count] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n ${pageFrom}`)).rows;
    total = count?.n ?? 0;
    page = sql`select d.id, row_number() over (order by ${order} ${direction}, d.id ${direction}) as n ${pageFrom}
      order by ${order} ${direction}, d.id ${direction} limit ${q.limit} offset ${q.offset}`;
  }
  const rows = await tx.execute<RawDocumentRow>(
    sql`select ${sql.raw(DOCUMENT_ROW_COLUMNS)} from (${page}) page ${sql.raw(DOCUMENT_ROW_JOINS)} order by page.n`,
  );
  const today = amsterdamDay(new Date());
  return {
    data: rows.rows.map((r) => toDocumentRow(kind, r, today)),
    pagination: { total, offset: q.offset, limit: q.limit, ...(capped ? { total_capped: true } : {}) },
  };
}

/** A row of the overview as the statement answers it (`DOCUMENT_ROW_COLUMNS`). */
interface RawDocumentRow extends Record<string, unknown> {
  id: number;
  number: number | null;
  title: string;
  status: string;
  flow_id: number | null;
  flow_number: number | null;
  relation_id: number | null;
  relation_fullname: string | null;
  document_type: string | null;
  amount_exc_vat: string | null;
  amount_inc_vat: string | null;
  documentdate: string | null;
  /** Epoch milliseconds. */
  date_send: number | null;
  /** Epoch milliseconds. */
  updated_at: number;
  enddate: string | null;
  billed_inc: string | null;
  settlement: 'credit' | 'credited' | null;
}

/** What an overview row shows, over `sales_document d` and `DOCUMENT_ROW_JOINS`. */
const DOCUMENT_ROW_COLUMNS = `d.id, d.number, d.title, d.status, d.flow_id, f.number as flow_number, d.relation_id,
  r.fullname as relation_fullname, t.description as document_type, c.amount_exc_vat::text, c.amount_inc_vat::text,
  d.documentdate::text, ${epochMsText('d.date_send')} as date_send, ${epochMsText('d.updated_at')} as updated_at,
  d.enddate::text,
  (case when i.billed_inc is not null then i.billed_inc
    when i.partialinvoicetype = 'fromamount' then round(i.partial_value, 2)
    when i.partialinvoicetype = 'frompercentage' then round(c.amount_inc_vat * i.partial_value / 100, 2)
    when i.partialinvoicetype is null and i.invoice_type = 'normal' then c.amount_inc_vat end)::text as billed_inc,
  case when i.invoice_type = 'credit' then 'credit'
    when i.id is not null and exists (select 1 from invoice ci join sales_document cd on cd.id = ci.id
      where ci.credited_invoice_id = d.id and cd.date_send is not null and cd.deleted_at is null) then 'credited'
  end as settlement`;

/** What `DOCUMENT_ROW_COLUMNS` reads besides `sales_document d`. */
const DOCUMENT_ROW_LEFT_JOINS = `left join flow f on f.id = d.flow_id
  left join relation r on r.id = d.relation_id
  left join calculation c on c.id = d.calculation_id
  left join document_type t on t.id = d.document_type_id
  left join invoice i on i.id = d.id`;

/** The joins of `DOCUMENT_ROW_COLUMNS` after a page of ids `page` (id, n: its place). */
const DOCUMENT_ROW_JOINS = `join sales_document d on d.id = page.id
  ${DOCUMENT_ROW_LEFT_JOINS}`;

function toDocumentRow(kind: DocumentKind, r: RawDocumentRow, today: string): DocumentRow {
  return {
    id: r.id,
    kind,
    number: r.number,
    title: r.title,
    status: r.status as DocumentStatus,
    flow_id: r.flow_id,
    flow_number: r.flow_number,
    relation_id: r.relation_id,
    relation_fullname: r.relation_fullname,
    document_type: r.document_type,
    amount_exc_vat: Number(r.amount_exc_vat ?? 0),
    amount_inc_vat: Number(r.amount_inc_vat ?? 0),
    documentdate: r.documentdate,
    date_send: r.date_send !== null ? isoFast(r.date_send) : null,
    updated_at: isoFast(r.updated_at),
    due:
      kind === 'invoice'
        ? invoiceDueLabel(
            r.status as DocumentStatus,
            r.date_send !== null ? r.enddate : null,
            today,
            r.settlement,
          )
        : null,
    billed_inc: kind === 'invoice' && r.billed_inc !== null ? Number(r.billed_inc) : null,
  };
}

/** A page that ends within this many rows is read from the list's start by `documentPagePlan`. */
const DIRECT_PAGE_ROWS = 1_000;

/**
 * The overview's page and its rows in ONE fixed statement: `document_list_page` answers the page's ids with
 * the list's total (the tally's), and the rows are joined to them in the same statement, one snapshot.
 * With the set-up that is one round trip (`tenantReads`) where `queryDocuments` took four (count, page,
 * rows, commit). A fixed text, so the connection prepares it once and nothing is built per request. The
 * rows are read per id of the page (a lateral the planner cannot flatten): PostgreSQL guesses a thousand
 * rows from the function and would otherwise hash the company's documents and invoices whole.
 */
const DOCUMENT_PAGE_SQL = `select page.total::int as total, doc.*
  from document_list_page($1::text, $2::text, null::text, null::int, $3::text, $4::boolean, $5::int, $6::bigint, null::int)
    with ordinality as page(id, total, n)
  cross join lateral (select ${DOCUMENT_ROW_COLUMNS} from sales_document d ${DOCUMENT_ROW_LEFT_JOINS}
    where d.id = page.id offset 0) doc
  order by page.n`;

/**
 * The date sort's page (the overview's default, newest first) without `document_list_page`: that function
 * plans two built statements on every call (the tally's days and the page), most of the database's time for
 * a first page. Near the start the page is a plain walk of the date index (`sales_document_by_date`, or
 * with a status `sales_document_status_by_date`), the total the tally's sum, as `document_list_count`
 * gives it: a static statement per direction and filter, planned once per connection. $1 kind, $2 limit,
 * $3 offset, $4 status. Each order is the exact reverse of the other (no date first ascending, last
 * descending; then by id), as the function's.
 */
function datePageSql(descending: boolean, withStatus: boolean): string {
  const order = descending
    ? 'd.documentdate desc nulls last, d.id desc'
    : 'd.documentdate asc nulls first, d.id asc';
  return `select tally.total, doc.*
  from (select coalesce(sum(t.n), 0)::int as total from document_tally t
    where t.company_id = ${CURRENT_COMPANY_ID} and t.kind = $1${withStatus ? ' and t.status = $4' : ''}) tally
  cross join unnest(array(select d.id from sales_document d
    where d.company_id = ${CURRENT_COMPANY_ID} and d.kind = $1 and not d.is_template and d.deleted_at is null${
      withStatus ? ' and d.status = $4' : ''
    }
    order by ${order} limit $2 offset $3)) with ordinality as page(id, n)
  cross join lateral (select ${DOCUMENT_ROW_COLUMNS} from sales_document d ${DOCUMENT_ROW_LEFT_JOINS}
    where d.id = page.id offset 0) doc
  order by page.n`;
}
const DATE_PAGE_SQL = {
  desc: { all: datePageSql(true, false), status: datePageSql(true, true) },
  asc: { all: datePageSql(false, false), status: datePageSql(false, true) },
};

/**
 * The overview as it opens, in one statement and round trip: no search, no flow or document type, a sort
 * that does not go through the sort ranges (the invoices' date sort, the screen's default; every sort of
 * the other kinds), ending within the first DIRECT_PAGE_ROWS rows. It reads the page from the start of
 * the list, where `queryDocuments` reads a page past the middle from the end: the same rows, each order
 * being the exact reverse of the other. The date sort reads its page by a static statement
 * (`DATE_PAGE_SQL`), the other sorts through `document_list_page`. Undefined otherwise: use `queryDocuments`. The plan answers null
 * for an empty page (past the end, or an empty list), whose total the statement cannot give: then
 * `queryDocuments` answers, as before.
 */
export function documentPagePlan(
  kind: DocumentKind,
  q: DocumentQuery & { offset: number; limit: number },
): ReadPlan<Paginated<DocumentRow> | null> | undefined {
  if (q.query?.trim() || q.flow_id !== undefined || q.document_type_id !== undefined) return undefined;
  if (q.offset + q.limit > DIRECT_PAGE_ROWS) return undefined;
  const desc = q.sort?.startsWith('-') ?? true;
  const key = q.sort?.replace(/^-/, '') ?? 'id';
  const sortKey = SORTS[key] ? key : 'id';
  if ((DOCUMENT_RANGE_KEYS as readonly string[]).includes(sortKey) && DOCUMENT_RANGE_KINDS.includes(kind))
    return undefined;
  const status = q.status && q.status !== 'all' ? q.status : null;
  const read =
    sortKey === 'documentdate'
      ? {
          text: DATE_PAGE_SQL[desc ? 'desc' : 'asc'][status ? 'status' : 'all'],
          values: status ? [kind, q.limit, q.offset, status] : [kind, q.limit, q.offset],
        }
      : { text: DOCUMENT_PAGE_SQL, values: [kind, status, sortKey, desc, q.limit, q.offset] };
  return readPlan([{ ...read, map: (rows: (RawDocumentRow & { total: number })[]) => rows }], ([rows]) => {
    if (rows.length === 0) return null;
    const today = amsterdamDay(new Date());
    return {
      data: rows.map((r) => toDocumentRow(kind, r, today)),
      pagination: { total: rows[0]!.total, offset: q.offset, limit: q.limit },
    };
  });
}
