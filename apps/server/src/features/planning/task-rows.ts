import {
  fullAddress,
  type Task,
  type TaskStatus,
  type TaskType,
  taskColor,
  taskPlanningStatus,
} from '@im/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';
import { contextsOf } from './task-context-rows';

export const linked = alias(location, 'linked_location');
export const flowLocation = alias(location, 'flow_location');

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

export function baseSelect(tx: Tx) {
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

export async function serializeAll(tx: Tx, rows: Row[], now = new Date()): Promise<Task[]> {
  const ids = rows.map((r) => r.t.id);
  const [followers, contexts] = await Promise.all([followersOf(tx, ids), contextsOf(tx, ids)]);
  return rows.map((r) => serialize(r, followers.get(r.t.id) ?? [], contexts.get(r.t.id) ?? [], now));
}

export async function loadTask(tx: Tx, id: number): Promise<Task | null> {
  const rows = await baseSelect(tx).where(eq(task.id, id));
  return (await serializeAll(tx, rows))[0] ?? null;
}
