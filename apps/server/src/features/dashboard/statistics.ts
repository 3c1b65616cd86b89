import {
  type DashboardStatistics,
  isMoneyStatistic,
  type PeriodRange,
  STATISTIC_PERIOD_LABELS,
  STATISTIC_TYPE_LABELS,
  type StatisticPeriod,
  type StatisticType,
  statboxesFor,
  statisticPeriodRange,
} from '@im/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Tx } from '../../platform/db/database';
import { documentsPerPeriod, invoicedPerPeriod } from '../../platform/db/period-totals';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { companyStatboxes } from './dashboard-reads';

const TASK_TYPE_OF: Partial<Record<StatisticType, string>> = {
  intakes_completed: 'opname',
  projects_completed: 'uitvoering',
  aftercare_completed: 'service',
};

/** One statistic over one period: a single text value (euros or a count). */
async function statisticValue(
  tx: Tx,
  type: StatisticType,
  userId: number,
  range: PeriodRange,
): Promise<string> {
  switch (type) {
    case 'revenue_exc':
    case 'revenue_inc': {
      // The billed amounts are frozen on the invoice when it is sent, with its Amsterdam day (decision 022);
      // credit invoices carry negative amounts, so they lower the revenue of the day they are sent.
      const total = (await invoicedPerPeriod(tx, 'all', range.fromDay, range.toDay)).get('');
      return new Decimal(total ? (type === 'revenue_exc' ? total.exc : total.inc) : 0).toFixed(2);
    }
    case 'quotations_sent':
    case 'quotations_sent_own':
    case 'quotations_approved':
    case 'quotations_approved_own':
    case 'confirmations_sent': {
      const kind = type === 'confirmations_sent' ? 'confirmation' : 'quotation';
      const column = type.startsWith('quotations_approved') ? 'date_approved' : 'date_send';
      const filter = type.endsWith('_own') ? { userId } : undefined;
      const counts = await documentsPerPeriod(tx, kind, column, 'all', range.from, range.to, filter);
      return String(counts.get('') ?? 0);
    }
    default: {
      const taskType = TASK_TYPE_OF[type];
      const r = await tx.execute<{ v: string }>(sql`select count(*)::text as v from task
        where company_id = ${currentCompanyIdSql} and type = ${taskType} and status = 'afgerond' and not is_template
          and completion_date >= ${range.from} and completion_date < ${range.to}`);
      return r.rows[0]?.v ?? '0';
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
    const v = await statisticValue(tx, type, auth.userId, statisticPeriodRange(period, now));
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
