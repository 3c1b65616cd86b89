import {
  CALCULATION_MAX_ITEMS,
  type Calculation,
  type CalculationRow,
  DEFAULT_CALCULATION_COLUMNS,
  DEFAULT_CALCULATION_ROWS,
  INVOICE_TEXTS,
  type zCreateCalculation,
  type zUpdateCalculation,
  type zUpdateOrder,
  type zUpdateRowColumnArray,
} from '@im/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { calculation, calculationItem } from '../../platform/db/tables/calculations.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { num0 } from '../products';
import { itemCount, recalculate } from './calculation-dto';
import { insertCopies, itemRecords, newCalculationHash } from './copy-items';

export type CalculationRecord = typeof calculation.$inferSelect;

export const NO_TEMPLATE = 'Er is geen standaardcalculatie om naar terug te zetten.';
export const SENT_CALCULATION_DELETE = 'Een verstuurde calculatie kan niet worden verwijderd.';
export const tooManyItems = () => `Een calculatie heeft hoogstens ${CALCULATION_MAX_ITEMS} regels.`;

/**
 * The calculation, locked for this transaction: changes to one calculation run one after another.
 * The calculation of a sent invoice is frozen (decision 022): changing it is refused.
 */
export async function lockCalculation(
  tx: Tx,
  id: number,
  options: { forChange?: boolean } = {},
): Promise<CalculationRecord> {
  const [row] = await tx.select().from(calculation).where(eq(calculation.id, id)).for('update');
  if (!row) throw notFound();
  if (row.hasbeensent && options.forChange !== false) {
    const frozen = await tx.execute(
      sql`select 1 from sales_document where calculation_id = ${id} and kind = 'invoice' and date_send is not null and not is_template`,
    );
    if (frozen.rows.length > 0) throw conflict(INVOICE_TEXTS.sentLocked);
  }
  return row;
}

export async function checkItemLimit(tx: Tx, calculationId: number, adding: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(calculationItem)
    .where(eq(calculationItem.calculationId, calculationId));
  if (row!.n + adding > CALCULATION_MAX_ITEMS) throw validationError(tooManyItems());
}

async function log(
  tx: Tx,
  c: CalculationRecord,
  action: 'create' | 'update' | 'delete',
  description: string,
  changes?: Record<string, unknown>,
) {
  await writeLog(tx, { type: 'calculation', id: c.id, action, description, changes, flowId: c.flowId });
}

const label = (c: CalculationRecord) =>
  c.isTemplate ? `Standaardcalculatie ${c.name}` : `Calculatie ${c.id}`;

async function templateRecord(tx: Tx, id: number): Promise<CalculationRecord> {
  const [row] = await tx
    .select()
    .from(calculation)
    .where(and(eq(calculation.id, id), eq(calculation.isTemplate, true)));
  if (!row)
    throw validationError('Deze standaardcalculatie bestaat niet.', {
      template_id: ['Deze standaardcalculatie bestaat niet.'],
    });
  return row;
}

/** The standard calculation of the flow's request profile (settings.standard_calculation_id). */
async function profileTemplateId(tx: Tx, flowId: number | null): Promise<number | null> {
  if (flowId === null) return null;
  const [row] = await tx
    .select({ id: sql<number | null>`(${flowProfile.settings}->>'standard_calculation_id')::int` })
    .from(flow)
    .innerJoin(flowProfile, eq(flowProfile.id, flow.flowprofileId))
    .where(eq(flow.id, flowId));
  if (!row?.id) return null;
  const [exists] = await tx
    .select({ id: calculation.id })
    .from(calculation)
    .where(and(eq(calculation.id, row.id), eq(calculation.isTemplate, true)));
  return exists?.id ?? null;
}

/** Replaces the items, discount, columns and rows of `target` with the template's. */
async function applyTemplate(tx: Tx, target: number, template: CalculationRecord) {
  await tx.delete(calculationItem).where(eq(calculationItem.calculationId, target));
  await insertCopies(tx, await itemRecords(tx, template.id), target);
  await tx
    .update(calculation)
    .set({
      discount: template.discount,
      unitAmount: template.unitAmount,
      columns: template.columns,
      rows: template.rows,
      templateId: template.isTemplate ? template.id : null,
    })
    .where(eq(calculation.id, target));
}

