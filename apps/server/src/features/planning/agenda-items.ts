import {
  AGENDA_ITEM_KIND_COLORS,
  type AgendaItem,
  type AgendaItemKind,
  type CreateAgendaItem,
  MAX_CALENDAR_RANGE_DAYS,
  newAgendaItemTimes,
  PLANNING_MESSAGES,
  shiftPair,
  type UpdateAgendaItem,
  USER_ID_CASE_HANDLER,
} from '@im/domain';
import { and, asc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { agendaItem } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { forbidden, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';
import { resolveTarget, resolveUserId, storedTarget, targetIdOf } from './targets';

/** Role from which the calendar shows other users' items (spec 000 section 6: above 999). */
export const AGENDA_OF_OTHERS_MIN_ROLE = 1000;
export const OWN_AGENDA_ONLY = 'Je kunt alleen je eigen agenda bekijken.';
const DAY_MS = 86_400_000;
/** An appointment lasts at most as long as the longest calendar read, so a range read finds it by its start. */
export const MAX_AGENDA_ITEM_DAYS = MAX_CALENDAR_RANGE_DAYS;
/** The most items one calendar read answers. */
export const MAX_RANGE_ITEMS = 5000;
export const TOO_LONG = `Een afspraak duurt hoogstens ${MAX_AGENDA_ITEM_DAYS} dagen.`;

const selection = {
  a: agendaItem,
  flowNumber: flow.number,
  flowDescription: flow.description,
  relationFullname: relation.fullname,
  organizationName: organization.name,
  userFullname: userFullnameSql,
};

/** The columns an answer shows (the calendar's range read selects only these). */
type AgendaItemFields = Omit<typeof agendaItem.$inferSelect, 'companyId' | 'uid' | 'intakeId'>;

interface Row {
  a: AgendaItemFields;
  flowNumber: number | null;
  flowDescription: string | null;
  relationFullname: string | null;
  organizationName: string | null;
  userFullname: string | null;
}

function kindOf(a: AgendaItemFields): AgendaItemKind {
  return a.targetType === 'company' ? 'none' : (a.targetType as AgendaItemKind);
}

function linkLabel(r: Row, kind: AgendaItemKind): string {
  if (kind === 'flow') return [`Dossier ${r.flowNumber}`, r.flowDescription].filter(Boolean).join(' · ');
  if (kind === 'relation') return r.relationFullname ?? '';
  if (kind === 'organization') return r.organizationName ?? '';
  return '';
}

export function serializeAgendaItem(r: Row): AgendaItem {
  const a = r.a;
  const kind = kindOf(a);
  return {
    id: a.id,
    title: a.title,
    summary: a.title,
    description: a.description,
    location: a.location,
    attendees: a.attendees,
    start_date: toIso(a.startDate),
    end_date: toIso(a.endDate),
    user_id: a.userId,
    user_fullname: r.userFullname ?? '',
    agendaitemable_type: kind,
    agendaitemable_id: kind === 'none' ? null : (a.flowId ?? a.relationId ?? a.organizationId),
    morphtype: kind,
    link_label: linkLabel(r, kind),
    flow_id: a.flowId,
    relation_id: a.relationId,
    organization_id: a.organizationId,
    color: AGENDA_ITEM_KIND_COLORS[kind],
    created_at: toIso(a.createdAt),
    updated_at: toIso(a.updatedAt),
  };
}

export function agendaSelect(tx: Tx) {
  return tx
    .select(selection)
    .from(agendaItem)
    .leftJoin(flow, eq(flow.id, agendaItem.flowId))
    .leftJoin(relation, eq(relation.id, agendaItem.relationId))
    .leftJoin(organization, eq(organization.id, agendaItem.organizationId))
    .leftJoin(user, eq(user.id, agendaItem.userId));
}

export async function loadAgendaItem(tx: Tx, id: number): Promise<AgendaItem | null> {
  const [row] = await agendaSelect(tx).where(eq(agendaItem.id, id));
  return row ? serializeAgendaItem(row) : null;
}

/**
 * Items overlapping [from, to). An item lasts at most 62 days, so the start index bounds the scan:
 * start in (from − 62 days, to) and end after from.
 */
export function overlapping(from: Date, to: Date): SQL {
  return and(
    gt(agendaItem.startDate, new Date(from.getTime() - MAX_AGENDA_ITEM_DAYS * DAY_MS)),
    lt(agendaItem.startDate, to),
    gt(agendaItem.endDate, from),
  )!;
}

/** A row of `agenda_range_items` as the calendar reads it (times in epoch milliseconds). */
interface RangeRow extends Record<string, unknown> {
  id: number;
  target_type: string;
  relation_id: number | null;
  organization_id: number | null;
  flow_id: number | null;
  title: string;
  description: string;
  location: string;
  attendees: string;
  user_id: number | null;
  start_ms: number;
  end_ms: number;
  created_ms: number;
  updated_ms: number;
}

const epochMs = (column: SQL) => sql`date_part('epoch', ${column}) * 1000`;

/** `ids` as one array parameter (not thousands of bound values). */
function idArray(ids: Iterable<number>): SQL {
  return sql`${`{${[...ids].join(',')}}`}::int[]`;
}

/**
 * The labels of the records a calendar's items link to, read once per record (under the policy): the
 * flow's number and description, the relation's or organization's name, the user's name. Only what
 * `serializeAgendaItem` shows: a relation's name for items on a relation (a flow's item shows the flow).
 */
async function labelsOf(tx: Tx, items: AgendaItemFields[]): Promise<Row[]> {
  const flowIds = new Set<number>();
  const relationIds = new Set<number>();
  const organizationIds = new Set<number>();
  const userIds = new Set<number>();
  for (const a of items) {
    const kind = kindOf(a);
    if (kind === 'flow' && a.flowId !== null) flowIds.add(a.flowId);
    if (kind === 'relation' && a.relationId !== null) relationIds.add(a.relationId);
    if (kind === 'organization' && a.organizationId !== null) organizationIds.add(a.organizationId);
    if (a.userId !== null) userIds.add(a.userId);
  }
  // One round trip for the four kinds (each an index lookup per record, under the policy).
  const found = await tx.execute<{
    kind: string;
    id: number;
    number: number | null;
    label: string | null;
  }>(sql`
    select 'flow' as kind, ${flow.id} as id, ${flow.number} as number, ${flow.description} as label
      from ${flow} where ${flow.id} = any(${idArray(flowIds)})
    union all select 'relation', ${relation.id}, null, ${relation.fullname}
      from ${relation} where ${relation.id} = any(${idArray(relationIds)})
    union all select 'organization', ${organization.id}, null, ${organization.name}
      from ${organization} where ${organization.id} = any(${idArray(organizationIds)})
    union all select 'user', ${user.id}, null, ${userFullnameSql}
      from ${user} where ${user.id} = any(${idArray(userIds)})`);
  const flowById = new Map<number, { number: number | null; description: string | null }>();
  const relationName = new Map<number, string | null>();
  const organizationName = new Map<number, string | null>();
  const userName = new Map<number, string | null>();
  for (const r of found.rows) {
    if (r.kind === 'flow') flowById.set(r.id, { number: r.number, description: r.label });
    else if (r.kind === 'relation') relationName.set(r.id, r.label);
    else if (r.kind === 'organization') organizationName.set(r.id, r.label);
    else userName.set(r.id, r.label);
  }
  return items.map((a) => {
    const f = a.flowId === null ? undefined : flowById.get(a.flowId);
    return {
      a,
      flowNumber: f?.number ?? null,
      flowDescription: f?.description ?? null,
      relationFullname: a.relationId === null ? null : (relationName.get(a.relationId) ?? null),
      organizationName: a.organizationId === null ? null : (organizationName.get(a.organizationId) ?? null),
      userFullname: a.userId === null ? null : (userName.get(a.userId) ?? null),
    };
  });
}

/**
 * The calendar read: one user's items (or all users' within the caller's rights) in a range. The rows
 * come from `agenda_range_items` (start and end index, tenant rule inside; migration 0036), the labels
 * of their records once per record: a month of everyone is thousands of items on far fewer records.
 */
export async function listAgendaRange(
  tx: Tx,
  q: { from: string; to: string; user: 'all' | number },
  caller: { userId: number; role: number },
): Promise<AgendaItem[]> {
  const mayOthers = caller.role >= AGENDA_OF_OTHERS_MIN_ROLE;
  let mode: 'all' | 'none' | 'user' | 'userornone';
  let forUser: number | null = null;
  if (q.user === 'all') {
    mode = mayOthers ? 'all' : 'userornone';
    forUser = mayOthers ? null : caller.userId;
  } else if (q.user === 0) mode = 'none';
  else {
    const userId = q.user === USER_ID_CASE_HANDLER ? caller.userId : q.user;
    if (userId !== caller.userId && !mayOthers) throw forbidden(OWN_AGENDA_ONLY);
    mode = 'user';
    forUser = userId;
  }
  // Times as epoch milliseconds: a number per time instead of parsing thousands of timestamp texts.
  const found = await tx.execute<RangeRow>(sql`select i.id, i.target_type, i.relation_id,
      i.organization_id, i.flow_id, i.title, i.description, i.location, i.attendees, i.user_id,
      ${epochMs(sql`i.start_date`)} as start_ms, ${epochMs(sql`i.end_date`)} as end_ms,
      ${epochMs(sql`i.created_at`)} as created_ms, ${epochMs(sql`i.updated_at`)} as updated_ms
    from agenda_range_items(${new Date(q.from)}::timestamptz, ${new Date(q.to)}::timestamptz, ${mode}::text,
      ${forUser}::integer, ${MAX_RANGE_ITEMS}::integer) i
    order by i.start_date, i.id`);
  const items = found.rows.map(
    (r): AgendaItemFields => ({
      id: r.id,
      targetType: r.target_type,
      relationId: r.relation_id,
      organizationId: r.organization_id,
      flowId: r.flow_id,
      title: r.title,
      description: r.description,
      location: r.location,
      attendees: r.attendees,
      startDate: new Date(r.start_ms),
      endDate: new Date(r.end_ms),
      userId: r.user_id,
      createdAt: new Date(r.created_ms),
      updatedAt: new Date(r.updated_ms),
    }),
  );
  return (await labelsOf(tx, items)).map(serializeAgendaItem);
}

/** The items of a relation (with its flows'), organization or flow, newest first. */
export async function listAgendaForRecord(
  tx: Tx,
  q: { relation_id?: number; organization_id?: number; flow_id?: number },
): Promise<AgendaItem[]> {
  await resolveTarget(tx, q);
  const owner =
    q.flow_id !== undefined
      ? eq(agendaItem.flowId, q.flow_id)
      : q.relation_id !== undefined
        ? eq(agendaItem.relationId, q.relation_id)
        : eq(agendaItem.organizationId, q.organization_id!);
  const rows = await agendaSelect(tx)
    .where(owner)
    .orderBy(sql`${agendaItem.startDate} desc`, asc(agendaItem.id))
    .limit(500);
  return rows.map(serializeAgendaItem);
}

function checkTimes(start: Date, end: Date): void {
  if (start.getTime() > end.getTime())
    throw validationError(PLANNING_MESSAGES.startAfterEnd, { start_date: [PLANNING_MESSAGES.startAfterEnd] });
  if (end.getTime() - start.getTime() > MAX_AGENDA_ITEM_DAYS * DAY_MS)
    throw validationError(TOO_LONG, { end_date: [TOO_LONG] });
}

export async function createAgendaItem(
  tx: Tx,
  input: CreateAgendaItem,
  caller: { userId: number; companyId: number },
  now = new Date(),
): Promise<number> {
  const target = await resolveTarget(tx, input);
  const userId =
    input.user_id === undefined
      ? caller.userId
      : await resolveUserId(tx, input.user_id, target, caller.userId);
  const defaults = newAgendaItemTimes(now);
  const start = input.start_date ? new Date(input.start_date) : defaults.start_date;
  // Only a start given: the end keeps the default hour after it.
  const end = input.end_date
    ? new Date(input.end_date)
    : shiftPair(defaults.start_date, defaults.end_date, start);
  checkTimes(start, end);
  const [row] = await tx
    .insert(agendaItem)
    .values({
      targetType: target.targetType,
      relationId: target.relationId,
      organizationId: target.organizationId,
      flowId: target.flowId,
      title: input.title,
      description: input.description ?? '',
      location: input.location ?? '',
      attendees: input.attendees ?? '',
      startDate: start,
      endDate: end,
      userId,
    })
    .returning({ id: agendaItem.id });
  await writeLog(tx, {
    type: 'agendaitem',
    id: row!.id,
    action: 'create',
    description: `Afspraak toegevoegd aan ${target.targetType} ${targetIdOf(target, caller.companyId)}: ${input.title}`,
    flowId: target.flowId,
  });
  return row!.id;
}

/** Changes an item; a new start without an end moves the end by the same interval. */
export async function updateAgendaItem(
  tx: Tx,
  id: number,
  input: UpdateAgendaItem,
  caller: { userId: number },
): Promise<boolean> {
  const [before] = await tx.select().from(agendaItem).where(eq(agendaItem.id, id)).for('update');
  if (!before) return false;
  const changes: Partial<typeof agendaItem.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.location !== undefined) changes.location = input.location;
  if (input.attendees !== undefined) changes.attendees = input.attendees;
  if (input.user_id !== undefined) {
    changes.userId = await resolveUserId(tx, input.user_id, await storedTarget(tx, before), caller.userId);
  }
  if (input.start_date !== undefined) {
    changes.startDate = new Date(input.start_date);
    changes.endDate = input.end_date
      ? new Date(input.end_date)
      : shiftPair(before.startDate, before.endDate, input.start_date);
  } else if (input.end_date !== undefined) changes.endDate = new Date(input.end_date);
  checkTimes(changes.startDate ?? before.startDate, changes.endDate ?? before.endDate);
  await tx
    .update(agendaItem)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(agendaItem.id, id));
  await writeLog(tx, {
    type: 'agendaitem',
    id,
    action: 'update',
    description: `Afspraak gewijzigd: ${changes.title ?? before.title}`,
    changes,
    flowId: before.flowId,
  });
  return true;
}

export async function deleteAgendaItem(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(agendaItem)
    .where(eq(agendaItem.id, id))
    .returning({ flowId: agendaItem.flowId, title: agendaItem.title });
  if (!row) return false;
  await writeLog(tx, {
    type: 'agendaitem',
    id,
    action: 'delete',
    description: `Afspraak verwijderd: ${row.title}`,
    flowId: row.flowId,
  });
  return true;
}
