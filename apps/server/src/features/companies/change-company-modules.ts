import { MAIN_COMPANY_ID, PROTECTED_MESSAGE } from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companyModule, module } from '../../platform/db/tables/companies.schema';
import { AppError, validationError } from '../../platform/errors';
import { writeLog } from '../logitems';

export const UNKNOWN_MODULE = 'Deze module bestaat niet.';

export async function findModuleOrFail(tx: Tx, moduleId: number) {
  const [m] = await tx.select().from(module).where(eq(module.id, moduleId));
  if (!m) throw validationError(UNKNOWN_MODULE, { moduleId: [UNKNOWN_MODULE] });
  return m;
}

/**
 * A platform admin hands a company a module (not purchased). Adding one it already has changes
 * nothing. The company's sessions see it on their next request.
 */
export async function addModuleToCompany(tx: Tx, companyId: number, moduleId: number): Promise<void> {
  const m = await findModuleOrFail(tx, moduleId);
  const added = await tx
    .insert(companyModule)
    .values({ companyId, moduleId, purchased: false })
    .onConflictDoNothing()
    .returning({ id: companyModule.id });
  if (added.length === 0) return;
  await writeLog(tx, {
    type: 'company',
    id: companyId,
    action: 'update',
    description: `Module ${m.tag} toegevoegd`,
    changes: { module: m.tag, added: true },
    companyId,
  });
}

/** Takes a module from a company; the main company keeps ADMIN (409). */
export async function removeModuleFromCompany(tx: Tx, companyId: number, moduleId: number): Promise<void> {
  const m = await findModuleOrFail(tx, moduleId);
  if (companyId === MAIN_COMPANY_ID && m.tag === 'ADMIN') throw new AppError('conflict', PROTECTED_MESSAGE);
  const removed = await tx
    .delete(companyModule)
    .where(and(eq(companyModule.companyId, companyId), eq(companyModule.moduleId, moduleId)))
    .returning({ id: companyModule.id });
  if (removed.length === 0) return;
  await writeLog(tx, {
    type: 'company',
    id: companyId,
    action: 'update',
    description: `Module ${m.tag} verwijderd`,
    changes: { module: m.tag, removed: true },
    companyId,
  });
}
