import {
  type Action,
  type ActionPageQuery,
  type ActionPriority,
  type ActionStatus,
  actionState,
  type CreateAction,
  type DashboardActionFilter,
  endOfTodayAmsterdam,
  newActionDefaults,
  type Paginated,
  PLANNING_MESSAGES,
  relativeTime,
  shiftPair,
  type UpdateAction,
  type zActionPageQuery,
} from '@im/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { action } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { forbidden, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';
import { resolveTarget, resolveUserId, storedTarget, type TargetType, targetIdOf } from './targets';

/** Role from which the action overview shows any user's actions (spec 001 section 6). */
export const ACTIONS_OF_OTHERS_MIN_ROLE = 1000;
export const OWN_ACTIONS_ONLY = 'Je kunt alleen je eigen acties en die voor iedereen bekijken.';

const selection = {
  a: action,
  flowNumber: flow.number,
  flowStatus: flow.flowStatus,
  relationFullname: relation.fullname,
  organizationName: organization.name,
  userFullname: userFullnameSql,
};

interface Row {
  a: typeof action.$inferSelect;
  flowNumber: number | null;
  flowStatus: string | null;
  relationFullname: string | null;
  organizationName: string | null;
  userFullname: string | null;
}

function serialize(r: Row, now: Date): Action {
  const a = r.a;
  const state = actionState({ status: a.status, due_date: a.dueDate, overdue_date: a.overdueDate }, now);
  return {
    id: a.id,
    description: a.description,
    user_id: a.userId ?? 0,
    user_fullname: r.userFullname ?? '',
    status: a.status as ActionStatus,
    list: a.status === 'open' ? 'future' : 'past',
    completion_date: a.completionDate ? toIso(a.completionDate) : null,
    due_date: toIso(a.dueDate),
    overdue_date: toIso(a.overdueDate),
    relative_time: relativeTime(a.dueDate, now),
    isdue: state.isdue,
    isoverdue: state.isoverdue,
    priority: a.priority as ActionPriority,
    actionable_type: a.targetType as TargetType,
    actionable_id:
      a.flowId ?? (a.targetType === 'relation' ? a.relationId : null) ?? a.organizationId ?? a.companyId,
    flow_id: a.flowId,
    flow_number: r.flowNumber,
    flow_status: r.flowStatus,
    relation_id: a.relationId,
    relation_fullname: r.relationFullname,
    organization_id: a.organizationId,
    organization_name: r.organizationName,
    company_id: a.companyId,
    created_at: toIso(a.createdAt),
    updated_at: toIso(a.updatedAt),
  };
}

function baseSelect(tx: Tx) {
  return tx
    .select(selection)
    .from(action)
    .leftJoin(flow, eq(flow.id, action.flowId))
    .leftJoin(relation, eq(relation.id, action.relationId))
    .leftJoin(organization, eq(organization.id, action.organizationId))
    .leftJoin(user, eq(user.id, action.userId));
}

export async function loadAction(tx: Tx, id: number, now = new Date()): Promise<Action | null> {
  const [row] = await baseSelect(tx).where(eq(action.id, id));
  return row ? serialize(row, now) : null;
}

/** The actions of a relation (with its flows'), organization or flow: open ones by due date, then done ones. */
export async function listActions(
  tx: Tx,
  q: {
    relation_id?: number;
    organization_id?: number;
    flow_id?: number;
    status: 'open' | 'afgerond' | 'all';
  },
): Promise<Action[]> {
  await resolveTarget(tx, q);
  const owner =
    q.flow_id !== undefined
      ? eq(action.flowId, q.flow_id)
      : q.relation_id !== undefined
        ? eq(action.relationId, q.relation_id)
        : eq(action.organizationId, q.organization_id!);
  const where = q.status === 'all' ? owner : and(owner, eq(action.status, q.status));
  const rows = await baseSelect(tx)
    .where(where)
    .orderBy(
      desc(sql`${action.status} = 'open'`),
      asc(action.dueDate),
      desc(action.completionDate),
      asc(action.id),
    )
    .limit(500);
  const now = new Date();
  return rows.map((r) => serialize(r, now));
}

