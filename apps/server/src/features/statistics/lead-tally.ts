import {
  averageDays,
  percentage,
  STATISTIC_STAGES,
  type StageStatistic,
  type StatisticStage,
  type StatisticsFilters,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { type FlowFilter, type Invoiced, LIVE_COMPANIES } from '../../platform/db/period-totals';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { notFound } from '../../platform/errors';

/** One group of the lead tally over a window: its period, dimensions and summed counts and seconds. */
export interface TallyRow {
  period: string;
  lead_source: string;
  user_id: number;
  flowprofile_id: number;
  leads: number;
  reached: Record<StatisticStage, number>;
  seconds: Record<StatisticStage, number>;
}

const PLURAL: Record<StatisticStage, string> = {
  intake: 'intakes',
  quotation: 'quotations',
  confirmation: 'confirmations',
  project: 'projects',
  invoice: 'invoices',
  aftercare: 'aftercares',
};

export function flowFilterOf(q: StatisticsFilters): FlowFilter {
  return { userId: q.username, flowprofileId: q.flowprofile, leadSource: q.lead_source };
}

/** A filter's user or request profile must be the company's own: another company's id answers 404. */
export async function checkFilterIds(tx: Tx, q: StatisticsFilters): Promise<void> {
  if (q.username !== undefined) {
    const r = await tx.execute(sql`select 1 from "user" where id = ${q.username} and deleted_at is null`);
    if (r.rows.length === 0) throw notFound('Gebruiker niet gevonden.');
  }
  if (q.flowprofile !== undefined) {
    const r = await tx.execute(
      sql`select 1 from flow_profile where id = ${q.flowprofile} and deleted_at is null`,
    );
    if (r.rows.length === 0) throw notFound('Aanvraagprofiel niet gevonden.');
  }
}

function tallyWhere(grain: 'w' | 'm', from: string, to: string, filter: FlowFilter, platform?: boolean): SQL {
  const where: SQL[] = [
    platform ? LIVE_COMPANIES : sql`company_id = ${currentCompanyIdSql}`,
    sql`grain = ${grain}`,
    sql`period >= ${from}::date`,
    sql`period <= ${to}::date`,
  ];
  if (filter.userId !== undefined) where.push(sql`user_id = ${filter.userId}`);
  if (filter.flowprofileId !== undefined) where.push(sql`flowprofile_id = ${filter.flowprofileId}`);
  if (filter.leadSource !== undefined) where.push(sql`lead_source = ${filter.leadSource}`);
  return sql.join(where, sql` and `);
}

const SUMS = sql.raw(
  STATISTIC_STAGES.map((s) => `sum(${PLURAL[s]})::int as r_${s}, sum(${s}_secs)::float8 as s_${s}`).join(
    ', ',
  ),
);

/**
 * The lead tally (migration 0052, decision 058) of the caller's company from period `from` to `to`
 * (inclusive starts of weeks or months), narrowed by the filters, grouped by period and lead source.
 */
export async function readLeadTally(
  tx: Tx,
  grain: 'w' | 'm',
  from: string,
  to: string,
  filter: FlowFilter,
  options: { platform?: boolean } = {},
): Promise<TallyRow[]> {
  const r = await tx.execute<Record<string, string | number>>(sql`select period::text as period, lead_source,
      0 as user_id, 0 as flowprofile_id, sum(leads)::int as leads, ${SUMS}
    from lead_tally where ${tallyWhere(grain, from, to, filter, options.platform)}
    group by 1, 2 having sum(leads) <> 0`);
  return r.rows.map(toTallyRow);
}

/**
 * The same window summed three ways in one statement (grouping sets): per period and lead source (`sources`,
 * user and profile 0), per period and handler (`users`, source '') and per period and request profile
 * (`profiles`). PostgreSQL adds up the window's rows (periods × handlers × profiles × sources, thousands for
 * 60 months) instead of sending them all to be summed here.
 */
export async function readLeadTallyByDimension(
  tx: Tx,
  grain: 'w' | 'm',
  from: string,
  to: string,
  filter: FlowFilter,
): Promise<{ sources: TallyRow[]; users: TallyRow[]; profiles: TallyRow[] }> {
  const r = await tx.execute<Record<string, string | number>>(sql`select period::text as period,
      coalesce(lead_source, '') as lead_source, coalesce(user_id, 0) as user_id,
      coalesce(flowprofile_id, 0) as flowprofile_id, grouping(lead_source, user_id, flowprofile_id) as g,
      sum(leads)::int as leads, ${SUMS}
    from lead_tally where ${tallyWhere(grain, from, to, filter)}
    group by grouping sets ((period, lead_source), (period, user_id), (period, flowprofile_id))
    having sum(leads) <> 0`);
  const out = { sources: [] as TallyRow[], users: [] as TallyRow[], profiles: [] as TallyRow[] };
  for (const row of r.rows) {
    // grouping(): a bit per column left out of the set, lead_source the highest.
    const g = Number(row.g);
    (g === 3 ? out.sources : g === 5 ? out.users : out.profiles).push(toTallyRow(row));
  }
  return out;
}

function toTallyRow(row: Record<string, string | number>): TallyRow {
  return {
    period: String(row.period),
    lead_source: String(row.lead_source),
    user_id: Number(row.user_id),
    flowprofile_id: Number(row.flowprofile_id),
    leads: Number(row.leads),
    reached: Object.fromEntries(
      STATISTIC_STAGES.map((s) => [s, Number(row[`r_${s}`])]),
    ) as TallyRow['reached'],
    seconds: Object.fromEntries(
      STATISTIC_STAGES.map((s) => [s, Number(row[`s_${s}`])]),
    ) as TallyRow['seconds'],
  };
}

/** Sums `value` of the rows per period into a series over `periods`, grouped by `key`. */
export function seriesBy<K>(
  rows: TallyRow[],
  periods: string[],
  key: (r: TallyRow) => K,
  value: (r: TallyRow) => number = (r) => r.leads,
): Map<K, number[]> {
  const index = new Map(periods.map((p, i) => [p, i]));
  const out = new Map<K, number[]>();
  for (const row of rows) {
    const i = index.get(row.period);
    if (i === undefined) continue;
    const k = key(row);
    const series = out.get(k) ?? periods.map(() => 0);
    series[i]! += value(row);
    out.set(k, series);
  }
  return out;
}

const money = (v: Invoiced | undefined) => (v ? Number(v.exc) : 0);

/** The parts the weekly and the monthly statistics share, from the tally, invoices and quotations. */
export function periodStatistics(
  periods: string[],
  rows: TallyRow[],
  companySources: string[],
  invoiced: Map<string, Invoiced>,
  sent: Map<string, number>,
  approved: Map<string, number>,
) {
  const total = (value: (r: TallyRow) => number) =>
    seriesBy(rows, periods, () => '', value).get('') ?? periods.map(() => 0);
  const totals = total((r) => r.leads);
  const leadCount = totals.reduce((a, b) => a + b, 0);
  const bySource = seriesBy(rows, periods, (r) => r.lead_source);
  const seen = [...bySource.keys()].sort((a, b) => a.localeCompare(b, 'nl'));
  const inWindow = new Set(periods);
  const windowRows = rows.filter((r) => inWindow.has(r.period));
  const stages: StageStatistic[] = STATISTIC_STAGES.map((stage) => {
    const reached = windowRows.reduce((a, r) => a + r.reached[stage], 0);
    const secs = windowRows.reduce((a, r) => a + r.seconds[stage], 0);
    return {
      stage,
      reached,
      percentage: percentage(reached, leadCount),
      average_days: averageDays(secs, reached),
    };
  });
  const sentSeries = periods.map((p) => sent.get(p) ?? 0);
  const approvedSeries = periods.map((p) => approved.get(p) ?? 0);
  return {
    lead_sources: [...new Set([...companySources, ...seen])],
    values: seen.map((lead_source) => ({ lead_source, counts: bySource.get(lead_source)! })),
    totals,
    quotations_reached: total((r) => r.reached.quotation),
    orders_reached: total((r) => r.reached.confirmation),
    stages,
    turnover: periods.map((p) => money(invoiced.get(p))),
    quotations_sent: sentSeries,
    quotations_approved: approvedSeries,
    acceptance_rate: percentage(
      approvedSeries.reduce((a, b) => a + b, 0),
      sentSeries.reduce((a, b) => a + b, 0),
    ),
  };
}

/** The company's own list of lead sources (company settings). */
export async function companyLeadSources(tx: Tx): Promise<string[]> {
  const r = await tx.execute<{ s: string[] }>(
    sql`select lead_sources as s from company_settings where company_id = ${currentCompanyIdSql}`,
  );
  return r.rows[0]?.s ?? [];
}
