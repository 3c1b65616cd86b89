import { isModuleTag, type ModuleTag } from '@im/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companyModule, module } from '../../platform/db/tables/companies.schema';

export async function listCompanyModules(tx: Tx, companyId: number) {
  return tx
    .select({
      id: module.id,
      tag: module.tag,
      description: module.description,
      purchased: companyModule.purchased,
    })
    .from(companyModule)
    .innerJoin(module, eq(module.id, companyModule.moduleId))
    .where(eq(companyModule.companyId, companyId))
    .orderBy(module.id);
}

export async function companyModuleTags(tx: Tx, companyId: number): Promise<ModuleTag[]> {
  const rows = await listCompanyModules(tx, companyId);
  return rows.map((r) => r.tag).filter(isModuleTag);
}

/** Gives a company these modules (those it already has are left alone). */
export async function addCompanyModules(
  tx: Tx,
  companyId: number,
  tags: readonly ModuleTag[],
  purchased = true,
): Promise<void> {
  if (tags.length === 0) return;
  const modules = await tx
    .select({ id: module.id })
    .from(module)
    .where(inArray(module.tag, [...tags]));
  await tx
    .insert(companyModule)
    .values(modules.map((m) => ({ companyId, moduleId: m.id, purchased })))
    .onConflictDoNothing();
}

export async function hasModule(tx: Tx, companyId: number, tag: ModuleTag): Promise<boolean> {
  const r = await tx.execute(
    sql`select 1 from company_module cm join module m on m.id = cm.module_id where cm.company_id = ${companyId} and m.tag = ${tag}`,
  );
  return r.rows.length > 0;
}
