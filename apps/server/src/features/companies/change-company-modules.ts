import { MAIN_COMPANY_ID, PROTECTED_MESSAGE } from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companyModule } from '../../platform/db/tables/companies.schema';
import { AppError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { findModuleOrFail } from '../modules';

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
