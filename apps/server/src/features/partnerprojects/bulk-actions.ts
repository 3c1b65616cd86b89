import {
  combineGrouping,
  combineHeader,
  Decimal,
  FLOW_STATUSES,
  type FlowStatus,
  flowInvoiceRefusal,
  partialFraction,
} from '@im/domain';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { calculationItem } from '../../platform/db/tables/calculations.schema';
import { documentWidget } from '../../platform/db/tables/documents.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { flowDataItem } from '../../platform/db/tables/forms.schema';
import { partnerProjectDocumentFlow } from '../../platform/db/tables/partnerprojects.schema';
import { writeLog } from '../../platform/events/write-log';
import {
  copyCalculation,
  createItem,
  dossierCalculationFor,
  insertCopies,
  itemRecords,
  recalculate,
  replaceCalculationLines,
} from '../calculations';
import { copyWidgets, createDocument, findDocument } from '../documents';
import { changeFlowStatus, lockFlow } from '../flows';
import { flowInvoiceFacts } from './project-invoicing';

type ItemRecord = typeof calculationItem.$inferSelect;

const zDocRef = z.object({
  type: z.enum(['quotation', 'confirmation', 'invoice', 'document']),
  id: z.number().int(),
});

/** What one bulk action does to each flow; the payload of the batch (decision 062). */
export const zBulkAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('startprojectphase') }),
  z.object({
    action: z.literal('editstatusses'),
    newFlowStatus: z.enum(FLOW_STATUSES).nullable(),
    newFlowPhaseId: z.number().int().nullable(),
  }),
  z.object({
    action: z.literal('copydocuments'),
    copyFromFlowId: z.number().int(),
    selectedDocuments: z.array(zDocRef),
    newStatus: z.enum(FLOW_STATUSES).nullable(),
  }),
  z.object({
    action: z.literal('copyflowdataitems'),
    copyFromFlowId: z.number().int(),
    selectedFlowDataItemIds: z.array(z.number().int()),
  }),
  z.object({
    action: z.literal('combine'),
    kind: z.enum(['quotation', 'invoice']),
    mainDocumentId: z.number().int(),
    calculationId: z.number().int(),
    /** The project's methods as they were when the batch started (decision 066). */
    projectId: z.number().int().nullable().default(null),
    calcMethod: z.string().nullable().default(null),
    invoiceMethod: z.string().nullable().default(null),
    /** partial_fixed: euros excl. VAT per flow; partial_percentage: the percentage of each flow's lines. */
    partialAmount: z.number().nullable().default(null),
  }),
  z.object({ action: z.literal('standardaction') }),
  z.object({
    action: z.literal('copyfrommodels'),
    modelFlows: z.array(z.object({ id: z.number().int(), type: z.string(), amount: z.number().int() })),
  }),
  z.object({
    action: z.literal('updatetags'),
    addableTags: z.array(z.string()),
    removableTags: z.array(z.string()),
  }),
]);
export type BulkAction = z.infer<typeof zBulkAction>;

export const BULK_ACTION_LABELS: Record<BulkAction['action'], string> = {
  startprojectphase: 'Projectfase starten',
  editstatusses: 'Statussen wijzigen',
  copydocuments: 'Documenten kopiëren',
  copyflowdataitems: 'Formulieren kopiëren',
  combine: 'Dossiers combineren',
  standardaction: 'Standaardactie',
  copyfrommodels: 'Kopiëren van typemodellen',
  updatetags: 'Labels bijwerken',
};

/** The status after `status` in the flow's order (spec 001 section 4); completed and cancelled stay. */
function nextStatus(status: FlowStatus): FlowStatus | null {
  if (status === 'completed' || status === 'cancelled') return null;
  const from = status === 'unread' ? 'new' : status;
  return FLOW_STATUSES[FLOW_STATUSES.indexOf(from) + 1] ?? null;
}

