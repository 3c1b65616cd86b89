// The customer's side of incidents (spec 002: saveByCustomer, resolveByCustomer, relatedincidents).
// The customer pages (customerpages/dossier.routes.ts) resolve the flow (or company) from the
// customer's hash, open a tenant transaction for that company and call these.
import {
  CUSTOMER_TEXTS,
  type CustomerIncident,
  type IncidentStatus,
  isIncidentVisibleToCustomer,
  type ReportIncidentByCustomer,
  shortenIncidentContent,
} from '@im/domain';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { incident, incidentType } from '../../platform/db/tables/incidents.schema';
import { user } from '../../platform/db/tables/users.schema';
import { AppError, notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { CUSTOMER_HASH } from '../../platform/http/access';
import { toIso } from '../../platform/http/dates';
import { findFlow } from '../flows';
import { notify } from '../notifications';
import { userFullnameSql } from '../users';
import { requireIncidentType } from './incident-types';
import { newIncidentHash, writeIncidentStatus } from './incidents';

type Row = {
  i: typeof incident.$inferSelect;
  typeName: string | null;
  showableMonths: number | null;
  userFullname: string | null;
};

function serialize(r: Row): CustomerIncident {
  return {
    hash: r.i.hash,
    incident_type_id: r.i.incidentTypeId,
    incident_type_name: r.typeName,
    content: r.i.content,
    status: r.i.status as IncidentStatus,
    resolved_at: r.i.resolvedAt ? toIso(r.i.resolvedAt) : null,
    response: r.i.response,
    remarks: r.i.remarks,
    classification: r.i.classification,
    user_fullname: r.i.userId === null ? '' : (r.userFullname ?? ''),
    created_at: toIso(r.i.createdAt),
  };
}

function selectForCustomer(tx: Tx) {
  return tx
    .select({
      i: incident,
      typeName: incidentType.name,
      showableMonths: incidentType.showableMonths,
      userFullname: userFullnameSql,
    })
    .from(incident)
    .leftJoin(incidentType, eq(incidentType.id, incident.incidentTypeId))
    .leftJoin(user, eq(user.id, incident.userId));
}

/** A live flow of the transaction's company, for the customer (404 unknown, 410 trashed). */
async function customerFlowRow(tx: Tx, flowId: number) {
  const f = await findFlow(tx, flowId);
  if (!f) throw notFound(CUSTOMER_TEXTS.flowNotFound);
  if (f.deletedAt) throw new AppError('gone', CUSTOMER_TEXTS.flowGone);
  return f;
}

/**
 * The flow's incidents the customer sees (relatedincidents), newest first: resolved ones older than
 * their type's showable_months are left out (`isIncidentVisibleToCustomer`).
 */
export async function customerVisibleIncidents(
  tx: Tx,
  flowId: number,
  now = new Date(),
): Promise<CustomerIncident[]> {
  await customerFlowRow(tx, flowId);
  const rows = await selectForCustomer(tx)
    .where(eq(incident.flowId, flowId))
    .orderBy(desc(incident.createdAt), desc(incident.id))
    .limit(500);
  return rows
    .filter((r) =>
      isIncidentVisibleToCustomer({ status: r.i.status, resolved_at: r.i.resolvedAt }, r.showableMonths, now),
    )
    .map(serialize);
}

/**
 * saveByCustomer: the customer reports an incident on their flow. It starts open and unassigned (so
 * the overview shows it to everyone, spec 001 section 6); the flow's handler gets a notification.
 */
export async function reportIncidentByCustomer(
  tx: Tx,
  flowId: number,
  input: ReportIncidentByCustomer,
): Promise<CustomerIncident> {
  const f = await customerFlowRow(tx, flowId);
  const type = await requireIncidentType(tx, input.incident_type_id);
  const [row] = await tx
    .insert(incident)
    .values({
      flowId: f.id,
      incidentTypeId: type.id,
      userId: null,
      status: 'open',
      content: input.content,
      reportedBy: 'customer',
      hash: newIncidentHash(),
    })
    .returning({ id: incident.id });
  const id = row!.id;
  await writeLog(tx, {
    type: 'incident',
    id,
    action: 'create',
    description: `Incident gemeld door de klant op dossier ${f.number}: ${type.name}`,
    flowId: f.id,
    changes: { by: 'customer', incident_type_id: type.id },
  });
  if (f.userId !== null)
    await notify(tx, [
      {
        userId: f.userId,
        notifiableType: 'incident',
        notifiableId: id,
        flowId: f.id,
        content: `Nieuw incident van de klant: ${type.name}: ${shortenIncidentContent(input.content)}`,
      },
    ]);
  const [created] = await selectForCustomer(tx).where(eq(incident.id, id));
  return serialize(created!);
}

/**
 * resolveByCustomer: the customer marks their incident resolved by its hash. Already resolved stays as
 * it is. Null when the hash is unknown in the transaction's company (the route answers 404).
 */
export async function resolveIncidentByCustomer(
  tx: Tx,
  incidentHash: string,
  now = new Date(),
): Promise<CustomerIncident | null> {
  if (!CUSTOMER_HASH.test(incidentHash)) return null;
  const [row] = await tx
    .select({
      id: incident.id,
      flowId: incident.flowId,
      status: incident.status,
      typeName: incidentType.name,
    })
    .from(incident)
    .leftJoin(incidentType, eq(incidentType.id, incident.incidentTypeId))
    .where(eq(incident.hash, incidentHash))
    .for('update', { of: incident });
  if (!row) return null;
  await customerFlowRow(tx, row.flowId);
  if (row.status !== 'resolved')
    await writeIncidentStatus(tx, row, 'resolved', 'Incident opgelost door de klant', now);
  const [after] = await selectForCustomer(tx).where(eq(incident.id, row.id));
  return serialize(after!);
}
