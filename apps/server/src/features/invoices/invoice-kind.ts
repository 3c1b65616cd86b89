import { eq } from 'drizzle-orm';
import { invoice } from '../../platform/db/tables/invoices.schema';
import type { InvoiceKind } from '../documents';
import { storeEinvoice } from './frozen-einvoice';
import { prepareInvoiceForSending } from './invoice-actions';
import { invoiceBalance } from './invoice-balance';
import {
  assertInvoiceEditable,
  billedOf,
  insertInvoiceRow,
  invoiceRow,
  loadInvoiceInfo,
} from './invoice-info';
import { offerPaymentLink } from './invoice-payment';
import { paymentsFollowStatus } from './invoice-payments';
import { invoiceRenderPart } from './invoice-render';
import { invoiceStatusChanged } from './invoice-status';

/**
 * What the documents feature asks of a document of kind 'invoice' (decision 022), registered in
 * features/wiring.ts as registerDocumentKind('invoice', invoiceKind) (decision 047).
 */
export const invoiceKind: InvoiceKind = {
  insert: insertInvoiceRow,
  assertEditable: assertInvoiceEditable,
  info: loadInvoiceInfo,
  billed: async (tx, doc) => (await billedOf(tx, doc, await invoiceRow(tx, doc.id))).billed,
  // Only an invoice with its row owes (merge data leaves factuur.openstaand out otherwise).
  owed: async (tx, doc) => {
    const [row] = await tx.select().from(invoice).where(eq(invoice.id, doc.id));
    return row ? (await invoiceBalance(tx, doc, row)).owed : null;
  },
  renderPart: invoiceRenderPart,
  prepareSending: prepareInvoiceForSending,
  storeEinvoice,
  // The status path (decision 031): the payments follow first, then the payment date and the flow.
  statusChanged: async (tx, doc, from, to) => {
    await paymentsFollowStatus(tx, doc, from, to);
    await invoiceStatusChanged(tx, doc, from, to);
  },
  offerPaymentLink,
};
