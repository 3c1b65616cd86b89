import { amsterdamDay, type CustomerInvoice, type DocumentStatus, invoiceDueLabel } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { company } from '../companies/companies.schema';
import { customerDocumentVersion } from '../documents/customer-document';
import { invoice } from './invoices.schema';

/**
 * The customer's invoice page (spec 002: /customer_invoice_detail/{hash}): the version they were sent,
 * what it bills, its due label and, while unpaid, the payment link. The rest of the customer pages
 * (approve, reject, messages) come with their own issue.
 */
export async function customerInvoice(db: Database, hash: string): Promise<CustomerInvoice> {
  const { document: d, version, pdf } = await customerDocumentVersion(db, 'invoice', hash);
  return db.platform(async (tx) => {
    const [row] = await tx.select().from(invoice).where(eq(invoice.id, d.id));
    const [co] = await tx.select({ name: company.name }).from(company).where(eq(company.id, d.companyId));
    const credited = await tx
      .select({ id: invoice.id })
      .from(invoice)
      .where(eq(invoice.creditedInvoiceId, d.id));
    const status = d.status as DocumentStatus;
    return {
      number: d.number,
      title: d.title,
      status,
      company_name: co?.name ?? '',
      html: version.html,
      billed_inc: Number(row?.billedInc ?? 0),
      due: invoiceDueLabel(
        status,
        d.enddate === null ? null : String(d.enddate).slice(0, 10),
        amsterdamDay(new Date()),
        row?.invoiceType === 'credit' ? 'credit' : credited.length > 0 ? 'credited' : null,
      ),
      payment_url: status === 'sent' && row?.paymentUrl ? row.paymentUrl : null,
      has_pdf: pdf !== null,
    };
  });
}

/** downloadbycustomer: the PDF they were sent. */
export async function customerInvoicePdf(db: Database, storage: FileStorage, hash: string) {
  const { pdf } = await customerDocumentVersion(db, 'invoice', hash);
  if (!pdf) throw notFound('Deze factuur heeft geen PDF.');
  const stream = await storage.get(pdf.storageKey);
  if (!stream) throw notFound('Deze factuur heeft geen PDF.');
  return { stream, filename: pdf.filename };
}