export async function createAction(
  tx: Tx,
  input: CreateAction,
  caller: { userId: number; companyId: number },
  now = new Date(),
): Promise<number> {
  const target = await resolveTarget(tx, input);
  const userId = await resolveUserId(tx, input.user_id, target, caller.userId);
  const defaults = newActionDefaults(now);
  const due = input.due_date ? new Date(input.due_date) : defaults.due_date;
  // Only a due date given: the overdue date keeps the default 48 hours after it.
  const overdue = input.overdue_date
    ? new Date(input.overdue_date)
    : shiftPair(defaults.due_date, defaults.overdue_date, due);
  const [row] = await tx
    .insert(action)
    .values({
      targetType: target.targetType,
      relationId: target.relationId,
      organizationId: target.organizationId,
      flowId: target.flowId,
      description: input.description,
      userId,
      priority: input.priority ?? defaults.priority,
      dueDate: due,
      overdueDate: overdue,
      createdBy: caller.userId,
    })
    .returning({ id: action.id });
  await writeLog(tx, {
    type: 'action',
    id: row!.id,
    action: 'create',
    description: `Actie toegevoegd aan ${target.targetType} ${targetIdOf(target, caller.companyId)}: ${input.description}`,
    flowId: target.flowId,
  });
  return row!.id;
}

/**
 * Changes an action. A new due date without an overdue date moves the overdue date by the same
 * interval; completing sets the completion date, reopening clears it. Answers false when not found.
 */
export async function updateAction(
  tx: Tx,
  id: number,
  input: UpdateAction,
  caller: { userId: number },
  now = new Date(),
): Promise<boolean> {
  const [before] = await tx.select().from(action).where(eq(action.id, id)).for('update');
  if (!before) return false;
  const changes: Partial<typeof action.$inferInsert> = {};
  if (input.description !== undefined) changes.description = input.description;
  if (input.priority !== undefined) changes.priority = input.priority;
  if (input.user_id !== undefined) {
    changes.userId = await resolveUserId(tx, input.user_id, await storedTarget(tx, before), caller.userId);
  }
  if (input.due_date !== undefined) {
    changes.dueDate = new Date(input.due_date);
    changes.overdueDate = input.overdue_date
      ? new Date(input.overdue_date)
      : shiftPair(before.dueDate, before.overdueDate, input.due_date);
  } else if (input.overdue_date !== undefined) changes.overdueDate = new Date(input.overdue_date);
  const due = changes.dueDate ?? before.dueDate;
  const overdue = changes.overdueDate ?? before.overdueDate;
  if (due.getTime() > overdue.getTime())
    throw validationError(PLANNING_MESSAGES.dueAfterOverdue, {
      due_date: [PLANNING_MESSAGES.dueAfterOverdue],
    });
  if (input.status !== undefined && input.status !== before.status) {
    changes.status = input.status;
    changes.completionDate = input.status === 'afgerond' ? now : null;
  }
  await tx
    .update(action)
    .set({ ...changes, updatedAt: now })
    .where(eq(action.id, id));
  await writeLog(tx, {
    type: 'action',
    id,
    action: changes.status !== undefined ? 'status' : 'update',
    description:
      changes.status === 'afgerond'
        ? `Actie afgerond: ${before.description}`
        : changes.status === 'open'
          ? `Actie heropend: ${before.description}`
          : `Actie gewijzigd: ${changes.description ?? before.description}`,
    changes,
    flowId: before.flowId,
  });
  return true;
}

export async function deleteAction(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(action)
    .where(eq(action.id, id))
    .returning({ flowId: action.flowId, description: action.description });
  if (!row) return false;
  await writeLog(tx, {
    type: 'action',
    id,
    action: 'delete',
    description: `Actie verwijderd: ${row.description}`,
    flowId: row.flowId,
  });
  return true;
}

/** Which users' actions a scope covers, for the caller; null: everyone's. */
type UserMode = 'all' | 'none' | 'user' | 'userornone';

/** Which users' actions a scope covers, for the caller (spec 001 section 6). */
function scopeOf(
  scope: z.infer<typeof zActionPageQuery>['user'],
  caller: { userId: number; role: number },
): { mode: UserMode; user: number | null } {
  const mayOthers = caller.role >= ACTIONS_OF_OTHERS_MIN_ROLE;
  if (scope === 'meandeveryone') return { mode: 'userornone', user: caller.userId };
  if (scope === 'everyone' || scope === 0) return { mode: 'none', user: null };
  // Below role 1000 "all" is the caller's own and the unassigned ones.
  if (scope === 'all')
    return mayOthers ? { mode: 'all', user: null } : { mode: 'userornone', user: caller.userId };
  const userId = scope === 9999999 ? caller.userId : scope;
  if (userId !== caller.userId && !mayOthers) throw forbidden(OWN_ACTIONS_ONLY);
  return { mode: 'user', user: userId };
}

interface ActionFilter {
  status: string | null;
  mode: UserMode;
  user: number | null;
  priority: string | null;
  flowStatus: string | null;
  pattern: string | null;
  overdueBefore: Date | null;
}

