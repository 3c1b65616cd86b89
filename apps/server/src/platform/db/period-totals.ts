import { businessToday, shiftDay, weekStartOf } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './database';
import { currentCompanyIdSql } from './tenancy-sql';

/**
 * The figures per period that the dashboard's statistic boxes and the statistics screens share (decision 058):
 * invoiced amounts from the day totals the invoice triggers keep (`invoice_day_total`), and sent or approved
 * documents counted over their date indexes; narrowed to a handler, request profile or lead source, both from
 * `flow_document_tally` when its weeks or months tile the range (else from the rows themselves). One place, so a
 * box and a chart never disagree.
 */
/** Every live company's rows (platform scope: the bragscreen). */
export const LIVE_COMPANIES = sql`company_id in (select id from company where deleted_at is null)`;

export type Grain = 'week' | 'month' | 'all';

/** Narrows to the flows of a handler, request profile, lead source or form (the statistics' filters). */
export interface FlowFilter {
  userId?: number;
  flowprofileId?: number;
  leadSource?: string;
  /** Flows with a filled-in copy of this form. */
  verticalId?: number;
}

const hasFilter = (f: FlowFilter | undefined): f is FlowFilter =>
  !!f && Object.values(f).some((v) => v !== undefined);

/** A filter the tally of flow documents can answer: handler, profile and source (not a form). */
const isTallyFilter = (f: FlowFilter) => f.verticalId === undefined;

/**
 * The tally grain whose periods tile [fromDay, endDay) exactly, where `endDay` is the day after the range (or
 * the range runs up to today, for which the current period holds everything so far); null when none does.
 */
function tileGrain(grain: Grain, fromDay: string, endDay: string): 'w' | 'm' | null {
  if (grain === 'week') return 'w';
  if (grain === 'month') return 'm';
  const monthStart = (d: string) => d.endsWith('-01');
  const monday = (d: string) => weekStartOf(d) === d;
  const tomorrow = shiftDay(businessToday(), 1);
  if (monthStart(fromDay) && (monthStart(endDay) || endDay >= tomorrow)) return 'm';
  if (monday(fromDay) && (monday(endDay) || endDay >= tomorrow)) return 'w';
  return null;
}

