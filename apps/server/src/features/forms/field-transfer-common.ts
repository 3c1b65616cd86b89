// The platform administrator's form transfer (spec 000 "Company admin", spec 002 "export/import of
// vertical data fields"; decision 023): a company's forms and data fields as a spreadsheet (export;
// import with a preview, written by a batch job), and forms of the main company's library added to or
// removed from a company. Everything here runs in platform scope and names its company explicitly.
import { FIELD_TRANSFER_MESSAGES } from '@im/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { vertical, type verticalDataField } from '../../platform/db/tables/forms.schema';
import { notFound } from '../../platform/errors';
import { loadFields } from './verticals';

export type VerticalRow = typeof vertical.$inferSelect;
export type FieldRow = typeof verticalDataField.$inferSelect;

export const M = FIELD_TRANSFER_MESSAGES;

/** 404 unless the company exists and is not in the trash; locks it against a concurrent add. */
export async function requireLiveCompany(
  tx: Tx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<void> {
  const query = tx
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.id, id), isNull(company.deletedAt)));
  const [found] = options.lock ? await query.for('update') : await query;
  if (!found) throw notFound();
}

/** The company's live forms with their fields, by form (name, type) and field order. */
export async function liveFormsWithFields(tx: Tx, companyId: number) {
  const forms = await tx
    .select()
    .from(vertical)
    .where(and(eq(vertical.companyId, companyId), eq(vertical.archived, false)))
    .orderBy(asc(vertical.name), asc(vertical.type), asc(vertical.id));
  const fields = await loadFields(
    tx,
    forms.map((f) => f.id),
  );
  const byForm = new Map<number, FieldRow[]>(forms.map((f) => [f.id, []]));
  for (const f of fields) byForm.get(f.verticalId)?.push(f);
  return forms.map((form) => ({ form, fields: byForm.get(form.id)! }));
}
