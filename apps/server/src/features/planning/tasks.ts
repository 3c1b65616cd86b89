import {
  type CreateTask,
  fullAddress,
  isPlannable,
  type Paginated,
  TASK_MAP_DEFAULT_CENTER,
  TASK_MAP_ZOOM,
  TASK_MESSAGES,
  type Task,
  type TaskFilters,
  type TaskMap,
  type TaskStatus,
  type TaskType,
  taskColor,
  taskEndFor,
  taskPlanningStatus,
  type UpdateTask,
  type zTaskPageQuery,
} from '@im/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';
import { resolveTarget, resolveUserId } from './targets';
import { contextsFromTemplate, contextsOf, copyContexts, copyContextTypes } from './task-contexts';

const linked = alias(location, 'linked_location');
const flowLocation = alias(location, 'flow_location');

const selection = {
  t: task,
  flowNumber: flow.number,
  flowStatus: flow.flowStatus,
  relationId: flow.relationId,
  relationFullname: relation.fullname,
  userFullname: userFullnameSql,
  linked: {
    address: linked.address,
    number: linked.number,
    numberAddition: linked.numberAddition,
    postcode: linked.postcode,
    city: linked.city,
    country: linked.country,
  },
  flowAddress: {
    address: flowLocation.address,
    number: flowLocation.number,
    numberAddition: flowLocation.numberAddition,
    postcode: flowLocation.postcode,
    city: flowLocation.city,
    country: flowLocation.country,
  },
};

type AddressRow = {
  address: string | null;
  number: string | null;
  numberAddition: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
};

function addressText(a: AddressRow | null): string {
  if (!a || a.address === null) return '';
  return fullAddress({
    address: a.address,
    number: a.number ?? '',
    numberAddition: a.numberAddition ?? '',
    postcode: a.postcode ?? '',
    city: a.city ?? '',
    country: a.country ?? '',
  });
}

