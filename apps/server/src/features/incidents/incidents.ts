import { randomBytes } from 'node:crypto';
import {
  type CreateIncident,
  INCIDENT_MESSAGES,
  type Incident,
  type IncidentAction,
  type IncidentStatus,
  incidentActionTo,
  incidentAssignedNotice,
  incidentOverviewScope,
  nextIncidentStatus,
  type Paginated,
  type UpdateIncident,
  type zIncidentPageQuery,
} from '@im/domain';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { incident, incidentType } from '../../platform/db/tables/incidents.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { FLOW_IN_TRASH, FLOW_NOT_FOUND, findFlow } from '../flows';
import { notify } from '../notifications';
import { selectIncidents, serializeIncident } from './incident-rows';
import { requireIncidentType } from './incident-types';

/** 128 random bits, URL-safe: the customer's credential for one incident (resolveByCustomer). */
export function newIncidentHash(): string {
  return randomBytes(16).toString('base64url');
}

export interface Caller {
  userId: number;
  role: number;
}

export async function loadIncident(tx: Tx, id: number): Promise<Incident | null> {
  const [row] = await selectIncidents(tx).where(eq(incident.id, id));
  return row ? serializeIncident(row) : null;
}

/** A flow's incidents, newest first (a trashed flow's too; a merged-away or foreign flow is 404). */
export async function listFlowIncidents(tx: Tx, flowId: number): Promise<Incident[]> {
  if (!(await findFlow(tx, flowId))) throw notFound(FLOW_NOT_FOUND);
  const rows = await selectIncidents(tx)
    .where(eq(incident.flowId, flowId))
    .orderBy(desc(incident.createdAt), desc(incident.id))
    .limit(500);
  return rows.map(serializeIncident);
}

/**
 * The incident overview: status, scope (the role rule of spec 001 section 6, applied here whatever the
 * client asks), type, flow and text; newest first; one page and the total, read on one snapshot.
 * Incidents of trashed flows are left out, as the flows are.
 */
export async function queryIncidents(
  tx: Tx,
  q: z.infer<typeof zIncidentPageQuery>,
  caller: Caller,
): Promise<Paginated<Incident>> {
  const { users } = incidentOverviewScope(caller.role, q.scope);
  const where: (SQL | undefined)[] = [isNull(flow.deletedAt)];
  if (q.status !== 'all') where.push(eq(incident.status, q.status));
  if (users === 'own') where.push(eq(incident.userId, caller.userId));
  if (users === 'ownandunassigned')
    where.push(or(eq(incident.userId, caller.userId), isNull(incident.userId)));
  if (q.incident_type_id !== undefined) where.push(eq(incident.incidentTypeId, q.incident_type_id));
  if (q.flow_id !== undefined) where.push(eq(incident.flowId, q.flow_id));
  const text = q.query?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(incident.content, pattern), ilike(relation.fullname, pattern)));
  }
  const condition = and(...where);
  const [total] = await tx
    .select({ n: count() })
    .from(incident)
    .innerJoin(flow, eq(flow.id, incident.flowId))
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .where(condition);
  const order =
    q.sort === 'created_at'
      ? [incident.createdAt, incident.id]
      : [desc(incident.createdAt), desc(incident.id)];
  const rows = await selectIncidents(tx)
    .where(condition)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return {
    data: rows.map(serializeIncident),
    pagination: { total: total?.n ?? 0, offset: q.offset, limit: q.limit },
  };
}

/** A handler of a request as stored: 0 or null is unassigned; any other id must be a user of the company (422). */
async function resolveHandler(tx: Tx, requested: number | null | undefined): Promise<number | null> {
  if (requested === undefined || requested === null || requested === 0) return null;
  const [u] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, requested), isNull(user.deletedAt)));
  if (!u) throw validationError(INCIDENT_MESSAGES.unknownUser, { user_id: [INCIDENT_MESSAGES.unknownUser] });
  return u.id;
}

