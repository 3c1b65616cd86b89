import type { DocumentStatus } from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../documents/documents.schema';
import { followFlow } from '../documents/follow-flow';
import { invoice } from './invoices.schema';

type DocumentRow = typeof salesDocument.$inferSelect;

/**
 * After an invoice's status changed (by staff or by the payment provider): the payment date follows
 * 'paid', and the flow moves to 'Betaald' once all its sent invoices are paid (credit invoices and
 * their originals aside), else to 'Deel betaling gedaan'.
 */
export async function invoiceStatusChanged(
  tx: Tx,
  doc: DocumentRow,
  from: DocumentStatus,
  to: DocumentStatus,
): Promise<void> {
  if (to === 'paid') await tx.update(invoice).set({ datePaid: new Date() }).where(eq(invoice.id, doc.id));
  else if (from === 'paid') await tx.update(invoice).set({ datePaid: null }).where(eq(invoice.id, doc.id));
  if (to !== 'paid' || doc.flowId === null) return;
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(salesDocument)
    .innerJoin(invoice, eq(invoice.id, salesDocument.id))
    .where(
      and(
        eq(salesDocument.flowId, doc.flowId),
        eq(salesDocument.kind, 'invoice'),
        isNull(salesDocument.deletedAt),
        eq(salesDocument.status, 'sent'),
        eq(invoice.invoiceType, 'normal'),
        sql`not exists (select 1 from invoice c where c.credited_invoice_id = ${invoice.id})`,
      ),
    );
  await followFlow(tx, doc, (open?.n ?? 0) === 0 ? 'paid' : 'partlypaid');
}