export async function createCalculation(
  tx: Tx,
  input: z.infer<typeof zCreateCalculation>,
): Promise<Calculation> {
  const isTemplate = input.calculationtemplate ?? false;
  const flowId = isTemplate ? null : (input.flow_id ?? null);
  if (flowId !== null) {
    const [f] = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(and(eq(flow.id, flowId), isNull(flow.deletedAt)));
    if (!f) throw notFound();
  }
  const templateId =
    input.template_id === undefined ? await profileTemplateId(tx, flowId) : input.template_id;
  const template = templateId ? await templateRecord(tx, templateId) : null;
  const [row] = await tx
    .insert(calculation)
    .values({
      flowId,
      isTemplate,
      name: input.name ?? (isTemplate ? 'Standaardcalculatie' : ''),
      hash: newCalculationHash(),
      columns: [...DEFAULT_CALCULATION_COLUMNS],
      rows: [...DEFAULT_CALCULATION_ROWS],
    })
    .returning();
  if (template) await applyTemplate(tx, row!.id, template);
  await log(tx, row!, 'create', `${label(row!)} aangemaakt${template ? ` vanuit ${template.name}` : ''}`);
  return recalculate(tx, row!.id, { store: true });
}

/** Whether a partial update changes anything: an empty one answers the calculation as it is. */
const namesAColumn = (set: object) => Object.values(set).some((v) => v !== undefined);

export async function updateCalculation(tx: Tx, id: number, input: z.infer<typeof zUpdateCalculation>) {
  const c = await lockCalculation(tx, id);
  const set = {
    name: input.name,
    discount: input.discount,
    unitAmount: input.unit_amount,
    newNumber: input.new_number,
    originCumulatives: input.origin_cumulatives,
    originGrouping: input.origin_grouping,
    rebaseProductAmount: input.rebase_product_amount,
  };
  if (!namesAColumn(set)) return recalculate(tx, id);
  await tx.update(calculation).set(set).where(eq(calculation.id, id));
  await log(tx, c, 'update', `${label(c)} gewijzigd`, input);
  return recalculate(tx, id, { store: true });
}

export async function deleteCalculation(tx: Tx, id: number) {
  const c = await lockCalculation(tx, id);
  if (c.hasbeensent) throw conflict(SENT_CALCULATION_DELETE);
  await tx.delete(calculation).where(eq(calculation.id, id));
  await log(tx, c, 'delete', `${label(c)} verwijderd`);
}

export async function emptyCalculation(tx: Tx, id: number) {
  const c = await lockCalculation(tx, id);
  await tx.delete(calculationItem).where(eq(calculationItem.calculationId, id));
  await log(tx, c, 'update', `${label(c)} leeggemaakt`);
  return recalculate(tx, id, { store: true });
}

