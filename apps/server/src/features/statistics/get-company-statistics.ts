import {
  businessDayStart,
  type CompanyStatistics,
  type CompanyStatisticsQuery,
  fullName,
  monthStarts,
  nextMonthStart,
  shiftDay,
  zCompanyStatisticsQuery,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { documentsPerPeriod, invoicedPerPeriod } from '../../platform/db/period-totals';
import {
  checkFilterIds,
  companyLeadSources,
  flowFilterOf,
  periodStatistics,
  readLeadTallyByDimension,
  seriesBy,
} from './lead-tally';

/** The name a flow without a handler or request profile is shown under. */
export const NO_USER = 'Geen behandelaar';
export const NO_PROFILE = 'Geen aanvraagprofiel';

/** getcompanystatistics: the last `months` months (spec 000 section 9: 13 by default), per source, user, profile. */
export async function getCompanyStatistics(
  tx: Tx,
  input: CompanyStatisticsQuery,
  now = new Date(),
): Promise<CompanyStatistics> {
  const q = zCompanyStatisticsQuery.parse(input);
  await checkFilterIds(tx, q);
  const filter = flowFilterOf(q);
  const months = monthStarts(q.months, now);
  const first = months[0]!;
  const end = nextMonthStart(months.at(-1)!);
  const tally = await readLeadTallyByDimension(tx, 'm', first, months.at(-1)!, filter);
  const invoiced = await invoicedPerPeriod(tx, 'month', first, shiftDay(end, -1), { filter });
  const from = businessDayStart(first);
  const to = businessDayStart(end);
  const sent = await documentsPerPeriod(tx, 'quotation', 'date_send', 'month', from, to, filter);
  const approved = await documentsPerPeriod(tx, 'quotation', 'date_approved', 'month', from, to, filter);
  const users = await tx.execute<{ id: number; name: string; nameprefix: string; surname: string }>(
    sql`select id, name, nameprefix, surname from "user" where deleted_at is null order by "order", name, id`,
  );
  const profiles = await tx.execute<{ id: number; name: string }>(
    sql`select id, name from flow_profile where deleted_at is null order by name, id`,
  );
  const allusers = users.rows.map((u) => ({ id: u.id, username: fullName(u) }));
  const nameOf = new Map(allusers.map((u) => [u.id, u.username]));
  const byUser = seriesBy(tally.users, months, (r) => r.user_id);
  const byProfile = seriesBy(tally.profiles, months, (r) => r.flowprofile_id);
  const userSeries = [...byUser.entries()]
    .map(([id, counts]) => ({ id, username: nameOf.get(id) ?? NO_USER, counts }))
    .sort((a, b) => a.username.localeCompare(b.username, 'nl'));
  return {
    months: months.map((m) => m.slice(0, 7)),
    ...periodStatistics(months, tally.sources, await companyLeadSources(tx), invoiced, sent, approved),
    allusers,
    usernames: userSeries.map((u) => u.username),
    users: userSeries,
    flowprofiles: [
      ...profiles.rows.map((p) => ({
        id: p.id,
        name: p.name,
        counts: byProfile.get(p.id) ?? months.map(() => 0),
      })),
      ...(byProfile.has(0) ? [{ id: 0, name: NO_PROFILE, counts: byProfile.get(0)! }] : []),
    ],
  };
}