/** The calculation whose lines a flow contributes to a combined document. */
async function sourceCalculation(
  tx: Tx,
  flowId: number,
  kind: 'quotation' | 'invoice',
): Promise<number | null> {
  const kinds = kind === 'invoice' ? ['confirmation', 'quotation'] : ['quotation'];
  const rows = await tx.execute<{ calculation_id: number }>(sql`
    select d.calculation_id from sales_document d
    where d.flow_id = ${flowId} and d.deleted_at is null and not d.is_template and d.calculation_id is not null
      and d.kind in ${kinds} and d.status not in ('cancelled', 'rejected', 'declined')
    order by array_position(${`{${kinds.join(',')}}`}::text[], d.kind::text), d.id desc limit 1`);
  return rows.rows[0]?.calculation_id ?? (await dossierCalculationFor(tx, flowId, undefined));
}

/**
 * Applies the action to one flow inside the caller's transaction (the batch's step for that flow); throws
 * when the flow cannot take it, and the step's savepoint then undoes all of it.
 */
export async function applyToFlow(tx: Tx, flowId: number, a: BulkAction): Promise<void> {
  const current = await lockFlow(tx, flowId);
  switch (a.action) {
    case 'startprojectphase':
      // Only flows before the project stage start it; those already in it or past it stay where they are.
      if (FLOW_STATUSES.indexOf(current.flowStatus as FlowStatus) < FLOW_STATUSES.indexOf('project'))
        await changeFlowStatus(tx, flowId, { flow_status: 'project' });
      return;
    case 'editstatusses':
      await changeFlowStatus(tx, flowId, {
        flow_status: a.newFlowStatus ?? (current.flowStatus as FlowStatus),
        ...(a.newFlowPhaseId ? { flow_phase_id: a.newFlowPhaseId } : {}),
      });
      return;
    case 'standardaction': {
      const next = nextStatus(current.flowStatus as FlowStatus);
      if (next) await changeFlowStatus(tx, flowId, { flow_status: next });
      return;
    }
    case 'copydocuments': {
      for (const ref of a.selectedDocuments) {
        const source = await findDocument(tx, ref.type, ref.id);
        const created = await createDocument(tx, ref.type, {
          flow_id: flowId,
          calculation_id: null,
          title: source.title,
          ...(source.documentTypeId ? { document_type_id: source.documentTypeId } : {}),
        });
        await tx.delete(documentWidget).where(eq(documentWidget.documentId, created.id));
        await copyWidgets(tx, source.id, created.id);
        if (source.calculationId && created.calculation_id)
          await replaceCalculationLines(tx, created.calculation_id, source.calculationId);
      }
      if (a.newStatus && a.newStatus !== current.flowStatus)
        await changeFlowStatus(tx, flowId, { flow_status: a.newStatus });
      return;
    }
    case 'copyflowdataitems': {
      const items = await tx
        .select()
        .from(flowDataItem)
        .where(
          and(inArray(flowDataItem.id, a.selectedFlowDataItemIds), eq(flowDataItem.flowId, a.copyFromFlowId)),
        );
      if (items.length === 0) return;
      await tx.insert(flowDataItem).values(
        items.map((i) => ({
          flowId,
          verticalId: i.verticalId,
          itemType: i.itemType,
          status: 'open',
          values: i.values,
          locations: i.locations,
        })),
      );
      await writeLog(tx, {
        type: 'flow',
        id: flowId,
        action: 'update',
        description: `${items.length} formulier(en) gekopieerd van dossier ${a.copyFromFlowId}`,
      });
      return;
    }
    case 'combine':
      await combineFlow(tx, current, a);
      return;
    case 'copyfrommodels': {
      // The model of the flow's type; a flow without a type takes the only model when there is one.
      const model =
        a.modelFlows.find((m) => m.type === current.type) ??
        (current.type === '' && a.modelFlows.length === 1 ? a.modelFlows[0] : undefined);
      if (!model || model.id === flowId) return;
      const calc = await dossierCalculationFor(tx, model.id, undefined);
      if (calc !== null) await copyCalculation(tx, calc, flowId, `Typemodel ${model.type}`.trim());
      const items = await tx
        .select()
        .from(flowDataItem)
        .where(eq(flowDataItem.flowId, model.id))
        .orderBy(desc(flowDataItem.id))
        .limit(100);
      if (items.length > 0)
        await tx.insert(flowDataItem).values(
          items.map((i) => ({
            flowId,
            verticalId: i.verticalId,
            itemType: i.itemType,
            status: 'open',
            values: i.values,
            locations: i.locations,
          })),
        );
      await writeLog(tx, {
        type: 'flow',
        id: flowId,
        action: 'update',
        description: `Gekopieerd van typemodel ${model.type || model.id}`,
      });
      return;
    }
    case 'updatetags': {
      const remove = new Set(a.removableTags);
      const tags = [...new Set([...current.tags.filter((t) => !remove.has(t)), ...a.addableTags])];
      if (tags.length === current.tags.length && tags.every((t, i) => t === current.tags[i])) return;
      await tx.update(flow).set({ tags, updatedAt: new Date() }).where(eq(flow.id, flowId));
      await writeLog(tx, {
        type: 'flow',
        id: flowId,
        action: 'update',
        description: `Labels van dossier ${current.number} bijgewerkt`,
        changes: { tags: [current.tags, tags] },
      });
      return;
    }
  }
}

