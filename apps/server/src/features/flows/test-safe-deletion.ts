import {
  FLOW_CANCEL_BLOCKED,
  FLOW_DELETE_BLOCKED,
  RELATION_DELETE_BLOCKED,
  type SafeDeletionResult,
} from '@im/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow } from '../../platform/db/tables/flows.schema';
import { notFound } from '../../platform/errors';
import { FLOW_NOT_FOUND, findFlow } from './flow-access';
import { flowHasSentInvoices, relationHasSentInvoices } from './flow-hooks';

/**
 * Whether a flow may be deleted (or, `for=cancel`, cancelled: the pipeline asks before a drop on
 * cancelled). `flow_failure`: the flow has sent invoices, with the spec's message for the action.
 * `relation_failure`: the flow may go, but it is its relation's last live flow and the relation has
 * sent invoices, so the relation cannot go with it (the message says so).
 */
export async function testSafeDeletion(
  tx: Tx,
  id: number,
  action: 'delete' | 'cancel',
): Promise<SafeDeletionResult> {
  const row = await findFlow(tx, id);
  if (!row) throw notFound(FLOW_NOT_FOUND);
  if (await flowHasSentInvoices(tx, id))
    return {
      result: 'flow_failure',
      message: action === 'cancel' ? FLOW_CANCEL_BLOCKED : FLOW_DELETE_BLOCKED,
    };
  if (action === 'delete') {
    const [other] = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(and(eq(flow.relationId, row.relationId), ne(flow.id, id), isNull(flow.deletedAt)))
      .limit(1);
    if (!other && (await relationHasSentInvoices(tx, row.relationId)))
      return { result: 'relation_failure', message: RELATION_DELETE_BLOCKED };
  }
  return { result: 'success' };
}
