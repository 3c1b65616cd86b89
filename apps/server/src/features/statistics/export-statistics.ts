import {
  businessDayStart,
  businessToday,
  daysBetween,
  type ExportStatisticsQuery,
  LEAD_STATISTICS_DEFAULT_WEEKS,
  STATISTICS_EXPORT_MAX_DAYS,
  STATISTICS_TEXTS,
  shiftDay,
  weekStartOf,
  weekStarts,
  zExportStatisticsQuery,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Tx } from '../../platform/db/database';
import { documentsPerPeriod, invoicedPerPeriod } from '../../platform/db/period-totals';
import { notFound, validationError } from '../../platform/errors';
import { writeSpreadsheet } from '../../platform/files/spreadsheet';
import { periodStatistics, readLeadTally, type TallyRow } from './lead-tally';

export const EXPORT_SHEET = 'Aanvragen per week';
export const EXPORT_COLUMNS = {
  week: 'Week (maandag)',
  source: (s: string) => `Aanvragen: ${s}`,
  total: 'Aanvragen totaal',
  quotation: 'Naar offerte',
  order: 'Naar opdracht',
  sent: 'Offertes verstuurd',
  approved: 'Offertes goedgekeurd',
  turnover: 'Omzet excl. btw',
} as const;

/** Leads per week of the flows that carry a filled-in copy of a form: from the leads themselves, not the tally. */
async function leadsWithForm(tx: Tx, verticalId: number, from: Date, to: Date): Promise<TallyRow[]> {
  const r = await tx.execute<{ p: string; s: string; n: number; q: number; c: number }>(sql`select
      date_trunc('week', l.date_lead at time zone 'Europe/Amsterdam')::date::text as p, f.lead_source as s,
      count(*)::int as n, count(l.date_quotation)::int as q, count(l.date_confirmation)::int as c
    from lead l join flow f on f.id = l.flow_id
    where f.deleted_at is null and l.date_lead >= ${from} and l.date_lead < ${to}
      and exists (select 1 from flow_data_item i where i.flow_id = f.id and i.vertical_id = ${verticalId})
    group by 1, 2`);
  const zero = { intake: 0, quotation: 0, confirmation: 0, project: 0, invoice: 0, aftercare: 0 };
  return r.rows.map((row) => ({
    period: row.p,
    lead_source: row.s,
    user_id: 0,
    flowprofile_id: 0,
    leads: Number(row.n),
    reached: { ...zero, quotation: Number(row.q), confirmation: Number(row.c) },
    seconds: zero,
  }));
}

export interface StatisticsFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/**
 * exportstatistics: the weeks whose Monday lies from `date_from` to `date_to` (by default the lead statistics'
 * 14 weeks), one row each with the figures getleadstatistics answers for them, as xlsx or csv.
 */
export async function exportStatistics(
  tx: Tx,
  companyId: number,
  input: ExportStatisticsQuery,
  now = new Date(),
): Promise<StatisticsFile> {
  const q = zExportStatisticsQuery.parse(input);
  const dateFrom = q.date_from ?? weekStarts(LEAD_STATISTICS_DEFAULT_WEEKS, now)[0]!;
  const dateTo = q.date_to ?? businessToday(now);
  if (dateTo < dateFrom)
    throw validationError(STATISTICS_TEXTS.dateOrder, { date_to: [STATISTICS_TEXTS.dateOrder] });
  if (daysBetween(dateFrom, dateTo) > STATISTICS_EXPORT_MAX_DAYS)
    throw validationError(STATISTICS_TEXTS.dateSpan, { date_from: [STATISTICS_TEXTS.dateSpan] });
  const weeks: string[] = [];
  for (let w = weekStartOf(dateFrom); w <= dateTo; w = shiftDay(w, 7)) if (w >= dateFrom) weeks.push(w);
  const first = weeks[0] ?? weekStartOf(dateFrom);
  const last = weeks.at(-1) ?? first;
  const lastDay = shiftDay(last, 6);
  const from = businessDayStart(first);
  const to = businessDayStart(shiftDay(last, 7));
  let rows: TallyRow[];
  let filter: { verticalId: number } | undefined;
  if (q.vertical_id !== undefined) {
    const form = await tx.execute(sql`select 1 from vertical where id = ${q.vertical_id}`);
    if (form.rows.length === 0) throw notFound('Formulier niet gevonden.');
    rows = await leadsWithForm(tx, q.vertical_id, from, to);
    filter = { verticalId: q.vertical_id };
  } else rows = await readLeadTally(tx, 'w', first, last, {});
  const invoiced = await invoicedPerPeriod(tx, 'week', first, lastDay, { filter });
  const sent = await documentsPerPeriod(tx, 'quotation', 'date_send', 'week', from, to, filter);
  const approved = await documentsPerPeriod(tx, 'quotation', 'date_approved', 'week', from, to, filter);
  const stats = periodStatistics(weeks, rows, [], invoiced, sent, approved);
  const header = [
    EXPORT_COLUMNS.week,
    ...stats.values.map((v) => EXPORT_COLUMNS.source(v.lead_source)),
    EXPORT_COLUMNS.total,
    EXPORT_COLUMNS.quotation,
    EXPORT_COLUMNS.order,
    EXPORT_COLUMNS.sent,
    EXPORT_COLUMNS.approved,
    EXPORT_COLUMNS.turnover,
  ];
  const data = weeks.map((week, i) => [
    week,
    ...stats.values.map((v) => v.counts[i]!),
    stats.totals[i]!,
    stats.quotations_reached[i]!,
    stats.orders_reached[i]!,
    stats.quotations_sent[i]!,
    stats.quotations_approved[i]!,
    stats.turnover[i]!,
  ]);
  const base = `statistieken-${companyId}-${dateFrom}-${dateTo}`;
  if (q.exporttype === 'csv') {
    // A byte order mark so a spreadsheet reads the UTF-8; ';' as Dutch spreadsheets expect (decision 058).
    const text = `\ufeff${Papa.unparse({ fields: header, data }, { delimiter: ';' })}\r\n`;
    return {
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
  return {
    filename: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: await writeSpreadsheet(EXPORT_SHEET, header, data),
  };
}