type CombineAction = Extract<BulkAction, { action: 'combine' }>;

/** The header `label` at the root of the combined calculation, made when it is not there yet. */
async function headerFor(tx: Tx, calculationId: number, label: string): Promise<number> {
  const [found] = await tx
    .select({ id: calculationItem.id })
    .from(calculationItem)
    .where(
      and(
        eq(calculationItem.calculationId, calculationId),
        isNull(calculationItem.calculationitemId),
        eq(calculationItem.itemType, 'header'),
        eq(calculationItem.itemName, label),
      ),
    )
    .limit(1);
  if (found) return found.id;
  return (await createItem(tx, { calculation_id: calculationId, item_type: 'header', item_name: label })).id;
}

/** The form (vertical) name of each root line of a calculation: its own or a sub-line's selected form. */
async function verticalOfRoots(tx: Tx, items: ItemRecord[]): Promise<Map<number, string | null>> {
  const fdiIds = [
    ...new Set(items.map((i) => i.flowdataitemSelected).filter((v): v is number => v !== null)),
  ];
  const names = new Map<number, string>();
  if (fdiIds.length > 0) {
    const rows = await tx.execute<{ id: number; name: string }>(sql`
      select i.id, v.name from flow_data_item i join vertical v on v.id = i.vertical_id
      where i.id = any(${`{${fdiIds.join(',')}}`}::int[])`);
    for (const r of rows.rows) names.set(r.id, r.name);
  }
  const parent = new Map(items.map((i) => [i.id, i.calculationitemId]));
  const rootOf = (id: number): number => {
    let at = id;
    for (let p = parent.get(at); p !== null && p !== undefined && parent.has(p); p = parent.get(at)) at = p;
    return at;
  };
  const out = new Map<number, string | null>();
  for (const i of items) if (!out.has(rootOf(i.id))) out.set(rootOf(i.id), null);
  for (const i of items) {
    const name = i.flowdataitemSelected === null ? undefined : names.get(i.flowdataitemSelected);
    if (name && out.get(rootOf(i.id)) === null) out.set(rootOf(i.id), name);
  }
  return out;
}

/**
 * One flow's part of a combined quotation or invoice (decision 066): the invoice method decides whether the
 * flow is taken (a refusal throws, and the batch counts the flow as skipped with that reason) and how much
 * (partial terms); the calculation method decides the headers the copied lines go under. Totals are the
 * calculation engine's, never summed here.
 */