function tallyConditions(f: FlowFilter): SQL {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(sql`user_id = ${f.userId}`);
  if (f.flowprofileId !== undefined) parts.push(sql`flowprofile_id = ${f.flowprofileId}`);
  if (f.leadSource !== undefined) parts.push(sql`lead_source = ${f.leadSource}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/** Sums of `flow_document_tally` rows of a kind from `fromDay` to before `endDay`, per period (or '' for all). */
async function tallyPerPeriod(
  tx: Tx,
  kind: string,
  tally: 'w' | 'm',
  grain: Grain,
  fromDay: string,
  endDay: string,
  filter: FlowFilter,
) {
  const r = await tx.execute<{ p: string; n: number; exc: string; inc: string }>(sql`select
      ${grain === 'all' ? sql`''` : sql`period::text`} as p, sum(n)::int as n,
      coalesce(sum(amount_exc), 0)::text as exc, coalesce(sum(amount_inc), 0)::text as inc
    from flow_document_tally
    where company_id = ${currentCompanyIdSql} and kind = ${kind} and grain = ${tally}
      and period >= ${fromDay}::date and period < ${endDay}::date and ${tallyConditions(filter)}
    group by 1`);
  return r.rows;
}

function flowConditions(f: FlowFilter): SQL {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(sql`f.user_id = ${f.userId}`);
  if (f.flowprofileId !== undefined) parts.push(sql`f.flowprofile_id = ${f.flowprofileId}`);
  if (f.leadSource !== undefined) parts.push(sql`f.lead_source = ${f.leadSource}`);
  if (f.verticalId !== undefined)
    parts.push(
      sql`exists (select 1 from flow_data_item i where i.flow_id = f.id and i.vertical_id = ${f.verticalId})`,
    );
  return sql.join(parts, sql` and `);
}

/** The start ('YYYY-MM-DD') of the period a date column lies in; '' for the whole range. */
function periodOf(grain: Grain, column: SQL): SQL {
  if (grain === 'all') return sql`''`;
  return sql`date_trunc(${grain}, ${column})::date::text`;
}

export interface Invoiced {
  /** Euros excl. and incl. VAT as decimal text (credit invoices negative). */
  exc: string;
  inc: string;
  invoices: number;
}

/**
 * Invoiced per period for the invoices sent from `fromDay` to `toDay` (Amsterdam days, inclusive): the
 * company's (or, with `platform`, every company's) day totals; with a flow filter, the invoices themselves.
 */
export async function invoicedPerPeriod(
  tx: Tx,
  grain: Grain,
  fromDay: string,
  toDay: string,
  options: { filter?: FlowFilter; platform?: boolean } = {},
): Promise<Map<string, Invoiced>> {
  const { filter, platform } = options;
  const endDay = shiftDay(toDay, 1);
  const tally = hasFilter(filter) && isTallyFilter(filter) ? tileGrain(grain, fromDay, endDay) : null;
  if (tally && filter) {
    const rows = await tallyPerPeriod(tx, 'invoice', tally, grain, fromDay, endDay, filter);
    return new Map(rows.map((row) => [row.p, { exc: row.exc, inc: row.inc, invoices: Number(row.n) }]));
  }
  const query = hasFilter(filter)
    ? sql`select ${periodOf(grain, sql`i.sent_day`)} as p, coalesce(sum(i.billed_exc), 0)::text as exc,
        coalesce(sum(i.billed_inc), 0)::text as inc, count(*)::int as n
        from invoice i join sales_document d on d.id = i.id join flow f on f.id = d.flow_id
        where i.company_id = ${currentCompanyIdSql} and i.sent_day >= ${fromDay}::date and i.sent_day <= ${toDay}::date
          and ${flowConditions(filter)}
        group by 1`
    : sql`select ${periodOf(grain, sql`day`)} as p, coalesce(sum(billed_exc), 0)::text as exc,
        coalesce(sum(billed_inc), 0)::text as inc, coalesce(sum(invoices), 0)::int as n
        from invoice_day_total
        where ${platform ? LIVE_COMPANIES : sql`company_id = ${currentCompanyIdSql}`}
          and day >= ${fromDay}::date and day <= ${toDay}::date
        group by 1`;
  const r = await tx.execute<{ p: string; exc: string; inc: string; n: number }>(query);
  return new Map(r.rows.map((row) => [row.p, { exc: row.exc, inc: row.inc, invoices: Number(row.n) }]));
}

/**
 * Live documents of a kind whose send or approval time lies in [from, to), per Amsterdam period: the
 * company's, or only those on flows matching the filter.
 */
export async function documentsPerPeriod(
  tx: Tx,
  kind: 'quotation' | 'confirmation',
  column: 'date_send' | 'date_approved',
  grain: Grain,
  from: Date,
  to: Date,
  filter?: FlowFilter,
): Promise<Map<string, number>> {
  // Quotations are counted on live dossiers from the tally, with or without a filter (a few rows per period).
  if (kind === 'quotation' && (!filter || isTallyFilter(filter))) {
    const fromDay = businessToday(from);
    const endDay = businessToday(to);
    const tally = tileGrain(grain, fromDay, endDay);
    if (tally) {
      const name = column === 'date_send' ? 'quotation_sent' : 'quotation_approved';
      const rows = await tallyPerPeriod(tx, name, tally, grain, fromDay, endDay, filter ?? {});
      return new Map(rows.map((row) => [row.p, Number(row.n)]));
    }
  }
  const at = sql.raw(`d.${column}`);
  const onFlow = hasFilter(filter)
    ? sql`and exists (select 1 from flow f where f.id = d.flow_id and ${flowConditions(filter)})`
    : sql``;
  const r = await tx.execute<{ p: string; n: number }>(sql`select
      ${periodOf(grain, sql`(${at} at time zone 'Europe/Amsterdam')`)} as p, count(*)::int as n
    from sales_document d
    where d.company_id = ${currentCompanyIdSql} and d.kind = ${kind} and not d.is_template and d.deleted_at is null
      and ${at} >= ${from} and ${at} < ${to} ${onFlow}
    group by 1`);
  return new Map(r.rows.map((row) => [row.p, Number(row.n)]));
}
