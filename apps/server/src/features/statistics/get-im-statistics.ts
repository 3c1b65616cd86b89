import {
  type ImStatistics,
  monthStarts,
  nextMonthStart,
  PLATFORM_STATISTICS_POINTS,
  shiftDay,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { invoicedPerPeriod } from '../../platform/db/period-totals';
import { readLeadTally } from './lead-tally';

/** Days as one PostgreSQL array literal (a JS array would be sent as a row of parameters). */
const dateArray = (days: string[]) => `{${days.join(',')}}`;

/**
 * getimstatistics (the bragscreen): every company's figures per month over the last 25 months, in platform
 * scope. Companies and users count when they existed at the month's end (created before it, not yet deleted);
 * subscriptions when they ran in the month; leads, invoices and turnover come from the tallies.
 */
export async function getImStatistics(tx: Tx, now = new Date()): Promise<ImStatistics> {
  const months = monthStarts(PLATFORM_STATISTICS_POINTS, now);
  const first = months[0]!;
  const ends = months.map(nextMonthStart);
  const alive = async (table: 'company' | '"user"') => {
    const r = await tx.execute<{
      p: string;
      n: number;
    }>(sql`select m.p::text as p, (select count(*)::int from ${sql.raw(table)} t
        where t.created_at < (m.e::timestamp at time zone 'Europe/Amsterdam')
          and (t.deleted_at is null or t.deleted_at >= (m.e::timestamp at time zone 'Europe/Amsterdam'))) as n
      from unnest(${dateArray(months)}::date[], ${dateArray(ends)}::date[]) as m(p, e)`);
    return new Map(r.rows.map((row) => [row.p, Number(row.n)]));
  };
  const companies = await alive('company');
  const users = await alive('"user"');
  const subs = await tx.execute<{
    p: string;
    n: number;
  }>(sql`select m.p::text as p, (select count(*)::int from subscription s
      join company c on c.id = s.company_id and c.deleted_at is null
      where s.start_date < m.e and (s.end_date is null or s.end_date >= m.p)) as n
    from unnest(${dateArray(months)}::date[], ${dateArray(ends)}::date[]) as m(p, e)`);
  const running = new Map(subs.rows.map((row) => [row.p, Number(row.n)]));
  const leads = new Map<string, number>();
  for (const row of await readLeadTally(tx, 'm', first, months.at(-1)!, {}, { platform: true }))
    leads.set(row.period, (leads.get(row.period) ?? 0) + row.leads);
  const invoiced = await invoicedPerPeriod(tx, 'month', first, shiftDay(ends.at(-1)!, -1), {
    platform: true,
  });
  const points = (value: (month: string) => number) =>
    months.map((m) => ({ period: m.slice(0, 7), value: value(m) }));
  return {
    companydata: points((m) => companies.get(m) ?? 0),
    userdata: points((m) => users.get(m) ?? 0),
    mrrdata: points((m) => running.get(m) ?? 0),
    flowdata: points((m) => leads.get(m) ?? 0),
    turnoverdata: points((m) => Number(invoiced.get(m)?.exc ?? 0)),
    invoicedata: points((m) => invoiced.get(m)?.invoices ?? 0),
  };
}
