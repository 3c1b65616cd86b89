import {
  amsterdamDay,
  type DocumentStatus,
  daysOverdue,
  type QuarterRow,
  quarterRange,
  showsVat6,
  toCents,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { writeSpreadsheet } from '../../platform/files/spreadsheet';

/**
 * /overdueinvoice_overview.html: sent and expired ('verlopen') invoices past their due date with an
 * amount owed (billed minus payments), oldest due date first, with the days overdue, the reminders sent
 * and what is outstanding over all of them. Credit invoices and credited invoices are not owed. What each invoice owes and from when is kept on its row by triggers (invoice.owed_day, owed);
 * the page, the number and the sum come from the index invoice_owed through SECURITY DEFINER functions
 * (migration 0035); a page past the middle is read from the other end.
 */
export async function overdueInvoices(tx: Tx, q: { offset: number; limit: number }) {
  const today = amsterdamDay(new Date());
  const [totals] = (
    await tx.execute<{ n: number; total: string | null }>(
      sql`select n::int as n, total::text as total from invoice_overdue_totals(${today}::date)`,
    )
  ).rows;
  const n = totals?.n ?? 0;
  let ids: number[] = [];
  if (q.offset < n) {
    const fromEnd = q.offset > n / 2;
    const skip = fromEnd ? Math.max(0, n - q.offset - q.limit) : q.offset;
    const take = fromEnd ? n - q.offset - skip : q.limit;
    const found = await tx.execute<{ id: number }>(
      sql`select id from invoice_overdue_ids(${today}::date, ${fromEnd}, ${take}::int, ${skip}::int) as id`,
    );
    ids = found.rows.map((r) => r.id);
    if (fromEnd) ids.reverse();
  }
  const rows = await tx.execute<{
    id: number;
    number: number | null;
    title: string;
    flow_id: number | null;
    flow_number: number | null;
    relation_id: number | null;
    relation_fullname: string | null;
    date_send: Date | null;
    enddate: string;
    status: string;
    billed_inc: string | null;
    owed: string | null;
    reminder_sent_at: Date | null;
    notice_sent_at: Date | null;
  }>(sql`
    select d.id, d.number, d.title, d.flow_id, f.number as flow_number, d.relation_id, r.fullname as relation_fullname,
      d.date_send, d.enddate::text, d.status, i.billed_inc::text, i.owed::text, i.reminder_sent_at, i.notice_sent_at
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as page(id, n)
      join sales_document d on d.id = page.id join invoice i on i.id = d.id
      left join flow f on f.id = d.flow_id left join relation r on r.id = d.relation_id
    order by page.n`);
  return {
    data: rows.rows.map((r) => ({
      id: r.id,
      number: r.number,
      title: r.title,
      flow_id: r.flow_id,
      flow_number: r.flow_number,
      relation_id: r.relation_id,
      relation_fullname: r.relation_fullname,
      date_send: r.date_send ? isoFast(new Date(r.date_send)) : null,
      enddate: r.enddate,
      days_overdue: daysOverdue(r.enddate, today),
      status: r.status as DocumentStatus,
      billed_inc: toCents(r.billed_inc ?? 0),
      owed: toCents(r.owed ?? 0),
      reminder_sent_at: r.reminder_sent_at ? isoFast(new Date(r.reminder_sent_at)) : null,
      notice_sent_at: r.notice_sent_at ? isoFast(new Date(r.notice_sent_at)) : null,
    })),
    pagination: { total: n, offset: q.offset, limit: q.limit },
    total_outstanding: toCents(totals?.total ?? 0),
  };
}

const QUARTER_SUMS = sql`coalesce(sum(invoices), 0)::int as invoices,
  coalesce(sum(billed_exc_0), 0)::text as exc_0, coalesce(sum(billed_exc_6), 0)::text as exc_6,
  coalesce(sum(billed_exc_9), 0)::text as exc_9, coalesce(sum(billed_exc_21), 0)::text as exc_21,
  coalesce(sum(billed_vat_6), 0)::text as vat_6, coalesce(sum(billed_vat_9), 0)::text as vat_9,
  coalesce(sum(billed_vat_21), 0)::text as vat_21, coalesce(sum(billed_exc), 0)::text as exc,
  coalesce(sum(billed_inc), 0)::text as inc`;

type SumRow = Record<
  'exc_0' | 'exc_6' | 'exc_9' | 'exc_21' | 'vat_6' | 'vat_9' | 'vat_21' | 'exc' | 'inc',
  string
> & {
  invoices: number;
};

function quarterRow(year: number, quarter: number, r: SumRow | undefined): QuarterRow {
  const n = (k: keyof SumRow) => Number(r?.[k] ?? 0);
  const exc = n('exc');
  const inc = n('inc');
  return {
    year,
    quarter,
    invoices: r?.invoices ?? 0,
    exc_0: n('exc_0'),
    exc_6: n('exc_6'),
    exc_9: n('exc_9'),
    exc_21: n('exc_21'),
    vat_6: n('vat_6'),
    vat_9: n('vat_9'),
    vat_21: n('vat_21'),
    exc,
    vat: Math.round((inc - exc) * 100) / 100,
    inc,
  };
}

/**
 * /invoice_overview_quarterly: per quarter of a year, every invoice sent in it (credit invoices with
 * their negative amounts): net per rate, VAT per rate, totals; what the VAT return asks (rubriek 1a/1b).
 * The amounts were frozen when each invoice was sent; their sums per day of sending are kept by a
 * trigger in invoice_day_total (a year is at most 366 rows).
 */
export async function quarterlyOverview(tx: Tx, year: number) {
  const { from } = quarterRange(year, 1);
  const { to } = quarterRange(year, 4);
  const rows = await tx.execute<SumRow & { quarter: number }>(sql`
    select extract(quarter from day)::int as quarter, ${QUARTER_SUMS}
    from invoice_day_total where company_id = nullif(current_setting('app.company_id', true), '')::integer
      and day between ${from}::date and ${to}::date
    group by 1 order by 1`);
  const byQuarter = new Map(rows.rows.map((r) => [r.quarter, r]));
  const quarters = [1, 2, 3, 4].map((q) => quarterRow(year, q, byQuarter.get(q)));
  const sum = (k: keyof QuarterRow) =>
    Math.round(quarters.reduce((a, q) => a + (q[k] as number), 0) * 100) / 100;
  const total: QuarterRow = {
    year,
    quarter: 4,
    invoices: quarters.reduce((a, q) => a + q.invoices, 0),
    exc_0: sum('exc_0'),
    exc_6: sum('exc_6'),
    exc_9: sum('exc_9'),
    exc_21: sum('exc_21'),
    vat_6: sum('vat_6'),
    vat_9: sum('vat_9'),
    vat_21: sum('vat_21'),
    exc: sum('exc'),
    vat: sum('vat'),
    inc: sum('inc'),
  };
  return { year, quarters, total };
}

export const QUARTERLY_HEADER = [
  'Jaar',
  'Kwartaal',
  'Facturen',
  'Omzet 0%',
  'Omzet 6%',
  'Omzet 9%',
  'Omzet 21%',
  'Btw 6%',
  'Btw 9%',
  'Btw 21%',
  'Totaal excl. btw',
  'Totaal btw',
  'Totaal incl. btw',
];

const cells = (q: QuarterRow, label: string) => [
  q.year,
  label,
  q.invoices,
  q.exc_0,
  q.exc_6,
  q.exc_9,
  q.exc_21,
  q.vat_6,
  q.vat_9,
  q.vat_21,
  q.exc,
  q.vat,
  q.inc,
];

/** The columns of 6 % (net and VAT): left out of a year without 6 % amounts (decision 038). */
const VAT6_COLUMNS = new Set([QUARTERLY_HEADER.indexOf('Omzet 6%'), QUARTERLY_HEADER.indexOf('Btw 6%')]);

/**
 * The quarterly overview as a file: CSV (semicolons, decimal commas, as Dutch spreadsheets read it) or
 * xlsx; the 6 % columns only for a year that has 6 % amounts, as on the screen.
 */
export async function quarterlyExport(tx: Tx, year: number, format: 'csv' | 'xlsx') {
  const o = await quarterlyOverview(tx, year);
  const keep = showsVat6(o.quarters)
    ? <T>(r: T[]) => r
    : <T>(r: T[]) => r.filter((_, i) => !VAT6_COLUMNS.has(i));
  const header = keep(QUARTERLY_HEADER);
  const rows = [...o.quarters.map((q) => cells(q, `Q${q.quarter}`)), cells(o.total, 'Totaal')].map(keep);
  if (format === 'xlsx')
    return {
      bytes: await writeSpreadsheet(`Btw ${year}`, header, rows),
      filename: `btw-overzicht-${year}.xlsx`,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const line = (r: (string | number)[]) =>
    r.map((c, i) => (i < 3 ? String(c) : (c as number).toFixed(2).replace('.', ','))).join(';');
  const text = [header.map(quote).join(';'), ...rows.map(line)].join('\r\n');
  return {
    bytes: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'),
    filename: `btw-overzicht-${year}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}
