// What higher features add to a flow's changes, registered once per process in features/wiring.ts
// (decision 047). Both run inside the change's transaction: a failure rolls the change back.
import type { Tx } from '../../platform/db/database';

/** Answers which of the flows or relations have sent invoices (the invoices feature, decision 009). */
export interface SentInvoiceCheck {
  flowsWithSentInvoices(tx: Tx, flowIds: readonly number[]): Promise<Set<number>>;
  relationsWithSentInvoices(tx: Tx, relationIds: readonly number[]): Promise<Set<number>>;
}

/** A flow's sales user (handler) changed and the caller asked to move the intake tasks with it. */
export type SalesUserChange = (
  tx: Tx,
  flowId: number,
  from: number | null,
  to: number | null,
) => Promise<unknown>;

let sentInvoiceCheck: SentInvoiceCheck | null = null;
let salesUserChange: SalesUserChange | null = null;

export function registerSentInvoiceCheck(check: SentInvoiceCheck): void {
  sentInvoiceCheck = check;
}

export function registerSalesUserChange(hook: SalesUserChange): void {
  salesUserChange = hook;
}

/** Fails closed: without the invoices' answer no flow or relation may be deleted or cancelled. */
function check(): SentInvoiceCheck {
  if (!sentInvoiceCheck) throw new Error('The sent-invoice rule is not wired (features/wiring.ts).');
  return sentInvoiceCheck;
}

export function flowsWithSentInvoices(tx: Tx, flowIds: readonly number[]): Promise<Set<number>> {
  return check().flowsWithSentInvoices(tx, flowIds);
}

export function relationsWithSentInvoices(tx: Tx, relationIds: readonly number[]): Promise<Set<number>> {
  return check().relationsWithSentInvoices(tx, relationIds);
}

export async function flowHasSentInvoices(tx: Tx, flowId: number): Promise<boolean> {
  return (await flowsWithSentInvoices(tx, [flowId])).has(flowId);
}

export async function relationHasSentInvoices(tx: Tx, relationId: number): Promise<boolean> {
  return (await relationsWithSentInvoices(tx, [relationId])).has(relationId);
}

export async function moveIntakeTasksWith(
  tx: Tx,
  flowId: number,
  from: number | null,
  to: number | null,
): Promise<void> {
  if (!salesUserChange) throw new Error('The intake tasks are not wired (features/wiring.ts).');
  await salesUserChange(tx, flowId, from, to);
}
