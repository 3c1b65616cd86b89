import { type DocumentStatus, flowPaymentEvent } from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { followFlow } from '../documents';

type DocumentRow = typeof salesDocument.$inferSelect;

/**
 * After an invoice's status changed (by staff or by the payment provider): the payment date follows
 * 'paid'. Once an invoice that closes the work (a whole or rest invoice, decision 030) has been sent,
 * the flow moves to 'Betaald' when all its sent invoices are paid (credit invoices and their originals
 * aside), else to 'Deel betaling gedaan'; a paid deposit before that leaves the flow where the work is.
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
    .select({
      n: sql<number>`count(*) filter (where ${salesDocument.status} in ('sent', 'expired'))::int`,
      closing: sql<number>`count(*) filter (where ${invoice.partialinvoicetype} is null or ${invoice.partialinvoicetype} = 'rest')::int`,
    })
    .from(salesDocument)
    .innerJoin(invoice, eq(invoice.id, salesDocument.id))
    .where(
      and(
        eq(salesDocument.flowId, doc.flowId),
        eq(salesDocument.kind, 'invoice'),
        isNull(salesDocument.deletedAt),
        sql`${salesDocument.status} in ('sent', 'paid', 'expired', 'unpayable')`,
        eq(invoice.invoiceType, 'normal'),
        sql`not exists (select 1 from invoice c where c.credited_invoice_id = ${invoice.id})`,
      ),
    );
  const event = flowPaymentEvent({
    closingInvoiceSent: (open?.closing ?? 0) > 0,
    openInvoices: open?.n ?? 0,
  });
  if (event) await followFlow(tx, doc, event);
}
