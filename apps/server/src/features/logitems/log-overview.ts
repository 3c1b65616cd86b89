import { TZDate } from '@date-fns/tz';
import {
  BUSINESS_TIME_ZONE,
  DOMAIN_ENTITY_TYPES,
  type LogItemRow,
  MAIN_COMPANY_ID,
  mayReceiveEvent,
  type Paginated,
} from '@im/domain';
import { addDays } from 'date-fns';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { logItem } from '../../platform/db/tables/logitems.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { action, agendaItem, note } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';

/** The Amsterdam day `date` (yyyy-mm-dd) as a half-open UTC range. */
export function amsterdamDay(date: string): { from: Date; to: Date } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, BUSINESS_TIME_ZONE);
  return { from: new Date(start.getTime()), to: new Date(addDays(start, 1).getTime()) };
}

type Link = LogItemRow['link'];

/**
 * Where each log item opens (spec 001 section 2): a flow's item opens its relation, a deleted
 * relation (or anything else gone) does not open, a company's item only in the main company.
 */
async function linksOf(
  tx: Tx,
  rows: { type: string; id: number | null }[],
  companyId: number,
): Promise<Map<string, Link>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.type === type && r.id).map((r) => r.id!))];
  const links = new Map<string, Link>();
  const put = (type: string, id: number, link: Link) => links.set(`${type}:${id}`, link);

  const flowIds = ids('flow');
  if (flowIds.length) {
    const found = await tx
      .select({ id: flow.id, relationId: flow.relationId })
      .from(flow)
      .innerJoin(relation, eq(relation.id, flow.relationId))
      .where(and(inArray(flow.id, flowIds), isNull(relation.deletedAt)));
    for (const f of found) put('flow', f.id, { kind: 'relation', id: f.relationId });
  }
  const alive = async (type: string, table: typeof relation | typeof organization) => {
    const list = ids(type);
    if (!list.length) return;
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, list), isNull(table.deletedAt)));
    for (const r of found) put(type, r.id, { kind: type, id: r.id });
  };
  await alive('relation', relation);
  await alive('organization', organization);
  for (const [type, table] of [
    ['note', note],
    ['agendaitem', agendaItem],
  ] as const) {
    const list = ids(type);
    if (!list.length) continue;
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, list));
    for (const r of found) put(type, r.id, { kind: type, id: r.id });
  }
  const actionIds = ids('action');
  if (actionIds.length) {
    const found = await tx
      .select({ id: action.id, relationId: action.relationId, organizationId: action.organizationId })
      .from(action)
      .leftJoin(relation, eq(relation.id, action.relationId))
      .where(and(inArray(action.id, actionIds), isNull(relation.deletedAt)));
    for (const a of found) {
      if (a.relationId) put('action', a.id, { kind: 'relation', id: a.relationId });
      else if (a.organizationId) put('action', a.id, { kind: 'organization', id: a.organizationId });
    }
  }
  if (companyId === MAIN_COMPANY_ID)
    for (const id of ids('company')) put('company', id, { kind: 'company', id });
  return links;
}

/** GET company/getlogitems/{date}: the day's log items the caller may see, newest first, paged. */
export async function logItemsOn(
  tx: Tx,
  date: string,
  page: { offset: number; limit: number },
  auth: AuthContext,
): Promise<Paginated<LogItemRow>> {
  const { from, to } = amsterdamDay(date);
  const visibleTypes = DOMAIN_ENTITY_TYPES.filter((type) =>
    mayReceiveEvent({ entity_type: type }, { modules: auth.modules, role: auth.role }),
  );
  const where = and(
    gte(logItem.createdAt, from),
    lt(logItem.createdAt, to),
    inArray(logItem.loggableType, visibleTypes),
  );
  const [rows, [count]] = await Promise.all([
    tx
      .select({ l: logItem, userFullname: userFullnameSql })
      .from(logItem)
      .leftJoin(user, eq(user.id, logItem.userId))
      .where(where)
      .orderBy(desc(logItem.createdAt), desc(logItem.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: sql<number>`count(*)::int` }).from(logItem).where(where),
  ]);
  const links = await linksOf(
    tx,
    rows.map((r) => ({ type: r.l.loggableType, id: r.l.loggableId })),
    auth.companyId,
  );
  return {
    data: rows.map(({ l, userFullname }) => ({
      id: l.id,
      loggable_type: l.loggableType,
      loggable_id: l.loggableId,
      action: l.action,
      description: l.description,
      user_id: l.userId,
      user_fullname: userFullname ?? '',
      created_at: toIso(l.createdAt),
      link: links.get(`${l.loggableType}:${l.loggableId}`) ?? null,
    })),
    pagination: { total: count?.n ?? 0, offset: page.offset, limit: page.limit },
  };
}