/** Tells a handler the incident is theirs, unless they gave it to themselves. */
async function notifyHandler(
  tx: Tx,
  row: { id: number; flowId: number; userId: number | null; content: string; typeName: string | null },
  callerId: number | null,
): Promise<void> {
  if (row.userId === null || row.userId === callerId) return;
  await notify(tx, [
    {
      userId: row.userId,
      notifiableType: 'incident',
      notifiableId: row.id,
      flowId: row.flowId,
      content: incidentAssignedNotice(row.typeName, row.content),
    },
  ]);
}

export async function createIncident(tx: Tx, input: CreateIncident, caller: Caller): Promise<number> {
  const f = await findFlow(tx, input.flow_id);
  if (!f) throw notFound(FLOW_NOT_FOUND);
  if (f.deletedAt) throw conflict(FLOW_IN_TRASH);
  const type = await requireIncidentType(tx, input.incident_type_id);
  const userId = await resolveHandler(tx, input.user_id);
  const [row] = await tx
    .insert(incident)
    .values({
      flowId: f.id,
      incidentTypeId: type.id,
      userId,
      status: 'open',
      content: input.content,
      response: input.response ?? '',
      remarks: input.remarks ?? '',
      classification: input.classification ?? '',
      reportedBy: 'user',
      hash: newIncidentHash(),
    })
    .returning({ id: incident.id });
  const id = row!.id;
  await writeLog(tx, {
    type: 'incident',
    id,
    action: 'create',
    description: `Incident toegevoegd aan dossier ${f.number}: ${type.name}`,
    flowId: f.id,
  });
  await notifyHandler(
    tx,
    { id, flowId: f.id, userId, content: input.content, typeName: type.name },
    caller.userId,
  );
  return id;
}

/** The incident locked for a change, with its flow's trash state; a change on a trashed flow is 409. */
async function lockIncident(tx: Tx, id: number) {
  const [row] = await tx
    .select({ i: incident, flowDeletedAt: flow.deletedAt, typeName: incidentType.name })
    .from(incident)
    .innerJoin(flow, eq(flow.id, incident.flowId))
    .leftJoin(incidentType, eq(incidentType.id, incident.incidentTypeId))
    .where(eq(incident.id, id))
    .for('update', { of: incident });
  if (!row) return null;
  if (row.flowDeletedAt) throw conflict(FLOW_IN_TRASH);
  return row;
}

/**
 * The edit and edituser modals: texts, type and handler; and `status`, by the rules of resolve, reopen
 * and markongoing (the same status again changes nothing; back to open is 409). A new handler other
 * than the caller gets a notification. Answers false when the incident is not the company's.
 */
export async function updateIncident(
  tx: Tx,
  id: number,
  input: UpdateIncident,
  caller: Caller,
): Promise<boolean> {
  const before = await lockIncident(tx, id);
  if (!before) return false;
  // A status change follows the actions' rules, and is refused before anything is written.
  const from = before.i.status as IncidentStatus;
  const statusAction =
    input.status === undefined || input.status === from ? null : incidentActionTo(from, input.status);
  // Every status but open has an action leading to it; nothing leads back to open.
  if (input.status !== undefined && input.status !== from && statusAction === null)
    throw conflict(INCIDENT_MESSAGES.notBackToOpen);
  const changes: Partial<typeof incident.$inferInsert> = {};
  let typeName = before.typeName;
  if (input.incident_type_id !== undefined && input.incident_type_id !== before.i.incidentTypeId) {
    const type = await requireIncidentType(tx, input.incident_type_id);
    changes.incidentTypeId = type.id;
    typeName = type.name;
  }
  if (input.content !== undefined) changes.content = input.content;
  if (input.response !== undefined) changes.response = input.response;
  if (input.remarks !== undefined) changes.remarks = input.remarks;
  if (input.classification !== undefined) changes.classification = input.classification;
  let isReassigned = false;
  if (input.user_id !== undefined) {
    const userId = await resolveHandler(tx, input.user_id);
    if (userId !== before.i.userId) {
      changes.userId = userId;
      isReassigned = true;
    }
  }
  if (statusAction !== null)
    await writeIncidentStatus(
      tx,
      { id, flowId: before.i.flowId, typeName },
      nextIncidentStatus(from, statusAction)!,
      STATUS_LOG[statusAction],
    );
  // A PATCH of the status alone is the status change above, logged as the action would log it.
  if (statusAction === null || Object.keys(changes).length > 0) {
    await tx
      .update(incident)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(incident.id, id));
    const onlyHandler = isReassigned && Object.keys(changes).length === 1;
    await writeLog(tx, {
      type: 'incident',
      id,
      action: 'update',
      description: onlyHandler
        ? changes.userId === null
          ? 'Incident niet meer toegewezen'
          : 'Incident toegewezen'
        : `Incident gewijzigd: ${typeName ?? 'zonder type'}`,
      changes,
      flowId: before.i.flowId,
    });
  }
  if (isReassigned)
    await notifyHandler(
      tx,
      {
        id,
        flowId: before.i.flowId,
        userId: changes.userId ?? null,
        content: changes.content ?? before.i.content,
        typeName,
      },
      caller.userId,
    );
  return true;
}

