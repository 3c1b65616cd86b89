import {
  type ChangeStatusRequest,
  FLOW_CANCEL_BLOCKED,
  FLOW_STATUS_LABELS,
  type FlowStatus,
  stageOf,
} from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow, lead } from '../../platform/db/tables/flows.schema';
import { conflict, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { firstPhaseOf, leadDateFor } from './create-flow';
import { lockFlow } from './flow-access';
import { flowHasSentInvoices } from './flow-hooks';
import { checkPhase, PHASE_NOT_OF_STAGE } from './save-flow';

/**
 * Moves a live flow to a status (spec 001 section 4). A new status starts its stage now
 * (`flowstage_start_at`), sets the stage's lead date the first time it is reached, and takes the given
 * phase or the stage's first one. Cancelling is refused while the flow has sent invoices.
 */
export async function changeFlowStatus(tx: Tx, id: number, input: ChangeStatusRequest): Promise<void> {
  const before = await lockFlow(tx, id);
  const status = input.flow_status;
  const from = before.flowStatus as FlowStatus;
  if (status === 'cancelled' && from !== 'cancelled' && (await flowHasSentInvoices(tx, id)))
    throw conflict(FLOW_CANCEL_BLOCKED);
  let phaseId: number | null | undefined = input.flow_phase_id;
  if (phaseId) await checkPhase(tx, phaseId, status);
  else if (phaseId === null && stageOf(status))
    throw validationError(PHASE_NOT_OF_STAGE, { flow_phase_id: [PHASE_NOT_OF_STAGE] });
  const moved = status !== from;
  if (phaseId === undefined || phaseId === null)
    phaseId = moved || !before.flowPhaseId ? await firstPhaseOf(tx, status) : before.flowPhaseId;
  const now = new Date();
  const set: Partial<typeof flow.$inferInsert> = { flowStatus: status, flowPhaseId: phaseId, updatedAt: now };
  if (moved) set.flowstageStartAt = now;
  if (status === 'cancelled') {
    if (input.cancel_reason !== undefined) set.cancelReason = input.cancel_reason || null;
  } else if (before.cancelReason !== null) set.cancelReason = null;
  await tx.update(flow).set(set).where(eq(flow.id, id));
  if (moved) {
    const [column] = Object.keys(leadDateFor(status, now)) as (keyof typeof lead.$inferInsert)[];
    if (column) {
      const col = lead[column as 'dateIntake'];
      // Only the first time the stage is reached.
      await tx
        .update(lead)
        .set({ [column]: sql`coalesce(${col}, ${now})`, updatedAt: now })
        .where(eq(lead.flowId, id));
    }
  }
  if (!moved && phaseId === before.flowPhaseId && set.cancelReason === undefined) return;
  await writeLog(tx, {
    type: 'flow',
    id,
    action: 'status',
    description: moved
      ? `Status van dossier ${before.number} gewijzigd van ${FLOW_STATUS_LABELS[from] ?? from} naar ${FLOW_STATUS_LABELS[status]}`
      : `Fase van dossier ${before.number} gewijzigd`,
    changes: {
      ...(moved ? { flow_status: [from, status] } : {}),
      ...(phaseId !== before.flowPhaseId ? { flow_phase_id: [before.flowPhaseId, phaseId] } : {}),
      ...(set.cancelReason !== undefined ? { cancel_reason: [before.cancelReason, set.cancelReason] } : {}),
    },
  });
}
