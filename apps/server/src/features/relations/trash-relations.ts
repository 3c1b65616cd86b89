import { RELATION_DELETE_BLOCKED } from '@im/domain';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { conflict } from '../../platform/errors';
import { relationsWithSentInvoices } from '../flows';
import { logItem } from '../logitems';

export const NOT_IN_TRASH = 'Alleen relaties in de prullenbak kunnen definitief worden verwijderd.';

/**
 * Moves live relations to the trash with their live flows. The flows get the relation's exact
 * `deleted_at`, which is how restoring the relation finds the flows that went with it. Relations with
 * sent invoices are skipped (spec 001 section 5). Answers the ids trashed and the ids skipped.
 */
export async function trashRelations(
  tx: Tx,
  ids: readonly number[],
): Promise<{ trashed: number[]; blocked: number[] }> {
  if (ids.length === 0) return { trashed: [], blocked: [] };
  const live = await tx
    .select({ id: relation.id, fullname: relation.fullname })
    .from(relation)
    .where(and(inArray(relation.id, [...ids]), isNull(relation.deletedAt)))
    .orderBy(relation.id)
    .for('update');
  const blockedSet = await relationsWithSentInvoices(
    tx,
    live.map((r) => r.id),
  );
  const targets = live.filter((r) => !blockedSet.has(r.id));
  if (targets.length === 0) return { trashed: [], blocked: [...blockedSet] };
  const targetIds = targets.map((r) => r.id);
  const now = new Date();
  await tx.update(relation).set({ deletedAt: now }).where(inArray(relation.id, targetIds));
  const flows = await tx
    .update(flow)
    .set({ deletedAt: now })
    .where(and(inArray(flow.relationId, targetIds), isNull(flow.deletedAt)))
    .returning({ id: flow.id, number: flow.number, relationId: flow.relationId });
  await tx.insert(logItem).values([
    ...targets.map((r) => ({
      loggableType: 'relation',
      loggableId: r.id,
      action: 'delete',
      description: `Relatie ${r.fullname} naar de prullenbak verplaatst`,
      changes: { flow_ids: flows.filter((f) => f.relationId === r.id).map((f) => f.id) },
    })),
    ...flows.map((f) => ({
      loggableType: 'flow',
      loggableId: f.id,
      action: 'delete',
      description: `Dossier ${f.number} met de relatie naar de prullenbak verplaatst`,
    })),
  ]);
  return { trashed: targetIds, blocked: [...blockedSet] };
}

/** Trashes one relation; 409 with the spec's text when it has sent invoices. False when not found or trashed already. */
export async function trashRelation(tx: Tx, id: number): Promise<boolean> {
  const { trashed, blocked } = await trashRelations(tx, [id]);
  if (blocked.includes(id)) throw conflict(RELATION_DELETE_BLOCKED);
  return trashed.includes(id);
}

/** Brings a trashed relation back with the flows that were trashed with it. False when not found or not trashed. */
export async function restoreRelation(tx: Tx, id: number): Promise<boolean> {
  const [before] = await tx
    .select({ deletedAt: relation.deletedAt, fullname: relation.fullname })
    .from(relation)
    .where(and(eq(relation.id, id), isNotNull(relation.deletedAt)))
    .for('update');
  if (!before) return false;
  await tx.update(relation).set({ deletedAt: null, updatedAt: new Date() }).where(eq(relation.id, id));
  const flows = await tx
    .update(flow)
    .set({ deletedAt: null })
    .where(and(eq(flow.relationId, id), eq(flow.deletedAt, before.deletedAt!), isNull(flow.mergedIntoFlowId)))
    .returning({ id: flow.id, number: flow.number });
  await tx.insert(logItem).values([
    {
      loggableType: 'relation',
      loggableId: id,
      action: 'restore',
      description: `Relatie ${before.fullname} hersteld`,
      changes: { flow_ids: flows.map((f) => f.id) },
    },
    ...flows.map((f) => ({
      loggableType: 'flow',
      loggableId: f.id,
      action: 'restore',
      description: `Dossier ${f.number} met de relatie hersteld`,
    })),
  ]);
  return true;
}

/**
 * Deletes trashed relations for good: their flows, locations and lead dates go with them (foreign
 * keys), their and their flows' file records here. Answers the storage keys to remove once committed.
 */
export async function forceDeleteRelations(
  tx: Tx,
  ids: readonly number[],
): Promise<{ deleted: number[]; storageKeys: string[] }> {
  if (ids.length === 0) return { deleted: [], storageKeys: [] };
  const targets = await tx
    .select({ id: relation.id, fullname: relation.fullname })
    .from(relation)
    .where(and(inArray(relation.id, [...ids]), isNotNull(relation.deletedAt)))
    .for('update');
  if (targets.length === 0) return { deleted: [], storageKeys: [] };
  const targetIds = targets.map((r) => r.id);
  const flows = await tx
    .select({ id: flow.id, relationId: flow.relationId })
    .from(flow)
    .where(inArray(flow.relationId, targetIds));
  const flowIds = flows.map((f) => f.id);
  const files = await tx
    .delete(storedFile)
    .where(
      or(
        and(eq(storedFile.ownerType, 'relation'), inArray(storedFile.ownerId, targetIds)),
        flowIds.length > 0
          ? and(eq(storedFile.ownerType, 'flow'), inArray(storedFile.ownerId, flowIds))
          : sql`false`,
      ),
    )
    .returning({ key: storedFile.storageKey });
  await tx
    .update(organization)
    .set({ contactpersonId: null })
    .where(inArray(organization.contactpersonId, targetIds));
  await tx.delete(relation).where(inArray(relation.id, targetIds));
  await tx.insert(logItem).values(
    targets.map((r) => ({
      loggableType: 'relation',
      loggableId: r.id,
      action: 'forcedelete',
      description: `Relatie ${r.fullname} definitief verwijderd`,
      changes: { flow_ids: flows.filter((f) => f.relationId === r.id).map((f) => f.id) },
    })),
  );
  return { deleted: targetIds, storageKeys: files.map((f) => f.key) };
}
