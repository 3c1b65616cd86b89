import { MAIN_COMPANY_ID } from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { conflict, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { M, requireLiveCompany } from './field-transfer-common';
import { loadFields } from './verticals';

/**
 * Spec 000 addverticaltocompany: a copy of a live form of the main company's library, with its
 * fields, becomes a form of the company. 422 when the form is not in the library, 409 when the
 * company already has a live form of that name and type.
 */
export async function addVerticalToCompany(tx: Tx, companyId: number, verticalId: number): Promise<number> {
  await requireLiveCompany(tx, companyId, { lock: true });
  const [source] = await tx
    .select()
    .from(vertical)
    .where(
      and(eq(vertical.id, verticalId), eq(vertical.companyId, MAIN_COMPANY_ID), eq(vertical.archived, false)),
    );
  if (!source) throw validationError(M.verticalNotInLibrary, { verticalId: [M.verticalNotInLibrary] });
  const [existing] = await tx
    .select({ id: vertical.id })
    .from(vertical)
    .where(
      and(
        eq(vertical.companyId, companyId),
        eq(vertical.name, source.name),
        eq(vertical.type, source.type),
        eq(vertical.archived, false),
      ),
    );
  if (existing) throw conflict(M.companyHasVertical);
  const [row] = await tx
    .insert(vertical)
    .values({
      companyId,
      name: source.name,
      type: source.type,
      description: source.description,
      isRecurring: source.isRecurring,
    })
    .returning({ id: vertical.id });
  const newId = row!.id;
  const fields = await loadFields(tx, [source.id]);
  if (fields.length > 0)
    await tx.insert(verticalDataField).values(
      fields.map(({ id: _id, createdAt: _c, updatedAt: _u, companyId: _co, verticalId: _v, ...f }) => ({
        ...f,
        companyId,
        verticalId: newId,
      })),
    );
  await writeLog(tx, {
    type: 'vertical',
    id: newId,
    action: 'create',
    description: `Formulier ${source.name} toegevoegd uit de bibliotheek`,
    companyId,
  });
  return newId;
}
