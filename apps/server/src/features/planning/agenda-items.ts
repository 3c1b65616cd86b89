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
import { forbidden, validationError } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import { flow } from '../flows/flows.schema';
import { writeLog } from '../logitems';
import { organization } from '../organizations/organizations.schema';
import { relation } from '../relations/relations.schema';
import { user } from '../users/users.schema';
import { agendaItem } from './planning.schema';
import { resolveTarget, resolveUserId, storedTarget, targetIdOf, userFullnameSql } from './targets';

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

interface Row {
  a: typeof agendaItem.$inferSelect;
  flowNumber: number | null;
  flowDescription: string | null;
  relationFullname: string | null;
  organizationName: string | null;
  userFullname: string | null;
}

function kindOf(a: typeof agendaItem.$inferSelect): AgendaItemKind {
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

/**
 * The calendar read: one user's items (or all users' within the caller's rights) in a range. The ids
 * come from `agenda_range_ids` (start index, tenant rule inside; migration 0016), the rows by id.
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
  const found = await tx.execute<{ id: number }>(
    sql`select agenda_range_ids(${new Date(q.from)}::timestamptz, ${new Date(q.to)}::timestamptz, ${mode}::text,
      ${forUser}::integer, ${MAX_RANGE_ITEMS}::integer) as id`,
  );
  const ids = found.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  // One array parameter, not thousands of bound ids.
  const rows = await agendaSelect(tx).where(sql`${agendaItem.id} = any(${`{${ids.join(',')}}`}::int[])`);
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [serializeAgendaItem(row)] : [];
  });
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
