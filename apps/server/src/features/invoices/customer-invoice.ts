import { amsterdamDay, type CustomerInvoice, type DocumentStatus, invoiceDueLabel } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { customerCompany } from '../../platform/http/customer-company';
import { customerTx, recordView } from '../../platform/http/customer-link';
import { customerDocumentVersion, loadAttachments } from '../documents';
import { invoiceBalance } from './invoice-balance';

/**
 * The customer's invoice page (spec 002: /customer_invoice_detail/{hash}): the version they were sent,
 * what it bills, what was paid and is still owed (decision 044), its due label and, while unpaid, the payment link, framed as the installer; every open
 * is recorded (staff see "bekeken op ...").
 */
export async function customerInvoice(db: Database, hash: string, preview = false): Promise<CustomerInvoice> {
  const { document: d, version, pdf } = await customerDocumentVersion(db, 'invoice', hash);
  return customerTx(db, d, async (tx) => {
    const [row] = await tx.select().from(invoice).where(eq(invoice.id, d.id));
    const [co] = await tx.select({ name: company.name }).from(company).where(eq(company.id, d.companyId));
    const credited = await tx
      .select({ id: invoice.id })
      .from(invoice)
      .where(eq(invoice.creditedInvoiceId, d.id));
    const status = d.status as DocumentStatus;
    if (!preview) await recordView(tx, { kind: 'invoice', flowId: d.flowId, documentId: d.id });
    const [f] =
      d.flowId === null ? [] : await tx.select({ hash: flow.hash }).from(flow).where(eq(flow.id, d.flowId));
    const flowHash = f?.hash ?? null;
    const attachments = await loadAttachments(tx, d.id);
    const balance = row ? await invoiceBalance(tx, d, row) : null;
    return {
      company: await customerCompany(tx, d.companyId, flowHash),
      flow_hash: flowHash,
      attachments: attachments.map((a) => ({
        id: a.id,
        filename: a.filename,
        url: `/api/attachment/${a.id}/getbycustomer?hash=${encodeURIComponent(hash)}`,
      })),
      number: d.number,
      title: d.title,
      status,
      company_name: co?.name ?? '',
      html: version.html,
      billed_inc: Number(row?.billedInc ?? 0),
      paid_inc: balance ? balance.paid.toNumber() : 0,
      owed_inc: balance ? balance.owed.toNumber() : 0,
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
