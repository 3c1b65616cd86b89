import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { module } from '../../platform/db/tables/companies.schema';
import { validationError } from '../../platform/errors';

export const UNKNOWN_MODULE = 'Deze module bestaat niet.';

/** A module by id; an unknown id is a 422 on `moduleId`. */
export async function findModuleOrFail(tx: Tx, moduleId: number) {
  const [m] = await tx.select().from(module).where(eq(module.id, moduleId));
  if (!m) throw validationError(UNKNOWN_MODULE, { moduleId: [UNKNOWN_MODULE] });
  return m;
}
