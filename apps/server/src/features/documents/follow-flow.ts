import {
  type DocumentFlowEvent,
  type DocumentKind,
  type FlowStatus,
  flowTarget,
  invoiceClosesWork,
  invoiceRole,
} from '@im/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { changeFlowStatus } from '../flows';

/**
 * Moves the document's flow to the stage and sub-status the event stands for (decision 021). An
 * invoice's creation and sending move it only when the invoice closes the work (decision 030: not a
 * deposit, not a credit invoice); its payments are weighed by `invoiceStatusChanged`.
 */
export async function followFlow(
  tx: Tx,
  doc: { id: number; kind: string; flowId: number | null; isTemplate: boolean },
  event: DocumentFlowEvent,
): Promise<void> {
  if (doc.flowId === null || doc.isTemplate) return;
  if (doc.kind === 'invoice' && (event === 'created' || event === 'sent')) {
    const { rows } = await tx.execute<{ invoice_type: string; partialinvoicetype: string | null }>(
      sql`select invoice_type, partialinvoicetype from invoice where id = ${doc.id}`,
    );
    if (rows[0] && !invoiceClosesWork(invoiceRole(rows[0]))) return;
  }
  const [f] = await tx
    .select({ status: flow.flowStatus, phaseId: flow.flowPhaseId, deletedAt: flow.deletedAt })
    .from(flow)
    .where(eq(flow.id, doc.flowId));
  if (!f || f.deletedAt) return;
  const target = flowTarget(doc.kind as DocumentKind, event, f.status as FlowStatus);
  if (!target) return;
  const [phase] = target.phase
    ? await tx
        .select({ id: flowPhase.id })
        .from(flowPhase)
        .where(
          and(
            eq(flowPhase.flowstage, target.status),
            sql`lower(${flowPhase.description}) = lower(${target.phase})`,
          ),
        )
        .limit(1)
    : [];
  if (!target.moves && (!phase || phase.id === f.phaseId)) return;
  await changeFlowStatus(tx, doc.flowId, { flow_status: target.status, flow_phase_id: phase?.id });
}