function baseSelect(tx: Tx) {
  return tx
    .select(selection)
    .from(task)
    .leftJoin(flow, eq(flow.id, task.flowId))
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .leftJoin(user, eq(user.id, task.userId))
    .leftJoin(linked, eq(linked.id, task.locationId))
    .leftJoin(flowLocation, eq(flowLocation.id, flow.locationId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

function serialize(
  r: Row,
  followers: Task['following_tasks'],
  contexts: Task['task_contexts'],
  now: Date,
): Task {
  const t = r.t;
  const planning = taskPlanningStatus(
    { status: t.status, start_date: t.startDate, end_date: t.endDate },
    now,
  );
  const type = t.type as TaskType;
  return {
    id: t.id,
    description: t.description,
    type,
    status: t.status as TaskStatus,
    planning_status: planning.status,
    planning_label: planning.label,
    user_id: t.userId,
    user_fullname: r.userFullname ?? '',
    flow_id: t.flowId,
    flow_number: r.flowNumber,
    flow_status: r.flowStatus,
    relation_id: r.relationId,
    relation_fullname: r.relationFullname,
    address: addressText(r.linked) || addressText(r.flowAddress),
    start_date: t.startDate ? toIso(t.startDate) : null,
    end_date: t.endDate ? toIso(t.endDate) : null,
    completiondate: t.completionDate ? toIso(t.completionDate) : null,
    show_from: t.showFrom ? toIso(t.showFrom) : null,
    color: t.color,
    display_color: taskColor({ color: t.color, type }),
    duration: t.duration,
    amountofpeople: t.amountOfPeople,
    location: t.location,
    linked_location: t.locationId,
    attendees: t.attendees,
    is_template: t.isTemplate,
    tasktemplate_id: t.taskTemplateId,
    leading_task_id: t.leadingTaskId,
    following_tasks: followers,
    task_contexts: contexts,
    created_at: toIso(t.createdAt),
    updated_at: toIso(t.updatedAt),
  };
}

async function followersOf(tx: Tx, ids: number[]): Promise<Map<number, Task['following_tasks']>> {
  const out = new Map<number, Task['following_tasks']>();
  if (ids.length === 0) return out;
  const rows = await tx
    .select({
      id: task.id,
      leadingTaskId: task.leadingTaskId,
      userId: task.userId,
      userFullname: userFullnameSql,
    })
    .from(task)
    .leftJoin(user, eq(user.id, task.userId))
    .where(inArray(task.leadingTaskId, ids))
    .orderBy(asc(task.id));
  for (const r of rows) {
    const list = out.get(r.leadingTaskId!) ?? [];
    list.push({ id: r.id, user_id: r.userId, user_fullname: r.userFullname ?? '' });
    out.set(r.leadingTaskId!, list);
  }
  return out;
}

async function serializeAll(tx: Tx, rows: Row[], now = new Date()): Promise<Task[]> {
  const ids = rows.map((r) => r.t.id);
  const [followers, contexts] = await Promise.all([followersOf(tx, ids), contextsOf(tx, ids)]);
  return rows.map((r) => serialize(r, followers.get(r.t.id) ?? [], contexts.get(r.t.id) ?? [], now));
}

export async function loadTask(tx: Tx, id: number): Promise<Task | null> {
  const rows = await baseSelect(tx).where(eq(task.id, id));
  return (await serializeAll(tx, rows))[0] ?? null;
}

/** The filters of the overview and the map as one condition (templates never count). */
export function filterWhere(f: TaskFilters, now: Date): SQL | undefined {
  const status =
    f.status === 'openoronhold'
      ? inArray(task.status, ['open', 'onhold'])
      : f.status === 'all'
        ? undefined
        : eq(task.status, f.status);
  const planning = (() => {
    switch (f.planning) {
      case 'completed':
        return eq(task.status, 'afgerond');
      case 'unplanned':
        return and(eq(task.status, 'open'), isNull(task.startDate));
      case 'upcoming':
        return and(eq(task.status, 'open'), sql`${task.startDate} > ${now}`);
      case 'unfinished':
        return sql`(${task.status} = 'onhold' or (${task.status} = 'open' and coalesce(${task.endDate}, ${task.startDate}) < ${now}))`;
      case 'other':
        return and(
          eq(task.status, 'open'),
          sql`${task.startDate} <= ${now}`,
          sql`coalesce(${task.endDate}, ${task.startDate}) >= ${now}`,
        );
      default:
        return undefined;
    }
  })();
  return and(
    eq(task.isTemplate, false),
    status,
    planning,
    f.type ? eq(task.type, f.type) : undefined,
    f.user_id === undefined ? undefined : f.user_id === 0 ? isNull(task.userId) : eq(task.userId, f.user_id),
    f.flow_id === undefined ? undefined : eq(task.flowId, f.flow_id),
    f.relation_id === undefined
      ? undefined
      : sql`${task.flowId} in (select id from flow where relation_id = ${f.relation_id})`,
    f.query
      ? sql`${task.description} ilike ${`%${f.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
}

const SORTS = {
  start_date: task.startDate,
  type: task.type,
  status: task.status,
  description: task.description,
  created_at: task.createdAt,
} as const;

/**
 * getOpenTasks: one page of tasks matching the filters, and the total. The page's ids come from the
 * task table alone (the company's own condition next to the policy lets the planner use the company's
 * indexes); only those rows are then joined with their flow, relation, user and addresses: joining
 * before the sort joined every matching task.
 */
export async function queryTasks(tx: Tx, q: z.infer<typeof zTaskPageQuery>): Promise<Paginated<Task>> {
  const now = new Date();
  const where = and(eq(task.companyId, currentCompanyIdSql), filterWhere(q.filters, now));
  const descending = q.sort.startsWith('-');
  const column = SORTS[q.sort.replace(/^-/, '') as keyof typeof SORTS];
  // Unplanned tasks (no start) come last either way.
  const order = descending
    ? [sql`${column} desc nulls last`, desc(task.id)]
    : [sql`${column} asc nulls last`, asc(task.id)];
  const [page, [count]] = await Promise.all([
    tx
      .select({ id: task.id })
      .from(task)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: sql<number>`count(*)::int` }).from(task).where(where),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length === 0 ? [] : await baseSelect(tx).where(inArray(task.id, ids));
  const byId = new Map(rows.map((r) => [r.t.id, r]));
  return {
    data: await serializeAll(
      tx,
      ids.flatMap((id) => byId.get(id) ?? []),
      now,
    ),
    pagination: { total: count?.n ?? 0, offset: q.offset, limit: q.limit },
  };
}

/**
 * The map's markers: tasks matching the filters at their work address (the linked location, else the
 * flow's location, else the relation's position). Lean rows: 10,000 tasks answer well under 300 ms.
 */
export async function taskMap(tx: Tx, filters: TaskFilters, unfoundAddresses = 0): Promise<TaskMap> {
  const now = new Date();
  // The coordinates of the work address itself: a linked location without them is not the relation's.
  const lat = sql<
    number | null
  >`case when ${linked.id} is not null then ${linked.lat} when ${flowLocation.id} is not null then ${flowLocation.lat} else ${relation.lat} end`;
  const lng = sql<
    number | null
  >`case when ${linked.id} is not null then ${linked.lng} when ${flowLocation.id} is not null then ${flowLocation.lng} else ${relation.lng} end`;
  const rows = await tx
    .select({
      id: task.id,
      type: task.type,
      status: task.status,
      color: task.color,
      description: task.description,
      startDate: task.startDate,
      endDate: task.endDate,
      flowId: task.flowId,
      flowNumber: flow.number,
      relationFullname: relation.fullname,
      userFullname: userFullnameSql,
      lat,
      lng,
    })
    .from(task)
    .leftJoin(flow, eq(flow.id, task.flowId))
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .leftJoin(user, eq(user.id, task.userId))
    .leftJoin(linked, eq(linked.id, task.locationId))
    .leftJoin(flowLocation, eq(flowLocation.id, flow.locationId))
    .where(filterWhere(filters, now))
    .limit(50_000);
  const points: TaskMap['points'] = [];
  let without = 0;
  for (const r of rows) {
    if (r.lat === null || r.lng === null) {
      without++;
      continue;
    }
    const type = r.type as TaskType;
    points.push({
      id: r.id,
      lat: r.lat,
      lng: r.lng,
      color: taskColor({ color: r.color, type }),
      type,
      description: r.description,
      planning_label: taskPlanningStatus(
        { status: r.status, start_date: r.startDate, end_date: r.endDate },
        now,
      ).label,
      start_date: r.startDate ? toIso(r.startDate) : null,
      user_fullname: r.userFullname ?? '',
      flow_id: r.flowId,
      flow_number: r.flowNumber,
      relation_fullname: r.relationFullname,
    });
  }
  return {
    points,
    without_coordinates: without,
    unfound_addresses: Math.min(unfoundAddresses, without),
    center: TASK_MAP_DEFAULT_CENTER,
    zoom: TASK_MAP_ZOOM,
  };
}

/** A location given as the work address must be one of the company's (404 otherwise). */
async function checkLocation(tx: Tx, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [found] = await tx.select({ id: location.id }).from(location).where(eq(location.id, id));
  if (!found) throw notFound('Locatie niet gevonden.');
}

/** A task's user must be plannable for its type (spec 001 section 5); null is nobody. */
async function plannableUser(
  tx: Tx,
  requested: number | null | undefined,
  type: TaskType,
  flowUserId: number | null,
  callerId: number,
): Promise<number | null | undefined> {
  if (requested === undefined) return undefined;
  if (requested === null) return null;
  const id = await resolveUserId(
    tx,
    requested,
    { targetType: 'flow', relationId: null, organizationId: null, flowId: null, flowUserId },
    callerId,
  );
  if (id === null) return null;
  const [u] = await tx
    .select({ hide: user.hideFromPlanning, userType: user.userType })
    .from(user)
    .where(eq(user.id, id));
  if (u && !isPlannable({ hide_from_planning: u.hide, user_type: u.userType }, type))
    throw validationError(TASK_MESSAGES.notPlannable, { user_id: [TASK_MESSAGES.notPlannable] });
  return id;
}

/** Start and end as stored: a start without an end lasts its duration, or one hour. */
function timesFor(start: Date | null, end: Date | null, duration: number | null | undefined) {
  if (start && !end)
    end = duration ? new Date(start.getTime() + duration * 60_000) : taskEndFor(null, null, start);
  if (start && end && end.getTime() < start.getTime())
    throw validationError(TASK_MESSAGES.endBeforeStart, { end_date: [TASK_MESSAGES.endBeforeStart] });
  return { start, end };
}

export async function createTask(
  tx: Tx,
  input: CreateTask,
  caller: { userId: number },
  extra: { taskTemplateId?: number; leadingTaskId?: number } = {},
): Promise<number> {
  const target = input.flow_id !== undefined ? await resolveTarget(tx, { flow_id: input.flow_id }) : null;
  await checkLocation(tx, input.linked_location);
  const userId = await plannableUser(
    tx,
    input.user_id,
    input.type,
    target?.flowUserId ?? null,
    caller.userId,
  );
  const { start, end } = timesFor(
    input.start_date ? new Date(input.start_date) : null,
    input.end_date ? new Date(input.end_date) : null,
    input.duration,
  );
  const [row] = await tx
    .insert(task)
    .values({
      description: input.description,
      type: input.type,
      status: input.status,
      userId: userId ?? null,
      flowId: target?.flowId ?? null,
      startDate: start,
      endDate: end,
      completionDate: input.status === 'afgerond' ? new Date() : null,
      showFrom: input.show_from ? new Date(input.show_from) : null,
      color: input.color ?? null,
      duration: input.duration ?? null,
      amountOfPeople: input.amountofpeople,
      location: input.location ?? '',
      locationId: input.linked_location ?? null,
      attendees: input.attendees ?? '',
      isTemplate: input.is_template ?? false,
      taskTemplateId: extra.taskTemplateId ?? null,
      leadingTaskId: extra.leadingTaskId ?? null,
    })
    .returning({ id: task.id });
  await writeLog(tx, {
    type: 'task',
    id: row!.id,
    action: 'create',
    description: `${input.is_template ? 'Taaksjabloon' : 'Taak'} aangemaakt: ${input.description}`,
    flowId: target?.flowId ?? null,
  });
  return row!.id;
}

/**
 * Changes a task. A new start without an end keeps the previous duration (or one hour), a new duration
 * without an end moves the end; done sets the completion date. Following tasks move and close with their leading task.
 */
export async function updateTask(
  tx: Tx,
  id: number,
  input: UpdateTask,
  caller: { userId: number },
): Promise<boolean> {
  const [before] = await tx.select().from(task).where(eq(task.id, id)).for('update');
  if (!before) return false;
  const changes: Partial<typeof task.$inferInsert> = {};
  const type = (input.type ?? before.type) as TaskType;
  if (input.description !== undefined) changes.description = input.description;
  if (input.type !== undefined) changes.type = input.type;
  if (input.color !== undefined) changes.color = input.color;
  if (input.duration !== undefined) changes.duration = input.duration;
  if (input.amountofpeople !== undefined) changes.amountOfPeople = input.amountofpeople;
  if (input.location !== undefined) changes.location = input.location;
  if (input.attendees !== undefined) changes.attendees = input.attendees;
  if (input.show_from !== undefined) changes.showFrom = input.show_from ? new Date(input.show_from) : null;
  if (input.linked_location !== undefined) {
    await checkLocation(tx, input.linked_location);
    changes.locationId = input.linked_location;
  }
  if (input.user_id !== undefined || input.type !== undefined) {
    const [f] = before.flowId
      ? await tx.select({ userId: flow.userId }).from(flow).where(eq(flow.id, before.flowId))
      : [];
    const requested = input.user_id !== undefined ? input.user_id : before.userId;
    const userId = await plannableUser(tx, requested, type, f?.userId ?? null, caller.userId);
    if (userId !== undefined) changes.userId = userId;
  }
  if (input.start_date !== undefined) {
    const start = input.start_date ? new Date(input.start_date) : null;
    const end =
      input.end_date !== undefined
        ? input.end_date
          ? new Date(input.end_date)
          : null
        : start
          ? taskEndFor(before.startDate, before.endDate, start)
          : null;
    Object.assign(changes, { startDate: start, endDate: end });
  } else if (input.end_date !== undefined) changes.endDate = input.end_date ? new Date(input.end_date) : null;
  // A new duration without a new end moves the end: the task lasts what it says.
  const plannedStart = changes.startDate !== undefined ? changes.startDate : before.startDate;
  if (input.duration && input.end_date === undefined && plannedStart)
    changes.endDate = new Date(plannedStart.getTime() + input.duration * 60_000);
  const start = changes.startDate !== undefined ? changes.startDate : before.startDate;
  const end = changes.endDate !== undefined ? changes.endDate : before.endDate;
  if (start && end && end.getTime() < start.getTime())
    throw validationError(TASK_MESSAGES.endBeforeStart, { end_date: [TASK_MESSAGES.endBeforeStart] });
  if (input.status !== undefined && input.status !== before.status) {
    changes.status = input.status;
    changes.completionDate = input.status === 'afgerond' ? new Date() : null;
  }
  const now = new Date();
  await tx
    .update(task)
    .set({ ...changes, updatedAt: now })
    .where(eq(task.id, id));
  // Followers keep the leader's times and status.
  const follow: Partial<typeof task.$inferInsert> = {};
  for (const key of ['startDate', 'endDate', 'status', 'completionDate'] as const)
    if (changes[key] !== undefined) Object.assign(follow, { [key]: changes[key] });
  if (Object.keys(follow).length > 0)
    await tx
      .update(task)
      .set({ ...follow, updatedAt: now })
      .where(eq(task.leadingTaskId, id));
  await writeLog(tx, {
    type: 'task',
    id,
    action: changes.status !== undefined ? 'status' : 'update',
    description: `Taak gewijzigd: ${changes.description ?? before.description}`,
    changes,
    flowId: before.flowId,
  });
  return true;
}

export async function deleteTask(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(task)
    .where(eq(task.id, id))
    .returning({ flowId: task.flowId, description: task.description });
  if (!row) return false;
  await writeLog(tx, {
    type: 'task',
    id,
    action: 'delete',
    description: `Taak verwijderd: ${row.description}`,
    flowId: row.flowId,
  });
  return true;
}

/** The company's task templates, by description. */
export async function listTemplates(tx: Tx): Promise<Task[]> {
  const rows = await baseSelect(tx)
    .where(eq(task.isTemplate, true))
    .orderBy(asc(task.description), asc(task.id));
  return serializeAll(tx, rows);
}

/** The tasks of one flow (getWithRelatedTasks): planned ones by start, then the unplanned, then by id. */
export async function tasksOfFlow(tx: Tx, flowId: number): Promise<Task[]> {
  const rows = await baseSelect(tx)
    .where(and(eq(task.flowId, flowId), eq(task.isTemplate, false)))
    .orderBy(sql`${task.startDate} asc nulls last`, asc(task.id));
  return serializeAll(tx, rows);
}

/** storeFromTemplate: a new unplanned task on the flow from a template (type, text, colour, duration, people). */
export async function storeFromTemplate(
  tx: Tx,
  input: { flow_id: number; tasktemplate_id: number },
  caller: { userId: number },
): Promise<number> {
  const [template] = await tx.select().from(task).where(eq(task.id, input.tasktemplate_id));
  if (!template) throw notFound('Taaksjabloon niet gevonden.');
  if (!template.isTemplate)
    throw validationError(TASK_MESSAGES.notATemplate, { tasktemplate_id: [TASK_MESSAGES.notATemplate] });
  const id = await createTask(
    tx,
    {
      flow_id: input.flow_id,
      description: template.description,
      type: template.type as TaskType,
      status: 'open',
      color: template.color,
      duration: template.duration,
      amountofpeople: template.amountOfPeople,
      location: template.location,
      attendees: template.attendees,
      user_id: template.userId,
    },
    caller,
    { taskTemplateId: template.id },
  );
  await contextsFromTemplate(tx, template.id, id);
  return id;
}

/** duplicate: a copy of the task, unplanned and open, on the same flow. */
export async function duplicateTask(tx: Tx, id: number, caller: { userId: number }): Promise<number | null> {
  const [source] = await tx.select().from(task).where(eq(task.id, id));
  if (!source) return null;
  const copy = await createTask(
    tx,
    {
      flow_id: source.flowId ?? undefined,
      description: source.description,
      type: source.type as TaskType,
      status: 'open',
      color: source.color,
      duration: source.duration,
      amountofpeople: source.amountOfPeople,
      location: source.location,
      linked_location: source.locationId,
      attendees: source.attendees,
      user_id: source.userId,
      is_template: source.isTemplate,
    },
    caller,
    { taskTemplateId: source.taskTemplateId ?? undefined },
  );
  if (source.isTemplate) await copyContextTypes(tx, source.id, copy);
  else await copyContexts(tx, source.id, copy);
  return copy;
}

/** addFollowingUser: another user's task that follows the leading task's times and status. */
export async function addFollowingUser(
  tx: Tx,
  input: { leading_task_id: number; user_id: number },
  caller: { userId: number },
): Promise<number> {
  const [leader] = await tx.select().from(task).where(eq(task.id, input.leading_task_id));
  if (!leader) throw notFound('Taak niet gevonden.');
  if (leader.userId === input.user_id)
    throw validationError(TASK_MESSAGES.followerIsLeader, { user_id: [TASK_MESSAGES.followerIsLeader] });
  const id = await createTask(
    tx,
    {
      flow_id: leader.flowId ?? undefined,
      description: leader.description,
      type: leader.type as TaskType,
      status: leader.status as TaskStatus,
      color: leader.color,
      duration: leader.duration,
      amountofpeople: 1,
      location: leader.location,
      linked_location: leader.locationId,
      attendees: leader.attendees,
      user_id: input.user_id,
      start_date: leader.startDate?.toISOString() ?? null,
      end_date: leader.endDate?.toISOString() ?? null,
    },
    caller,
    { leadingTaskId: leader.id },
  );
  await copyContexts(tx, leader.id, id);
  return id;
}

/** The colours tasks use (own colours), for the colour picker. */
export async function usedTaskColors(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ color: task.color })
    .from(task)
    .where(isNotNull(task.color))
    .orderBy(asc(task.color))
    .limit(100);
  return rows.map((r) => r.color!);
}

/** The planning filter: the users who can be planned for a task type (spec 001 section 5). */
export async function plannableUsers(tx: Tx, type: TaskType) {
  const rows = await tx
    .select({
      id: user.id,
      fullname: userFullnameSql,
      userType: user.userType,
      hide: user.hideFromPlanning,
    })
    .from(user)
    .where(isNull(user.deletedAt))
    .orderBy(asc(user.name), asc(user.id));
  return rows
    .filter((u) => u.userType !== 'partner' && u.userType !== 'dummy')
    .filter((u) => isPlannable({ hide_from_planning: u.hide, user_type: u.userType }, type))
    .map((u) => ({ id: u.id, fullname: u.fullname ?? '', user_type: u.userType }));
}

/**
 * Spec 001 section 4: a flow's new sales user takes over its open and on-hold intake tasks that were
 * the previous sales user's. Answers how many moved.
 */
export async function moveIntakeTasks(
  tx: Tx,
  flowId: number,
  from: number | null,
  to: number | null,
): Promise<number> {
  const moved = await tx
    .update(task)
    .set({ userId: to, updatedAt: new Date() })
    .where(
      and(
        eq(task.flowId, flowId),
        eq(task.type, 'opname'),
        inArray(task.status, ['open', 'onhold']),
        from === null ? isNull(task.userId) : eq(task.userId, from),
      ),
    )
    .returning({ id: task.id });
  for (const m of moved)
    await writeLog(tx, {
      type: 'task',
      id: m.id,
      action: 'update',
      description: 'Opnametaak naar de nieuwe adviseur',
      flowId,
    });
  return moved.length;
}
