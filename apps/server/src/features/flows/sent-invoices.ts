import type { Tx } from '../../platform/db/database';

/**
 * Whether flows or relations have sent invoices, the rule that blocks deleting or cancelling them
 * (spec 001 section 5). The invoices feature registers the real check; until it exists no invoice
 * can have been sent, so the answer is no.
 */
export interface SentInvoiceCheck {
  flowsWithSentInvoices(tx: Tx, flowIds: readonly number[]): Promise<Set<number>>;
  relationsWithSentInvoices(tx: Tx, relationIds: readonly number[]): Promise<Set<number>>;
}

let check: SentInvoiceCheck = {
  flowsWithSentInvoices: async () => new Set(),
  relationsWithSentInvoices: async () => new Set(),
};

export function registerSentInvoiceCheck(next: SentInvoiceCheck): void {
  check = next;
}

export async function flowHasSentInvoices(tx: Tx, flowId: number): Promise<boolean> {
  return (await check.flowsWithSentInvoices(tx, [flowId])).has(flowId);
}

export async function relationHasSentInvoices(tx: Tx, relationId: number): Promise<boolean> {
  return (await check.relationsWithSentInvoices(tx, [relationId])).has(relationId);
}

export function relationsWithSentInvoices(tx: Tx, relationIds: readonly number[]): Promise<Set<number>> {
  return check.relationsWithSentInvoices(tx, relationIds);
}
