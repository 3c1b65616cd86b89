import type { InvoiceReferences, SalesDocument } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { documentLabel, findDocument, loadDocument, logDocument } from '../documents';
import { assertInvoiceEditable, invoiceRow } from './invoice-info';

/**
 * The customer's reference ('Uw referentie', BT-10) and purchase order number ('Inkoopordernummer',
 * BT-13) of an invoice, until it is sent (decision 035). Empty: the organization's, else the dossier.
 */
export async function updateInvoiceReferences(
  tx: Tx,
  id: number,
  input: InvoiceReferences,
): Promise<SalesDocument> {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  assertInvoiceEditable(doc);
  const before = await invoiceRow(tx, id);
  const set = { buyerReference: input.buyer_reference, orderReference: input.order_reference };
  const changes = Object.fromEntries(
    Object.entries(set).filter(([k, v]) => v !== undefined && v !== before[k as keyof typeof set]),
  );
  if (Object.keys(changes).length > 0) {
    await tx
      .update(invoice)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(invoice.id, id));
    await tx.update(salesDocument).set({ updatedAt: new Date() }).where(eq(salesDocument.id, id));
    await logDocument(
      tx,
      doc,
      'update',
      `Referenties van ${documentLabel(doc).toLowerCase()} gewijzigd`,
      changes,
    );
  }
  return loadDocument(tx, id);
}