export async function updateOrder(tx: Tx, id: number, input: z.infer<typeof zUpdateOrder>) {
  const c = await lockCalculation(tx, id);
  const items = await itemRecords(tx, id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const parentOf = new Map(items.map((i) => [i.id, i.calculationitemId]));
  for (const entry of input.items) {
    if (!byId.has(entry.id)) throw notFound();
    if (entry.calculationitem_id !== undefined) {
      if (entry.calculationitem_id !== null && !byId.has(entry.calculationitem_id)) throw notFound();
      parentOf.set(entry.id, entry.calculationitem_id);
    }
  }
  // A line cannot end up under itself.
  for (const entry of input.items) {
    const seen = new Set<number>([entry.id]);
    for (let p = parentOf.get(entry.id) ?? null; p !== null; p = parentOf.get(p) ?? null) {
      if (seen.has(p)) throw validationError('Een regel kan niet onder zichzelf komen te staan.');
      seen.add(p);
    }
  }
  const values = input.items.map(
    (e) => sql`(${e.id}::int, ${e.order}::int, ${parentOf.get(e.id) ?? null}::int)`,
  );
  await tx.execute(sql`update calculation_item c set "order" = v.ord, calculationitem_id = v.parent
    from (values ${sql.join(values, sql`, `)}) as v(id, ord, parent) where c.id = v.id`);
  await log(tx, c, 'update', `Volgorde van ${label(c).toLowerCase()} gewijzigd`);
  return recalculate(tx, id, { store: true });
}

export async function updateRowColumnArray(tx: Tx, id: number, input: z.infer<typeof zUpdateRowColumnArray>) {
  const c = await lockCalculation(tx, id);
  const set = { columns: input.calculationitemColumns, rows: input.calculationitemRows };
  if (!namesAColumn(set)) return recalculate(tx, id);
  await tx.update(calculation).set(set).where(eq(calculation.id, id));
  await log(tx, c, 'update', `Kolommen van ${label(c).toLowerCase()} gewijzigd`);
  return recalculate(tx, id, { store: true });
}

export async function saveAsTemplate(tx: Tx, id: number, name: string) {
  const c = await lockCalculation(tx, id, { forChange: false });
  const [row] = await tx
    .insert(calculation)
    .values({
      isTemplate: true,
      name,
      hash: newCalculationHash(),
      discount: c.discount,
      unitAmount: c.unitAmount,
      columns: c.columns,
      rows: c.rows,
    })
    .returning();
  await insertCopies(tx, await itemRecords(tx, id), row!.id);
  await log(tx, row!, 'create', `Standaardcalculatie ${name} opgeslagen vanuit ${label(c).toLowerCase()}`);
  return recalculate(tx, row!.id, { store: true });
}

export async function resetToTemplate(tx: Tx, id: number, templateId: number | undefined) {
  const c = await lockCalculation(tx, id);
  const chosen = templateId ?? c.templateId ?? (await profileTemplateId(tx, c.flowId));
  if (!chosen) throw validationError(NO_TEMPLATE, { template_id: [NO_TEMPLATE] });
  if (chosen === id) throw validationError(NO_TEMPLATE, { template_id: [NO_TEMPLATE] });
  const template = await templateRecord(tx, chosen);
  await applyTemplate(tx, id, template);
  await log(tx, c, 'update', `${label(c)} teruggezet naar ${template.name}`);
  return recalculate(tx, id, { store: true });
}

type RowDocument = CalculationRow['document'];

function rowOf(c: CalculationRecord & { items: number; document: RowDocument }): CalculationRow {
  return {
    id: c.id,
    flow_id: c.flowId,
    calculationtemplate: c.isTemplate,
    name: c.name,
    items: c.items,
    amount_exc_vat: num0(c.amountExcVat),
    amount_inc_vat: num0(c.amountIncVat),
    hasbeensent: c.hasbeensent,
    updated_at: c.updatedAt.toISOString(),
    document: c.document,
  };
}

/** The document holding a flow's calculation (by the flow's documents), for the flow's list. */
const documentOf = sql<RowDocument>`(select json_build_object('id', d.id, 'kind', d.kind, 'number', d.number, 'title', d.title)
  from sales_document d where d.flow_id = "calculation"."flow_id" and d.calculation_id = "calculation"."id" limit 1)`;

/** A flow's calculations (newest first) or the standard calculations (by name). */
export async function listCalculations(tx: Tx, q: { flow_id?: number; templates?: boolean }) {
  const rows = await tx
    .select({ c: calculation, items: itemCount, document: documentOf })
    .from(calculation)
    .where(
      q.templates || q.flow_id === undefined
        ? eq(calculation.isTemplate, true)
        : and(eq(calculation.flowId, q.flow_id), eq(calculation.isTemplate, false)),
    )
    .orderBy(
      ...(q.templates || q.flow_id === undefined
        ? [asc(calculation.name), asc(calculation.id)]
        : [desc(calculation.id)]),
    )
    .limit(500);
  return rows.map((r) => rowOf({ ...r.c, items: r.items, document: r.document ?? null }));
}

/**
 * A new calculation for a flow (or, with no flow, a document template's own) holding a copy of the
 * source's lines, discount, columns and rows. Answers its id.
 */
export async function copyCalculation(
  tx: Tx,
  sourceId: number | null,
  flowId: number | null,
  name = '',
): Promise<number> {
  const [row] = await tx
    .insert(calculation)
    .values({
      flowId,
      name,
      hash: newCalculationHash(),
      columns: [...DEFAULT_CALCULATION_COLUMNS],
      rows: [...DEFAULT_CALCULATION_ROWS],
    })
    .returning();
  if (sourceId !== null) {
    const [source] = await tx.select().from(calculation).where(eq(calculation.id, sourceId));
    if (source) await applyTemplate(tx, row!.id, source);
  }
  await recalculate(tx, row!.id, { store: true });
  return row!.id;
}

/** Replaces a calculation's lines and settings with another's (a document reset to its template). */
export async function replaceCalculationLines(tx: Tx, targetId: number, sourceId: number): Promise<void> {
  await lockCalculation(tx, targetId);
  const [source] = await tx.select().from(calculation).where(eq(calculation.id, sourceId));
  if (!source) return;
  await applyTemplate(tx, targetId, source);
  await recalculate(tx, targetId, { store: true });
}

/** A sent document's calculation cannot be deleted any more. */
export async function markCalculationSent(tx: Tx, id: number): Promise<void> {
  await tx.update(calculation).set({ hasbeensent: true }).where(eq(calculation.id, id));
}
