import { FLOW_DELETE_BLOCKED } from '@im/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { conflict } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { lockFlow } from './flow-access';
import { flowHasSentInvoices } from './flow-hooks';

export const RESTORE_RELATION_FIRST =
  'De relatie van dit dossier staat in de prullenbak. Herstel eerst de relatie.';

/** Moves a live flow to its relation's trashed flows; refused while it has sent invoices. */
export async function trashFlow(tx: Tx, id: number): Promise<void> {
  const row = await lockFlow(tx, id);
  if (await flowHasSentInvoices(tx, id)) throw conflict(FLOW_DELETE_BLOCKED);
  const now = new Date();
  await tx.update(flow).set({ deletedAt: now, updatedAt: now }).where(eq(flow.id, id));
  await writeLog(tx, {
    type: 'flow',
    id,
    action: 'delete',
    description: `Dossier ${row.number} naar de prullenbak verplaatst`,
  });
}

/** Brings a trashed flow back; its relation must be live. */
export async function restoreFlow(tx: Tx, id: number): Promise<void> {
  const row = await lockFlow(tx, id, 'trashed');
  const [owner] = await tx
    .select({ deletedAt: relation.deletedAt })
    .from(relation)
    .where(eq(relation.id, row.relationId));
  if (!owner || owner.deletedAt) throw conflict(RESTORE_RELATION_FIRST);
  await tx.update(flow).set({ deletedAt: null, updatedAt: new Date() }).where(eq(flow.id, id));
  await writeLog(tx, { type: 'flow', id, action: 'restore', description: `Dossier ${row.number} hersteld` });
}

/**
 * Deletes a trashed flow for good, with its lead dates (cascade) and file records. Answers the storage
 * keys of its files, to remove once the transaction has committed.
 */
export async function forceDeleteFlow(tx: Tx, id: number): Promise<string[]> {
  const row = await lockFlow(tx, id, 'trashed');
  if (await flowHasSentInvoices(tx, id)) throw conflict(FLOW_DELETE_BLOCKED);
  const files = await tx
    .delete(storedFile)
    .where(and(eq(storedFile.ownerType, 'flow'), eq(storedFile.ownerId, id)))
    .returning({ storageKey: storedFile.storageKey });
  // Shared files (decision 066): this flow's reference goes; the file only when it was the last one.
  const shared = await tx.execute<{ storage_key: string }>(sql`
    with refs as (delete from flow_shared_file where flow_id = ${id} returning stored_file_id)
    delete from stored_file f where f.id in (select stored_file_id from refs)
      and not exists (select 1 from flow_shared_file s where s.stored_file_id = f.id and s.flow_id <> ${id})
    returning f.storage_key`);
  files.push(...shared.rows.map((r) => ({ storageKey: r.storage_key })));
  await tx.delete(flow).where(eq(flow.id, id));
  await writeLog(tx, {
    type: 'flow',
    id,
    action: 'forcedelete',
    description: `Dossier ${row.number} definitief verwijderd`,
  });
  return files.map((f) => f.storageKey);
}
