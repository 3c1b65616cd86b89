import { FLOW_STATUSES, type FlowStatus } from '@im/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { calculationItem } from '../../platform/db/tables/calculations.schema';
import { documentWidget } from '../../platform/db/tables/documents.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { flowDataItem } from '../../platform/db/tables/forms.schema';
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
    case 'combine': {
      const source = await sourceCalculation(tx, flowId, a.kind);
      if (source === null) return;
      const header = await createItem(tx, {
        calculation_id: a.calculationId,
        item_type: 'header',
        item_name: `Dossier ${current.number}${current.description ? ` – ${current.description}` : ''}`.slice(
          0,
          255,
        ),
      });
      await insertCopies(tx, await itemRecords(tx, source), a.calculationId, { rootParent: header.id });
      // Totals only through the domain's money engine.
      await recalculate(tx, a.calculationId, { store: true });
      await writeLog(tx, {
        type: 'flow',
        id: flowId,
        action: 'update',
        description: `Regels van dossier ${current.number} opgenomen in ${a.kind === 'invoice' ? 'factuur' : 'offerte'} ${a.mainDocumentId} van het hoofddossier`,
      });
      return;
    }
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

/** An empty calculation for the combined document: the flows' lines are added one flow at a time. */
export async function emptyCalculationLines(tx: Tx, calculationId: number): Promise<void> {
  await tx.delete(calculationItem).where(eq(calculationItem.calculationId, calculationId));
  await recalculate(tx, calculationId, { store: true });
}
