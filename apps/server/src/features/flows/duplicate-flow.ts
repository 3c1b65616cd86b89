import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { writeLog } from '../../platform/events/write-log';
import { createFlow, newFlowHash } from './create-flow';
import { lockFlow } from './flow-access';

/**
 * A new flow like a live one: same relation, location, description, request profile, lead source,
 * handlers, tags and type; status new, with a new number and hash. Answers the new flow's id.
 */
export async function duplicateFlow(tx: Tx, id: number): Promise<number> {
  const source = await lockFlow(tx, id);
  const created = await createFlow(tx, {
    relationId: source.relationId,
    description: source.description,
    flowprofileId: source.flowprofileId,
    leadSource: source.leadSource,
    userId: source.userId,
    officeUserId: source.officeUserId,
    projectUserId: source.projectUserId,
    locationId: source.locationId,
    flowStatus: 'new',
    tags: source.tags,
    type: source.type,
  });
  await writeLog(tx, {
    type: 'flow',
    id,
    action: 'duplicate',
    description: `Dossier ${source.number} gedupliceerd naar dossier ${created.number}`,
    changes: { duplicate_flow_id: created.id },
  });
  return created.id;
}

/** Gives a live flow a new customer hash; the old link answers 404 from the commit on. */
export async function resetFlowHash(tx: Tx, id: number): Promise<string> {
  const row = await lockFlow(tx, id);
  const hash = newFlowHash();
  await tx.update(flow).set({ hash, updatedAt: new Date() }).where(eq(flow.id, id));
  await writeLog(tx, {
    type: 'flow',
    id,
    action: 'resethash',
    description: `Klantlink van dossier ${row.number} vernieuwd`,
  });
  return hash;
}
