import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { vertical } from '../../platform/db/tables/forms.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { M, requireLiveCompany } from './field-transfer-common';

/** Spec 000 removeverticalfromcompany: archives the company's form (404 when it is not the company's). */
export async function removeVerticalFromCompany(
  tx: Tx,
  companyId: number,
  verticalId: number,
): Promise<void> {
  await requireLiveCompany(tx, companyId);
  const [v] = await tx
    .select()
    .from(vertical)
    .where(and(eq(vertical.id, verticalId), eq(vertical.companyId, companyId)));
  if (!v) throw notFound(M.verticalNotInLibrary);
  if (v.archived) return;
  await tx.update(vertical).set({ archived: true, updatedAt: new Date() }).where(eq(vertical.id, v.id));
  await writeLog(tx, {
    type: 'vertical',
    id: v.id,
    action: 'delete',
    description: `Formulier ${v.name} gearchiveerd`,
    companyId,
  });
}