async function combineFlow(tx: Tx, current: Awaited<ReturnType<typeof lockFlow>>, a: CombineAction) {
  const invoiceMethod = a.kind === 'invoice' ? a.invoiceMethod : null;
  if (invoiceMethod && a.projectId !== null) {
    const refusal = flowInvoiceRefusal(
      invoiceMethod,
      await flowInvoiceFacts(tx, a.projectId, current.id, a.mainDocumentId),
    );
    if (refusal) throw new Error(refusal);
  }
  const grouping = combineGrouping(a.calcMethod);
  const flowFacts = { number: current.number, description: current.description, type: current.type };
  if (invoiceMethod === 'partial_fixed') {
    const label = combineHeader(
      grouping === 'none' ? 'none' : grouping === 'flow' ? 'flow' : 'type',
      flowFacts,
      null,
    );
    const line = {
      calculation_id: a.calculationId,
      item_type: 'manual' as const,
      item_name:
        `Termijn dossier ${current.number}${current.description ? ` – ${current.description}` : ''}`.slice(
          0,
          255,
        ),
      product_amount: '1',
      unit_rate_exc_manual: new Decimal(a.partialAmount ?? 0).toFixed(2),
      vat_percentage: 21 as const,
    };
    await createItem(
      tx,
      label === null ? line : { ...line, calculationitem_id: await headerFor(tx, a.calculationId, label) },
    );
  } else {
    const source = await sourceCalculation(tx, current.id, a.kind);
    if (source === null) return;
    const items = await itemRecords(tx, source);
    if (items.length === 0) return;
    const verticals =
      grouping === 'vertical' || grouping === 'type_vertical' ? await verticalOfRoots(tx, items) : null;
    const inside = new Set(items.map((i) => i.id));
    const roots = items.filter((i) => i.calculationitemId === null || !inside.has(i.calculationitemId));
    const groups = new Map<string | null, Set<number>>();
    for (const r of roots) {
      const label = combineHeader(grouping, flowFacts, verticals?.get(r.id) ?? null);
      if (!groups.has(label)) groups.set(label, new Set());
      groups.get(label)!.add(r.id);
    }
    const parent = new Map(items.map((i) => [i.id, i.calculationitemId]));
    const rootOf = (id: number): number => {
      let at = id;
      for (let p = parent.get(at); p !== null && p !== undefined && inside.has(p); p = parent.get(at)) at = p;
      return at;
    };
    const [{ next }] = (
      await tx.execute<{ next: number }>(sql`select coalesce(max("order"), -1)::int + 1 as next
        from calculation_item where calculation_id = ${a.calculationId} and calculationitem_id is null`)
    ).rows as [{ next: number }];
    let order = next;
    const copied: number[] = [];
    for (const [label, rootIds] of groups) {
      const rows = items.filter((i) => rootIds.has(rootOf(i.id)));
      const ids =
        label === null
          ? await insertCopies(tx, rows, a.calculationId, { rootOrder: () => order++ })
          : await insertCopies(tx, rows, a.calculationId, {
              rootParent: await headerFor(tx, a.calculationId, label),
            });
      copied.push(...ids.values());
    }
    if (invoiceMethod === 'partial_percentage')
      await scaleLines(tx, copied, partialFraction(a.partialAmount ?? 100));
  }
  if (a.projectId !== null)
    await tx
      .insert(partnerProjectDocumentFlow)
      .values({
        partnerProjectId: a.projectId,
        documentId: a.mainDocumentId,
        flowId: current.id,
        kind: a.kind,
      })
      .onConflictDoNothing();
  // Totals only through the domain's money engine.
  await recalculate(tx, a.calculationId, { store: true });
  await writeLog(tx, {
    type: 'flow',
    id: current.id,
    action: 'update',
    description: `Regels van dossier ${current.number} opgenomen in ${a.kind === 'invoice' ? 'factuur' : 'offerte'} ${a.mainDocumentId} van het hoofddossier`,
  });
}

/** A partial term: each copied line's quantity times the fraction (the engine prices the rest). */
async function scaleLines(tx: Tx, ids: number[], fraction: Decimal): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: calculationItem.id, amount: calculationItem.productAmount })
    .from(calculationItem)
    .where(and(inArray(calculationItem.id, ids), ne(calculationItem.itemType, 'header')));
  if (rows.length === 0) return;
  const values = rows.map(
    (r) =>
      sql`(${r.id}::int, ${new Decimal(r.amount).times(fraction).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4)}::numeric)`,
  );
  await tx.execute(sql`update calculation_item c set product_amount = v.amount
    from (values ${sql.join(values, sql`, `)}) as v(id, amount) where c.id = v.id`);
}

/** An empty calculation for the combined document: the flows' lines are added one flow at a time. */
export async function emptyCalculationLines(tx: Tx, calculationId: number): Promise<void> {
  await tx.delete(calculationItem).where(eq(calculationItem.calculationId, calculationId));
  await recalculate(tx, calculationId, { store: true });
}
