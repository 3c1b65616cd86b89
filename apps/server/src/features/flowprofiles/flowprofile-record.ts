import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { validationError } from '../../platform/errors';

export const UNKNOWN_FLOWPROFILE = 'Onbekend aanvraagprofiel.';

/** 422 unless the id is a live request profile of the company. */
export async function requireFlowProfile(tx: Tx, id: number, field = 'flowprofile_id'): Promise<void> {
  const [p] = await tx
    .select({ id: flowProfile.id })
    .from(flowProfile)
    .where(and(eq(flowProfile.id, id), isNull(flowProfile.deletedAt)));
  if (!p) throw validationError(UNKNOWN_FLOWPROFILE, { [field]: [UNKNOWN_FLOWPROFILE] });
}
