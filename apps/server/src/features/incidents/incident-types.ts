import {
  type CreateIncidentType,
  INCIDENT_MESSAGES,
  type IncidentType,
  type UpdateIncidentType,
} from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { incidentType } from '../../platform/db/tables/incidents.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';

// Written out: in a one-table select Drizzle leaves column names unqualified, which a subquery would misread.
const incidentsCount = sql<number>`(select count(*)::int from incident i where i.incident_type_id = incident_type.id)`;

function serialize(row: typeof incidentType.$inferSelect & { incidentsCount: number }): IncidentType {
  return {
    id: row.id,
    name: row.name,
    showable_months: row.showableMonths,
    incidents_count: row.incidentsCount,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

function selectTypes(tx: Tx) {
  return tx
    .select({
      id: incidentType.id,
      companyId: incidentType.companyId,
      name: incidentType.name,
      showableMonths: incidentType.showableMonths,
      createdAt: incidentType.createdAt,
      updatedAt: incidentType.updatedAt,
      incidentsCount,
    })
    .from(incidentType);
}

/** The company's incident types, by name. */
export async function listIncidentTypes(tx: Tx): Promise<IncidentType[]> {
  const rows = await selectTypes(tx).orderBy(asc(incidentType.name), asc(incidentType.id));
  return rows.map(serialize);
}

export async function loadIncidentType(tx: Tx, id: number): Promise<IncidentType | null> {
  const [row] = await selectTypes(tx).where(eq(incidentType.id, id));
  return row ? serialize(row) : null;
}

/** A type id of a request body: a type of the caller's company, else 422 on `incident_type_id`. */
export async function requireIncidentType(
  tx: Tx,
  id: number,
): Promise<{ id: number; name: string; showableMonths: number }> {
  const [row] = await tx
    .select({ id: incidentType.id, name: incidentType.name, showableMonths: incidentType.showableMonths })
    .from(incidentType)
    .where(eq(incidentType.id, id));
  if (!row)
    throw validationError(INCIDENT_MESSAGES.unknownType, {
      incident_type_id: [INCIDENT_MESSAGES.unknownType],
    });
  return row;
}

export async function createIncidentType(tx: Tx, input: CreateIncidentType): Promise<number> {
  const [row] = await tx
    .insert(incidentType)
    .values({ name: input.name, showableMonths: input.showable_months })
    .returning({ id: incidentType.id });
  await writeLog(tx, {
    type: 'incidenttype',
    id: row!.id,
    action: 'create',
    description: `Incidenttype toegevoegd: ${input.name}`,
  });
  return row!.id;
}

export async function updateIncidentType(tx: Tx, id: number, input: UpdateIncidentType): Promise<boolean> {
  const changes: Partial<typeof incidentType.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.showable_months !== undefined) changes.showableMonths = input.showable_months;
  const [row] = await tx
    .update(incidentType)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(incidentType.id, id))
    .returning({ name: incidentType.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'incidenttype',
    id,
    action: 'update',
    description: `Incidenttype gewijzigd: ${row.name}`,
    changes,
  });
  return true;
}

/** Deletes a type; its incidents stay, without type (the foreign key sets null). */
export async function deleteIncidentType(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(incidentType)
    .where(eq(incidentType.id, id))
    .returning({ name: incidentType.name });
  if (!row) return false;
  await writeLog(tx, {
    type: 'incidenttype',
    id,
    action: 'delete',
    description: `Incidenttype verwijderd: ${row.name}`,
  });
  return true;
}