const STATUS_LOG: Record<IncidentAction, string> = {
  resolve: 'Incident opgelost',
  reopen: 'Incident heropend',
  markongoing: 'Incident in behandeling genomen',
};

/** Sets the status the action leads to; resolving sets `resolved_at`, leaving resolved clears it. */
export async function writeIncidentStatus(
  tx: Tx,
  row: { id: number; flowId: number; typeName: string | null },
  status: IncidentStatus,
  description: string,
  now = new Date(),
): Promise<void> {
  const changes = { status, resolvedAt: status === 'resolved' ? now : null };
  await tx
    .update(incident)
    .set({ ...changes, updatedAt: now })
    .where(eq(incident.id, row.id));
  await writeLog(tx, {
    type: 'incident',
    id: row.id,
    action: 'status',
    description: row.typeName ? `${description}: ${row.typeName}` : description,
    changes,
    flowId: row.flowId,
  });
}

/**
 * Resolve, reopen (to ongoing) or mark ongoing (spec 001 section 4). A change that does not apply to
 * the current status is 409 with the Dutch reason; false when the incident is not the company's.
 */
export async function changeIncidentStatus(tx: Tx, id: number, action: IncidentAction): Promise<boolean> {
  const before = await lockIncident(tx, id);
  if (!before) return false;
  const next = nextIncidentStatus(before.i.status as IncidentStatus, action);
  if (next === null) throw conflict(INCIDENT_MESSAGES.notAllowed[action]);
  await writeIncidentStatus(
    tx,
    { id, flowId: before.i.flowId, typeName: before.typeName },
    next,
    STATUS_LOG[action],
  );
  return true;
}

export async function deleteIncident(tx: Tx, id: number): Promise<boolean> {
  const before = await lockIncident(tx, id);
  if (!before) return false;
  await tx.delete(incident).where(eq(incident.id, id));
  await writeLog(tx, {
    type: 'incident',
    id,
    action: 'delete',
    description: `Incident verwijderd: ${before.typeName ?? 'zonder type'}`,
    flowId: before.i.flowId,
  });
  return true;
}

/** A merged flow's incidents go to the target flow (registered with the flows' merge). */
export async function moveIncidentsOnMerge(tx: Tx, sourceId: number, targetId: number): Promise<void> {
  const moved = await tx
    .update(incident)
    .set({ flowId: targetId, updatedAt: new Date() })
    .where(eq(incident.flowId, sourceId))
    .returning({ id: incident.id });
  if (moved.length === 0) return;
  // One event per incident, so open screens of either flow refresh.
  for (const { id } of moved)
    await writeLog(tx, {
      type: 'incident',
      id,
      action: 'update',
      description: 'Incident verplaatst naar het samengevoegde dossier',
      changes: { flowId: targetId },
      flowId: targetId,
    });
}
