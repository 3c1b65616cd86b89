import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculation } from '../../platform/db/tables/calculations.schema';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flow, lead } from '../../platform/db/tables/flows.schema';
import { AppError, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { logItem } from '../logitems';
import { FLOW_NOT_FOUND, type FlowRecord, lockFlow } from './flow-access';

export const MERGE_SAME_FLOW = 'Kies een ander dossier om mee samen te voegen.';

/** Another feature's rows of a flow (notes, messages, documents, ...) that move to the target on a merge. */
export type FlowMergeStep = (tx: Tx, sourceId: number, targetId: number) => Promise<void>;
const mergeSteps: FlowMergeStep[] = [];

/** Registered once per process from features/wiring.ts; registering the same step again changes nothing. */
export function registerFlowMergeStep(step: FlowMergeStep): void {
  if (!mergeSteps.includes(step)) mergeSteps.push(step);
}

/** Locks both live flows in id order, so two opposite merges cannot deadlock. */
async function lockPair(tx: Tx, sourceId: number, targetId: number): Promise<[FlowRecord, FlowRecord]> {
  const locked = new Map<number, FlowRecord>();
  for (const id of [sourceId, targetId].sort((a, b) => a - b)) {
    try {
      locked.set(id, await lockFlow(tx, id));
    } catch (err) {
      if (id === targetId && err instanceof AppError)
        throw validationError(FLOW_NOT_FOUND, { targetflow_id: [FLOW_NOT_FOUND] });
      throw err;
    }
  }
  return [locked.get(sourceId)!, locked.get(targetId)!];
}

/**
 * Merges a live flow into another live flow of the company, in the caller's transaction: the source's
 * files, invoices, tags and log items move to the target (and missing lead dates are taken over), then the source
 * is marked merged and trashed, so every call by its id or hash answers 404 from then on.
 */
export async function mergeFlow(tx: Tx, sourceId: number, targetId: number): Promise<void> {
  if (sourceId === targetId) throw validationError(MERGE_SAME_FLOW, { targetflow_id: [MERGE_SAME_FLOW] });
  const [source, target] = await lockPair(tx, sourceId, targetId);
  await tx
    .update(storedFile)
    .set({ ownerId: targetId })
    .where(and(eq(storedFile.ownerType, 'flow'), eq(storedFile.ownerId, sourceId)));
  await tx
    .update(logItem)
    .set({ loggableId: targetId })
    .where(and(eq(logItem.loggableType, 'flow'), eq(logItem.loggableId, sourceId)));
  // Documents (invoices among them) and their calculations go along, so the target carries the
  // source's sent invoices (and their delete rule).
  await tx.update(salesDocument).set({ flowId: targetId }).where(eq(salesDocument.flowId, sourceId));
  await tx.update(calculation).set({ flowId: targetId }).where(eq(calculation.flowId, sourceId));
  await tx.execute(sql`
    update lead t set
      date_lead = coalesce(t.date_lead, s.date_lead), date_intake = coalesce(t.date_intake, s.date_intake),
      date_quotation = coalesce(t.date_quotation, s.date_quotation),
      date_confirmation = coalesce(t.date_confirmation, s.date_confirmation),
      date_project = coalesce(t.date_project, s.date_project),
      date_project_start = coalesce(t.date_project_start, s.date_project_start),
      date_invoice = coalesce(t.date_invoice, s.date_invoice), date_aftercare = coalesce(t.date_aftercare, s.date_aftercare),
      date_archived = coalesce(t.date_archived, s.date_archived), updated_at = now()
    from ${lead} s where t.flow_id = ${targetId} and s.flow_id = ${sourceId}`);
  for (const step of mergeSteps) await step(tx, sourceId, targetId);

  const tags = [...new Set([...target.tags, ...source.tags])];
  const now = new Date();
  await tx.update(flow).set({ tags, updatedAt: now }).where(eq(flow.id, targetId));
  await tx
    .update(flow)
    .set({ mergedIntoFlowId: targetId, deletedAt: now, updatedAt: now })
    .where(eq(flow.id, sourceId));
  await writeLog(tx, {
    type: 'flow',
    id: targetId,
    action: 'merge',
    description: `Dossier ${source.number} samengevoegd met dossier ${target.number}`,
    changes: { merged_flow_id: sourceId, merged_flow_number: source.number },
  });
}
