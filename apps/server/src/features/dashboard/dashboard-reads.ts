import {
  type AltDashboard,
  DASHBOARD_COUNT_CAP,
  DASHBOARD_LEAD_FILTERS,
  DASHBOARD_LEAD_STATUSES,
  DASHBOARD_NEW_LEAD_STATUSES,
  DASHBOARD_TASK_FILTERS,
  type Dashboard,
  type DashboardLeadFilter,
  type DashboardLeads,
  type DashboardTaskFilter,
  type DashboardTasks,
  type DashboardUsecase,
  DEFAULT_STATBOXES,
  dashboardWidgets,
  type FlowStatus,
  ROLE,
  type Statbox,
  usecaseOfAltDashboard,
  zDashboardSettings,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import { type RawRead, type ReadPlan, rawRows, readPlan, type Tx } from '../../platform/db/database';
import { CURRENT_COMPANY_ID, currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { queryTasks } from '../planning';

/** The company's statistic boxes as stored, or the defaults while nobody has chosen any. */
export async function companyStatboxes(
  tx: Tx,
): Promise<{ boxes: Statbox[]; isDefault: boolean; settingsId: number }> {
  return statboxesOf(await rawRows<SettingsRow>(tx, SETTINGS_SQL, []));
}

interface SettingsRow extends Record<string, unknown> {
  id: number;
  boxes: unknown;
}

/** The company's settings row: its statistic boxes (a fixed text, `rawRows`; the dashboard reads it on every visit). */
const SETTINGS_SQL = `select s.id, s.dashboard_settings as boxes from company_settings s where s.company_id = ${CURRENT_COMPANY_ID}`;
/** The user's own dashboard type. */
const ALT_DASHBOARD_SQL = `select u.alt_dashboard as alt from "user" u where u.id = $1`;

function statboxesOf(rows: SettingsRow[]): { boxes: Statbox[]; isDefault: boolean; settingsId: number } {
  const row = rows[0];
  const parsed = row?.boxes == null ? null : zDashboardSettings.safeParse(row.boxes);
  if (parsed?.success) return { boxes: parsed.data, isDefault: false, settingsId: row!.id };
  return { boxes: DEFAULT_STATBOXES, isDefault: true, settingsId: row?.id ?? 0 };
}

/**
 * getDashboard: the dashboard type (asked for, else the user's own) and the widgets it shows. Its reads
 * (the user's type when none is asked for, the company's boxes) do not depend on each other: one round
 * trip with the set-up (`tenantReads`), fixed texts.
 */
export function dashboardPlan(
  auth: AuthContext,
  requested: DashboardUsecase | undefined,
): ReadPlan<Dashboard> {
  const settings: RawRead<SettingsRow[]> = { text: SETTINGS_SQL, values: [], map: (rows) => rows };
  const alt: RawRead<{ alt: string }[]> = {
    text: ALT_DASHBOARD_SQL,
    values: [auth.userId],
    map: (rows) => rows,
  };
  const answer = (usecase: DashboardUsecase, rows: SettingsRow[]): Dashboard => {
    const statboxes = statboxesOf(rows);
    const canEdit = auth.modules.has('SETTINGS') && auth.role >= ROLE.MANAGER;
    return {
      usecase,
      widgets: dashboardWidgets(usecase, {
        BASIS: auth.modules.has('BASIS'),
        CRM: auth.modules.has('CRM'),
        SALES: auth.modules.has('SALES'),
      }),
      statboxes: statboxes.boxes,
      is_default_statboxes: statboxes.isDefault,
      company_settings_id: canEdit ? statboxes.settingsId : null,
    };
  };
  if (requested) return readPlan([settings], ([rows]) => answer(requested, rows));
  return readPlan([alt, settings], ([me, rows]) =>
    answer(usecaseOfAltDashboard((me[0]?.alt ?? '') as AltDashboard), rows),
  );
}

const sent = sql`exists (select 1 from sales_document q where q.flow_id = f.id and q.kind = 'quotation'
  and q.date_send is not null and q.deleted_at is null and not q.is_template)`;
const answered = sql`exists (select 1 from sales_document q where q.flow_id = f.id and q.kind = 'quotation'
  and q.deleted_at is null and (q.date_approved is not null or q.date_rejected is not null))`;

function statusList(statuses: readonly string[]) {
  return sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
}

function leadCondition(filter: DashboardLeadFilter) {
  switch (filter) {
    case 'unsent':
      return sql`f.flow_status in (${statusList(DASHBOARD_LEAD_STATUSES)}) and not ${sent}`;
    case 'sent':
      return sql`f.flow_status = 'quotation' and ${sent} and not ${answered}`;
    case 'new':
      return sql`f.flow_status in (${statusList(DASHBOARD_NEW_LEAD_STATUSES)})`;
    case 'all':
      return sql`f.flow_status in (${statusList(DASHBOARD_LEAD_STATUSES)})`;
  }
}

const mine = (userId: number) =>
  sql`f.company_id = ${currentCompanyIdSql} and f.user_id = ${userId} and f.deleted_at is null
    and f.merged_into_flow_id is null`;

/**
 * getDashboardLeads: the user's open dossiers (as sales handler) before the order, newest change first,
 * with a count per filter (each capped at 100: the dashboard shows 100+).
 */
export async function dashboardLeads(
  tx: Tx,
  userId: number,
  filter: DashboardLeadFilter,
  limit: number,
): Promise<DashboardLeads> {
  const counts = {} as Record<DashboardLeadFilter, number>;
  for (const f of DASHBOARD_LEAD_FILTERS) {
    const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (
      select 1 from flow f where ${mine(userId)} and ${leadCondition(f)} limit ${DASHBOARD_COUNT_CAP}) x`);
    counts[f] = r.rows[0]?.n ?? 0;
  }
  const rows = await tx.execute<{
    id: number;
    number: number;
    description: string;
    flow_status: FlowStatus;
    relation_id: number;
    relation_fullname: string;
    date_lead: Date | string | null;
    quotation_sent_at: Date | string | null;
    updated_at: Date | string;
  }>(sql`
    select f.id, f.number, f.description, f.flow_status, f.relation_id, f.relation_fullname, ld.date_lead,
      (select max(q.date_send) from sales_document q where q.flow_id = f.id and q.kind = 'quotation'
        and q.deleted_at is null and not q.is_template) as quotation_sent_at,
      f.updated_at
    from flow f
    left join lead ld on ld.flow_id = f.id
    where ${mine(userId)} and ${leadCondition(filter)}
    order by f.updated_at desc, f.id desc
    limit ${limit}`);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    counts,
    flows: rows.rows.map((r) => ({
      id: r.id,
      number: r.number,
      description: r.description,
      flow_status: r.flow_status,
      relation_id: r.relation_id,
      relation_fullname: r.relation_fullname,
      date_lead: iso(r.date_lead),
      quotation_sent_at: iso(r.quotation_sent_at),
      updated_at: new Date(r.updated_at).toISOString(),
    })),
  };
}

/** getDashboardTasks: the user's open and on-hold tasks of one planning status, and a count per status. */
export async function dashboardTasks(
  tx: Tx,
  userId: number,
  filter: DashboardTaskFilter,
  limit: number,
): Promise<DashboardTasks> {
  const now = new Date();
  const r = await tx.execute<Record<DashboardTaskFilter, number>>(sql`
    select
      count(*) filter (where status = 'open' and start_date is null)::int as unplanned,
      count(*) filter (where status = 'open' and start_date > ${now})::int as upcoming,
      count(*) filter (where status = 'onhold' or (status = 'open' and coalesce(end_date, start_date) < ${now}))::int as unfinished
    from task
    where company_id = ${currentCompanyIdSql} and user_id = ${userId} and status in ('open', 'onhold')
      and not is_template`);
  const row = r.rows[0];
  const counts = Object.fromEntries(DASHBOARD_TASK_FILTERS.map((f) => [f, row?.[f] ?? 0])) as Record<
    DashboardTaskFilter,
    number
  >;
  const page = await queryTasks(tx, {
    filters: { status: 'openoronhold', user_id: userId, planning: filter },
    offset: 0,
    limit,
    sort: 'start_date',
  });
  return { counts, tasks: page.data };
}
