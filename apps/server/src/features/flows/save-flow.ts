import { type CreateFlowRequest, type FlowStatus, stageOf, type UpdateFlowRequest } from '@im/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { lockFlow } from './flow-access';
import { moveIntakeTasksWith } from './flow-hooks';
import { refreshFlowSearchText } from './flow-search-text';

export const UNKNOWN_RELATION = 'Onbekende relatie.';
export const UNKNOWN_USER = 'Onbekende gebruiker.';
export const UNKNOWN_LOCATION = 'Onbekende locatie.';
export const UNKNOWN_FLOWPROFILE = 'Onbekend aanvraagprofiel.';
export const PHASE_NOT_OF_STAGE = 'Deze fase hoort niet bij de status van het dossier.';

const uniqueTags = (tags: string[]) => [...new Set(tags)];

/** 422 unless every id given is a live record of the company (and the location one of the relation's). */
export async function checkFlowReferences(
  tx: Tx,
  input: Partial<UpdateFlowRequest>,
  relationId: number | undefined,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.relation_id !== undefined) {
    const [r] = await tx
      .select({ id: relation.id })
      .from(relation)
      .where(and(eq(relation.id, input.relation_id), isNull(relation.deletedAt)));
    if (!r) errors.relation_id = [UNKNOWN_RELATION];
  }
  const userFields = ['user_id', 'office_user_id', 'project_user_id'] as const;
  const userIds = userFields.map((f) => input[f]).filter((v): v is number => typeof v === 'number');
  if (userIds.length > 0) {
    const found = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.id, userIds), isNull(user.deletedAt)));
    const known = new Set(found.map((u) => u.id));
    for (const f of userFields) {
      const v = input[f];
      if (typeof v === 'number' && !known.has(v)) errors[f] = [UNKNOWN_USER];
    }
  }
  if (typeof input.flowprofile_id === 'number') {
    const [p] = await tx
      .select({ id: flowProfile.id })
      .from(flowProfile)
      .where(and(eq(flowProfile.id, input.flowprofile_id), isNull(flowProfile.deletedAt)));
    if (!p) errors.flowprofile_id = [UNKNOWN_FLOWPROFILE];
  }
  if (typeof input.location_id === 'number') {
    const [l] = await tx
      .select({ relationId: location.relationId })
      .from(location)
      .where(eq(location.id, input.location_id));
    if (!l || (relationId !== undefined && l.relationId !== relationId))
      errors.location_id = [UNKNOWN_LOCATION];
  }
  const first = Object.values(errors)[0];
  if (first) throw validationError(first[0]!, errors);
}

/** 422 unless the phase belongs to the stage of the status (completed and cancelled have no phases). */
export async function checkPhase(tx: Tx, phaseId: number, status: FlowStatus): Promise<void> {
  const [phase] = await tx
    .select({ flowstage: flowPhase.flowstage })
    .from(flowPhase)
    .where(eq(flowPhase.id, phaseId));
  if (!phase || phase.flowstage !== stageOf(status))
    throw validationError(PHASE_NOT_OF_STAGE, { flow_phase_id: [PHASE_NOT_OF_STAGE] });
}

export function createFlowInput(input: CreateFlowRequest) {
  return {
    relationId: input.relation_id,
    description: input.description,
    flowprofileId: input.flowprofile_id,
    leadSource: input.lead_source,
    userId: input.user_id,
    officeUserId: input.office_user_id,
    projectUserId: input.project_user_id,
    locationId: input.location_id,
    flowStatus: input.flow_status,
    tags: input.tags ? uniqueTags(input.tags) : undefined,
    type: input.type,
  };
}

const COLUMN_OF = {
  description: 'description',
  flow_phase_id: 'flowPhaseId',
  user_id: 'userId',
  office_user_id: 'officeUserId',
  project_user_id: 'projectUserId',
  relation_id: 'relationId',
  location_id: 'locationId',
  lead_source: 'leadSource',
  flowprofile_id: 'flowprofileId',
  tags: 'tags',
  type: 'type',
} as const satisfies Record<
  Exclude<keyof UpdateFlowRequest, 'move_intake_tasks'>,
  keyof typeof flow.$inferSelect
>;

/**
 * Changes a live flow's fields (editflowcontactperson is a change of relation_id). Logs the changed
 * values; refreshes the search text when the description or relation changes.
 */
export async function updateFlow(tx: Tx, id: number, input: UpdateFlowRequest): Promise<void> {
  const before = await lockFlow(tx, id);
  const relationId = input.relation_id ?? before.relationId;
  // A new contact person's flow keeps no location of the previous relation.
  const changesRelation = input.relation_id !== undefined && input.relation_id !== before.relationId;
  await checkFlowReferences(tx, input, relationId);
  if (typeof input.flow_phase_id === 'number')
    await checkPhase(tx, input.flow_phase_id, before.flowStatus as FlowStatus);
  const set: Partial<typeof flow.$inferInsert> = {};
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, keyof typeof set][]) {
    let value = input[field];
    if (value === undefined) continue;
    if (field === 'tags') value = uniqueTags(value as string[]);
    const old = before[column as keyof typeof before];
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    (set as Record<string, unknown>)[column] = value;
    changes[field] = [old, value];
  }
  if (changesRelation && input.location_id === undefined && before.locationId !== null) {
    set.locationId = null;
    changes.location_id = [before.locationId, null];
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(flow)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(flow.id, id));
  if (set.description !== undefined || set.relationId !== undefined)
    await refreshFlowSearchText(tx, { flowIds: [id] });
  if (input.move_intake_tasks && set.userId !== undefined)
    await moveIntakeTasksWith(tx, id, before.userId, set.userId ?? null);
  await writeLog(tx, {
    type: 'flow',
    id,
    action: 'update',
    description: changesRelation
      ? `Contactpersoon van dossier ${before.number} gewijzigd`
      : `Dossier ${before.number} gewijzigd`,
    changes,
  });
}
