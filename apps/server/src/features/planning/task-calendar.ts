import { MAX_CALENDAR_RANGE_DAYS, type TaskCalendarItem, type TaskType, taskColor } from '@im/domain';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { forbidden } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';
import { AGENDA_OF_OTHERS_MIN_ROLE, OWN_AGENDA_ONLY } from './agenda-items';

const DAY_MS = 86_400_000;
/** A month of everyone's tasks stays far below this; more would not fit a calendar anyway. */
const MAX_CALENDAR_TASKS = 5_000;

/**
 * The agenda's tasks: planned tasks (not templates) overlapping [from, to), with the same rights as the
 * agenda's items (another user's only from role 1000). A task lasts at most 62 days, so the start bounds
 * the scan on `task_company_status_start` (each status a range of the index).
 */
export async function taskCalendar(
  tx: Tx,
  q: { from: string; to: string; user: 'all' | number },
  caller: { userId: number; role: number },
): Promise<TaskCalendarItem[]> {
  const mayOthers = caller.role >= AGENDA_OF_OTHERS_MIN_ROLE;
  if (q.user !== 'all' && q.user !== 0 && q.user !== caller.userId && !mayOthers)
    throw forbidden(OWN_AGENDA_ONLY);
  const from = new Date(q.from);
  const to = new Date(q.to);
  const userCondition =
    q.user === 'all' ? (mayOthers ? undefined : eq(task.userId, caller.userId)) : eq(task.userId, q.user);
  const rows = await tx
    .select({
      id: task.id,
      description: task.description,
      type: task.type,
      status: task.status,
      color: task.color,
      startDate: task.startDate,
      endDate: task.endDate,
      userId: task.userId,
      userFullname: userFullnameSql,
      flowId: task.flowId,
      flowNumber: flow.number,
      relationFullname: relation.fullname,
    })
    .from(task)
    .leftJoin(flow, eq(flow.id, task.flowId))
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .leftJoin(user, eq(user.id, task.userId))
    .where(
      and(
        eq(task.isTemplate, false),
        inArray(task.status, ['open', 'onhold', 'afgerond']),
        gt(task.startDate, new Date(from.getTime() - MAX_CALENDAR_RANGE_DAYS * DAY_MS)),
        lt(task.startDate, to),
        gt(task.endDate, from),
        userCondition,
      ),
    )
    .orderBy(asc(task.startDate), asc(task.id))
    .limit(MAX_CALENDAR_TASKS);
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    type: r.type as TaskType,
    status: r.status as TaskCalendarItem['status'],
    display_color: taskColor({ color: r.color, type: r.type as TaskType }),
    start_date: toIso(r.startDate!),
    end_date: toIso(r.endDate!),
    user_id: r.userId,
    user_fullname: r.userFullname ?? '',
    flow_id: r.flowId,
    flow_number: r.flowNumber,
    relation_fullname: r.relationFullname,
  }));
}
