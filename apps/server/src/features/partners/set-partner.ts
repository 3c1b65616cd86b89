import { PARTNER_TEXTS } from '@im/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { partnerExists } from './save-partner';

/**
 * 'Add flows to partner' (spec 001 setPartner): every live flow of the relation, or of the organization's
 * relations, gets the partner (null: none). Null when the relation or organization is not the company's;
 * otherwise the number of flows changed.
 */
export async function setPartner(
  tx: Tx,
  owner: 'relation' | 'organization',
  id: number,
  partnerId: number | null,
): Promise<number | null> {
  const table = owner === 'relation' ? relation : organization;
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)));
  if (!found) return null;
  if (partnerId !== null && !(await partnerExists(tx, partnerId)))
    throw validationError(PARTNER_TEXTS.notFound, { partner_id: [PARTNER_TEXTS.notFound] });
  const relationIds =
    owner === 'relation'
      ? [id]
      : (
          await tx
            .select({ id: relation.id })
            .from(relation)
            .where(and(eq(relation.organizationId, id), isNull(relation.deletedAt)))
        ).map((r) => r.id);
  if (relationIds.length === 0) return 0;
  const changed = await tx
    .update(flow)
    .set({ partnerId, updatedAt: new Date() })
    .where(and(inArray(flow.relationId, relationIds), isNull(flow.deletedAt)))
    .returning({ id: flow.id });
  for (const f of changed)
    await writeLog(tx, {
      type: 'flow',
      id: f.id,
      action: 'update',
      description: partnerId === null ? 'Partner losgekoppeld' : 'Partner gekoppeld',
      changes: { partner_id: partnerId },
    });
  return changed.length;
}
