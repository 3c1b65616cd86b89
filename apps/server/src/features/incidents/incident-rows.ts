import type { Incident, IncidentReporter, IncidentStatus } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { incident, incidentType } from '../../platform/db/tables/incidents.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { toIso } from '../../platform/http/dates';
import { userFullnameSql } from '../users';

const selection = {
  i: incident,
  typeName: incidentType.name,
  typeShowableMonths: incidentType.showableMonths,
  flowNumber: flow.number,
  relationId: flow.relationId,
  relationFullname: relation.fullname,
  userFullname: userFullnameSql,
};

export interface IncidentRow {
  i: typeof incident.$inferSelect;
  typeName: string | null;
  typeShowableMonths: number | null;
  flowNumber: number;
  relationId: number | null;
  relationFullname: string | null;
  userFullname: string | null;
}

/** Incidents with their type, flow (number, relation) and handler. */
export function selectIncidents(tx: Tx) {
  return tx
    .select(selection)
    .from(incident)
    .innerJoin(flow, eq(flow.id, incident.flowId))
    .leftJoin(relation, eq(relation.id, flow.relationId))
    .leftJoin(incidentType, eq(incidentType.id, incident.incidentTypeId))
    .leftJoin(user, eq(user.id, incident.userId));
}

export function serializeIncident(r: IncidentRow): Incident {
  const i = r.i;
  return {
    id: i.id,
    incident_type_id: i.incidentTypeId,
    incident_type:
      i.incidentTypeId !== null && r.typeName !== null
        ? { id: i.incidentTypeId, name: r.typeName, showable_months: r.typeShowableMonths ?? 0 }
        : null,
    user_id: i.userId,
    user_fullname: i.userId === null ? '' : (r.userFullname ?? ''),
    flow_id: i.flowId,
    flow_number: r.flowNumber,
    relation_id: r.relationId,
    relation_fullname: r.relationFullname,
    status: i.status as IncidentStatus,
    content: i.content,
    response: i.response,
    remarks: i.remarks,
    classification: i.classification,
    reported_by: i.reportedBy as IncidentReporter,
    hash: i.hash,
    resolved_at: i.resolvedAt ? toIso(i.resolvedAt) : null,
    created_at: toIso(i.createdAt),
    updated_at: toIso(i.updatedAt),
  };
}