/** The filter arguments of the SQL functions `action_page_ids` and `action_count` (migration 0016). */
function filterArgs(f: ActionFilter): SQL {
  return sql`${f.status}::text, ${f.mode}::text, ${f.user}::integer, ${f.priority}::text, ${f.flowStatus}::text,
    ${f.pattern}::text, ${f.overdueBefore}::timestamptz`;
}

async function countActions(tx: Tx, f: ActionFilter): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`select action_count(${filterArgs(f)})::int as n`);
  return r.rows[0]?.n ?? 0;
}

async function pageActionIds(
  tx: Tx,
  f: ActionFilter,
  sort: string,
  descending: boolean,
  limit: number,
  offset: number,
): Promise<number[]> {
  const r = await tx.execute<{ id: number }>(
    sql`select action_page_ids(${filterArgs(f)}, ${sort}::text, ${descending}, ${limit}::int, ${offset}::int) as id`,
  );
  return r.rows.map((row) => row.id);
}

/** The rows of `ids` with their flow, relation, organization and user, in the order of `ids`. */
async function actionsByIds(tx: Tx, ids: number[], now: Date): Promise<Action[]> {
  if (ids.length === 0) return [];
  const rows = await baseSelect(tx).where(inArray(action.id, ids));
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [serialize(row, now)] : [];
  });
}

const SORT_COLUMNS = {
  due_date: 'due_date',
  overdue_date: 'overdue_date',
  description: 'description',
  created_at: 'created_at',
  priority: 'priority_rank',
} as const;

/**
 * The action overview: filtered by scope, priority, flow status and status; sorted; one page and the
 * total. At a million actions the count and the page's ids come from `action_count` and
 * `action_page_ids` (the sort indexes, the tenant rule applied inside; a page past the middle is read
 * from the other end), and only those 25 rows are read with their flow, relation, organization and user.
 */
export async function queryActions(
  tx: Tx,
  q: z.infer<typeof zActionPageQuery>,
  caller: { userId: number; role: number },
): Promise<Paginated<Action>> {
  const scope = scopeOf(q.user, caller);
  const filter: ActionFilter = {
    status: q.status === 'all' ? null : q.status,
    mode: scope.mode,
    user: scope.user,
    priority: q.priority ?? null,
    flowStatus: q.flow_status ?? null,
    pattern: q.query ? `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    overdueBefore: null,
  };
  const total = await countActions(tx, filter);
  const descending = q.sort.startsWith('-');
  const column = SORT_COLUMNS[q.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  // Past the middle: the same page counted from the other end, in the other direction.
  const fromEnd = q.offset > total / 2;
  const limit = fromEnd ? Math.max(0, Math.min(q.limit, total - q.offset)) : q.limit;
  const offset = fromEnd ? Math.max(0, total - q.offset - limit) : q.offset;
  const ids =
    limit === 0
      ? []
      : await pageActionIds(tx, filter, column, fromEnd ? !descending : descending, limit, offset);
  return {
    data: await actionsByIds(tx, fromEnd ? ids.reverse() : ids, new Date()),
    pagination: { total, offset: q.offset, limit: q.limit },
  };
}

/**
 * The dashboard's actions of the caller (their own and the general ones, open): the counts of
 * spec 001 section 7 and the list the filter picks, soonest due first.
 */
export async function dashboardActions(
  tx: Tx,
  filter: DashboardActionFilter,
  limit: number,
  caller: { userId: number },
  now = new Date(),
) {
  const endOfToday = endOfTodayAmsterdam(now);
  const counts = await tx.execute<{ total: number; top: number; high: number; overdue: number }>(
    sql`select total::int, top::int, high::int, overdue::int from action_dashboard_counts(${caller.userId}::integer, ${endOfToday}::timestamptz)`,
  );
  const ids = await pageActionIds(
    tx,
    {
      status: 'open',
      mode: 'userornone',
      user: caller.userId,
      priority: filter === 'tophigh' ? 'tophigh' : null,
      flowStatus: null,
      pattern: null,
      overdueBefore: filter === 'overdue' ? endOfToday : null,
    },
    'due_date',
    false,
    limit,
    0,
  );
  const c = counts.rows[0];
  return {
    totalCount: c?.total ?? 0,
    topCount: c?.top ?? 0,
    highCount: c?.high ?? 0,
    overdueCount: c?.overdue ?? 0,
    assignedactions: await actionsByIds(tx, ids, now),
  };
}

export type { ActionPageQuery };
