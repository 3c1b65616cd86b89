import {
  businessDayStart,
  businessToday,
  FLOW_STATUSES,
  type FlowStatus,
  type LeadStatistics,
  type LeadStatisticsQuery,
  shiftDay,
  weekStarts,
  zLeadStatisticsQuery,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentsPerPeriod, invoicedPerPeriod } from '../../platform/db/period-totals';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import {
  checkFilterIds,
  companyLeadSources,
  flowFilterOf,
  periodStatistics,
  readLeadTally,
} from './lead-tally';

/** Live flows per status from `flow_tally` (decision 008): the handler and lead-source cubes, no profile cube. */
async function flowsByStatus(tx: Tx, q: LeadStatisticsQuery) {
  if (q.flowprofile !== undefined) return null;
  const r = await tx.execute<{
    s: string;
    n: number;
  }>(sql`select flow_status as s, sum(n)::int as n from flow_tally
    where company_id = ${currentCompanyIdSql} and tag = '' and user_id = ${q.username ?? -1}
      and lead_source = ${q.lead_source ?? ''}
    group by 1`);
  const counts = new Map(r.rows.map((row) => [row.s, Number(row.n)]));
  return FLOW_STATUSES.map((flow_status: FlowStatus) => ({
    flow_status,
    count: counts.get(flow_status) ?? 0,
  }));
}

/** getleadstatistics: the last `weeks` weeks (spec 000 section 9: 14 by default), filtered. */
export async function getLeadStatistics(
  tx: Tx,
  input: LeadStatisticsQuery,
  now = new Date(),
): Promise<LeadStatistics> {
  const q = zLeadStatisticsQuery.parse(input);
  await checkFilterIds(tx, q);
  const filter = flowFilterOf(q);
  const weeks = weekStarts(q.weeks, now);
  const first = weeks[0]!;
  const today = businessToday(now);
  const lastDay = shiftDay(weeks.at(-1)!, 6);
  const from = businessDayStart(first);
  const to = businessDayStart(shiftDay(lastDay, 1));
  const rows = await readLeadTally(tx, 'w', first, weeks.at(-1)!, filter);
  const invoiced = await invoicedPerPeriod(tx, 'week', first, lastDay, { filter });
  const sent = await documentsPerPeriod(tx, 'quotation', 'date_send', 'week', from, to, filter);
  const approved = await documentsPerPeriod(tx, 'quotation', 'date_approved', 'week', from, to, filter);
  const month = (await invoicedPerPeriod(tx, 'all', `${today.slice(0, 7)}-01`, today, { filter })).get('');
  const year = (await invoicedPerPeriod(tx, 'all', `${today.slice(0, 4)}-01-01`, today, { filter })).get('');
  return {
    weeks,
    ...periodStatistics(weeks, rows, await companyLeadSources(tx), invoiced, sent, approved),
    revenue_month: month ? Number(month.exc) : 0,
    revenue_year: year ? Number(year.exc) : 0,
    flows_by_status: await flowsByStatus(tx, q),
  };
}
