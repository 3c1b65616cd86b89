import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { writeLog } from '../../platform/events/write-log';
import { type FieldImportRow, groupByForm } from './field-import-rows';
import { planForm } from './plan-field-import';
import { loadFields } from './verticals';

export interface FieldImportCounts {
  formsCreated: number;
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes checked rows into the company's forms: a form is found by name and type among the live
 * ones (else made), its fields by name (else added). Run in chunks by the import batch; each chunk
 * reads the forms as the chunks before it left them.
 */
export async function writeFieldRows(
  tx: Tx,
  companyId: number,
  rows: FieldImportRow[],
): Promise<FieldImportCounts> {
  const counts: FieldImportCounts = { formsCreated: 0, created: 0, updated: 0, unchanged: 0 };
  for (const group of groupByForm(rows).values()) {
    const { form: name, type } = group[0]!;
    const [found] = await tx
      .select()
      .from(vertical)
      .where(
        and(
          eq(vertical.companyId, companyId),
          eq(vertical.name, name),
          eq(vertical.type, type),
          eq(vertical.archived, false),
        ),
      )
      .orderBy(asc(vertical.id))
      .limit(1)
      .for('update');
    let formId = found?.id;
    if (formId === undefined) {
      const [created] = await tx
        .insert(vertical)
        .values({ companyId, name, type })
        .returning({ id: vertical.id });
      formId = created!.id;
      counts.formsCreated++;
      await writeLog(tx, {
        type: 'vertical',
        id: formId,
        action: 'create',
        description: `Formulier ${name} aangemaakt uit een bestand`,
        companyId,
      });
    }
    const plan = planForm(formId === found?.id ? await loadFields(tx, [formId]) : [], group);
    counts.created += plan.created;
    counts.updated += plan.updated;
    counts.unchanged += plan.unchanged;
    if (plan.inserts.length === 0 && plan.updates.length === 0) continue;
    const now = new Date();
    for (const u of plan.updates)
      await tx
        .update(verticalDataField)
        .set({ ...u.values, order: u.order, updatedAt: now })
        .where(and(eq(verticalDataField.id, u.id), eq(verticalDataField.companyId, companyId)));
    if (plan.inserts.length > 0)
      await tx
        .insert(verticalDataField)
        .values(plan.inserts.map((i) => ({ ...i.values, order: i.order, companyId, verticalId: formId })));
    await tx.update(vertical).set({ updatedAt: now }).where(eq(vertical.id, formId));
    await writeLog(tx, {
      type: 'vertical',
      id: formId,
      action: 'import',
      description: `Formulier ${name}: ${plan.created} velden toegevoegd en ${plan.updated} bijgewerkt uit een bestand`,
      changes: { rows: group.map((r) => r.row) },
      companyId,
    });
  }
  return counts;
}
