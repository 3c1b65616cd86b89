import {
  type DashboardStatistics,
  isMoneyStatistic,
  STATISTIC_PERIOD_LABELS,
  STATISTIC_TYPE_LABELS,
  type StatisticPeriod,
  type StatisticType,
  statboxesFor,
  statisticPeriodRange,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Tx } from '../../platform/db/database';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { companyStatboxes } from './dashboard-reads';

const TASK_TYPE_OF: Partial<Record<StatisticType, string>> = {
  intakes_completed: 'opname',
  projects_completed: 'uitvoering',
  aftercare_completed: 'service',
};

function documentCount(kind: string, column: 'date_send' | 'date_approved', own: boolean, userId: number) {
  const ownFlow = own
    ? sql`and exists (select 1 from flow f where f.id = d.flow_id and f.user_id = ${userId})`
    : sql``;
  return (from: Date, to: Date) => sql`select count(*)::text as v from sales_document d
    where d.company_id = ${currentCompanyIdSql} and d.kind = ${kind} and not d.is_template
      and d.deleted_at is null and d.${sql.raw(column)} >= ${from} and d.${sql.raw(column)} < ${to} ${ownFlow}`;
}

/** The SQL that answers one statistic over one period: a single text value (euros or a count). */
function statisticQuery(
  type: StatisticType,
  userId: number,
): (from: Date, to: Date, fromDay: string, toDay: string) => SQL {
  switch (type) {
    case 'revenue_exc':
    case 'revenue_inc': {
      // The billed amounts are frozen on the invoice when it is sent, with its Amsterdam day (decision 022);
      // credit invoices carry negative amounts, so they lower the revenue of the day they are sent.
      const column = sql.raw(type === 'revenue_exc' ? 'billed_exc' : 'billed_inc');
      return (_from, _to, fromDay, toDay) => sql`select coalesce(sum(${column}), 0)::numeric(14,2)::text as v
        from invoice where company_id = ${currentCompanyIdSql} and sent_day >= ${fromDay}::date and sent_day <= ${toDay}::date`;
    }
    case 'quotations_sent':
    case 'quotations_sent_own':
      return documentCount('quotation', 'date_send', type.endsWith('_own'), userId);
    case 'quotations_approved':
    case 'quotations_approved_own':
      return documentCount('quotation', 'date_approved', type.endsWith('_own'), userId);
    case 'confirmations_sent':
      return documentCount('confirmation', 'date_send', false, userId);
    default: {
      const taskType = TASK_TYPE_OF[type];
      return (from, to) => sql`select count(*)::text as v from task
        where company_id = ${currentCompanyIdSql} and type = ${taskType} and status = 'afgerond' and not is_template
          and completion_date >= ${from} and completion_date < ${to}`;
    }
  }
}

/**
 * getDashboardStatistics: the user's statistic boxes (the company's, for everyone or the user's type),
 * each with its value per chosen period. A statistic and period that two boxes share is read once.
 */
export async function dashboardStatistics(
  tx: Tx,
  auth: AuthContext,
  now = new Date(),
): Promise<DashboardStatistics> {
  const { boxes } = await companyStatboxes(tx);
  const mine = statboxesFor(boxes, auth.userType);
  const cache = new Map<string, string>();
  const readValue = async (type: StatisticType, period: StatisticPeriod): Promise<string> => {
    const key = `${type}:${period}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const range = statisticPeriodRange(period, now);
    const r = await tx.execute<{ v: string }>(
      statisticQuery(type, auth.userId)(range.from, range.to, range.fromDay, range.toDay),
    );
    const v = r.rows[0]?.v ?? '0';
    cache.set(key, v);
    return v;
  };
  const statboxes = [];
  for (const box of mine) {
    const periods = [box.period1, box.period2, box.period3].filter((p): p is StatisticPeriod => p !== null);
    const values = [];
    for (const period of periods)
      values.push({
        period,
        label: STATISTIC_PERIOD_LABELS[period],
        value: await readValue(box.type, period),
      });
    statboxes.push({
      type: box.type,
      label: STATISTIC_TYPE_LABELS[box.type],
      theme: box.theme,
      is_money: isMoneyStatistic(box.type),
      values,
    });
  }
  return { statboxes };
}
