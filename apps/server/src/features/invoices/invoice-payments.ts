import {
  amsterdamDay,
  Decimal,
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  formatEuro,
  INVOICE_TEXTS,
  type PaymentMethod,
} from '@im/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice, invoicePayment } from '../../platform/db/tables/invoices.schema';
import { currentUserIdSql } from '../../platform/db/tenancy-sql';
import { conflict, notFound, validationError } from '../../platform/errors';
import { type DocumentRecord, documentLabel, findDocument, logDocument } from '../documents';
import { invoiceBalance, OWED_STATUSES } from './invoice-balance';
import { invoiceRow } from './invoice-info';
import { invoiceStatusChanged } from './invoice-status';

/** A day (yyyy-mm-dd) as the payment date column `date_paid` keeps it: noon UTC, the same day in Amsterdam. */
const dayAsTime = (day: string) => new Date(`${day}T12:00:00Z`);

async function moveStatus(tx: Tx, doc: DocumentRecord, to: DocumentStatus, description: string) {
  const from = doc.status as DocumentStatus;
  await tx
    .update(salesDocument)
    .set({ status: to, updatedAt: new Date() })
    .where(eq(salesDocument.id, doc.id));
  await logDocument(tx, doc, 'status', description, { status: [from, to] });
  await invoiceStatusChanged(tx, doc, from, to);
}

/**
 * A payment link is made for what was owed at the time. When a payment other than the link's own is
 * registered or removed, what is owed changes and the link would charge the old amount (and the provider's
 * payment, being more than is owed, could not be registered): the link is dropped, and the route offers a
 * new one for the new amount after the commit (offerPaymentLink).
 */
async function dropStalePaymentLink(tx: Tx, doc: DocumentRecord, keep?: string): Promise<void> {
  const [row] = await tx
    .select({ paymentId: invoice.paymentId, paymentUrl: invoice.paymentUrl })
    .from(invoice)
    .where(eq(invoice.id, doc.id));
  if (!row?.paymentUrl || (keep !== undefined && row.paymentId === keep)) return;
  await tx
    .update(invoice)
    .set({ paymentId: null, paymentUrl: null, paymentStatus: null })
    .where(eq(invoice.id, doc.id));
  await logDocument(
    tx,
    doc,
    'update',
    `Betaallink van ${documentLabel(doc).toLowerCase()} vervallen: het openstaande bedrag is veranderd`,
  );
}

export interface PaymentSource {
  method: PaymentMethod;
  providerPaymentId?: string;
  note?: string;
}

/**
 * Registers a payment on a sent invoice: at most what is still owed. The payment that leaves nothing
 * owed makes the invoice paid (through the one status path), its day the payment date. Answers the
 * payment's id, or null when the provider's payment was registered before (a repeated webhook).
 */
export async function registerPayment(
  tx: Tx,
  id: number,
  input: { paid_on: string; amount: string },
  source: PaymentSource,
): Promise<number | null> {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  if (doc.dateSend === null || doc.isTemplate) throw conflict(INVOICE_TEXTS.paymentNeedsSent);
  if (input.paid_on > amsterdamDay(new Date()))
    throw validationError(INVOICE_TEXTS.paymentDateFuture, { paid_on: [INVOICE_TEXTS.paymentDateFuture] });
  if (source.providerPaymentId) {
    const [seen] = await tx
      .select({ id: invoicePayment.id })
      .from(invoicePayment)
      .where(
        and(eq(invoicePayment.invoiceId, id), eq(invoicePayment.providerPaymentId, source.providerPaymentId)),
      );
    if (seen) return null;
  }
  const { owed } = await invoiceBalance(tx, doc, await invoiceRow(tx, doc.id));
  if (!OWED_STATUSES.includes(doc.status) || owed.isZero()) throw conflict(INVOICE_TEXTS.nothingOwed);
  const amount = new Decimal(input.amount);
  if (amount.lte(0))
    throw validationError(INVOICE_TEXTS.paymentPositive, { amount: [INVOICE_TEXTS.paymentPositive] });
  if (amount.gt(owed)) {
    const message = INVOICE_TEXTS.paymentTooHigh(formatEuro(owed));
    throw validationError(message, { amount: [message] });
  }
  const [row] = await tx
    .insert(invoicePayment)
    .values({
      invoiceId: id,
      paidOn: input.paid_on,
      amount: amount.toFixed(2),
      method: source.method,
      providerPaymentId: source.providerPaymentId ?? null,
      note: source.note ?? '',
      createdBy: sql`${currentUserIdSql}`,
    })
    .returning({ id: invoicePayment.id });
  await logDocument(
    tx,
    doc,
    'update',
    `Betaling van ${formatEuro(amount)} geregistreerd op ${documentLabel(doc).toLowerCase()}`,
    { payment: { id: row!.id, paid_on: input.paid_on, amount: amount.toFixed(2), method: source.method } },
  );
  await dropStalePaymentLink(tx, doc, source.providerPaymentId);
  if (amount.eq(owed)) {
    await moveStatus(
      tx,
      doc,
      'paid',
      `Status van ${documentLabel(doc).toLowerCase()} gewijzigd van ${DOCUMENT_STATUS_LABELS[doc.status as DocumentStatus]} naar ${DOCUMENT_STATUS_LABELS.paid}`,
    );
    await tx
      .update(invoice)
      .set({ datePaid: dayAsTime(input.paid_on) })
      .where(eq(invoice.id, id));
  }
  return row!.id;
}

/** Removes a wrongly registered payment; a paid invoice that owes again goes back to sent. */
export async function deletePayment(tx: Tx, id: number, paymentId: number): Promise<void> {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  const [gone] = await tx
    .delete(invoicePayment)
    .where(and(eq(invoicePayment.id, paymentId), eq(invoicePayment.invoiceId, id)))
    .returning();
  if (!gone) throw notFound(INVOICE_TEXTS.paymentNotFound);
  await logDocument(
    tx,
    doc,
    'update',
    `Betaling van ${formatEuro(gone.amount)} (${String(gone.paidOn).slice(0, 10)}) verwijderd van ${documentLabel(doc).toLowerCase()}`,
    { payment: { id: gone.id, deleted: true, amount: gone.amount } },
  );
  await dropStalePaymentLink(tx, doc);
  if (doc.status === 'paid' && !(await invoiceBalance(tx, doc, await invoiceRow(tx, doc.id))).owed.isZero())
    await moveStatus(
      tx,
      doc,
      'sent',
      `Status van ${documentLabel(doc).toLowerCase()} teruggezet van ${DOCUMENT_STATUS_LABELS.paid} naar ${DOCUMENT_STATUS_LABELS.sent}`,
    );
}

/**
 * The status path's side of payments (the generic setter and its rollback, decision 031): marking an
 * invoice paid registers what it still owes as paid today; rolling a paid invoice back to sent removes
 * the payment that settled it, so the status and the payments never disagree.
 */
export async function paymentsFollowStatus(
  tx: Tx,
  doc: DocumentRecord,
  from: DocumentStatus,
  to: DocumentStatus,
): Promise<void> {
  if (to === 'paid') {
    const { owed } = await invoiceBalance(tx, doc, await invoiceRow(tx, doc.id));
    if (owed.isZero()) return;
    await tx.insert(invoicePayment).values({
      invoiceId: doc.id,
      paidOn: amsterdamDay(new Date()),
      amount: owed.toFixed(2),
      method: 'handmatig',
      createdBy: sql`${currentUserIdSql}`,
    });
    return;
  }
  if (from === 'paid') {
    const [last] = await tx
      .select()
      .from(invoicePayment)
      .where(eq(invoicePayment.invoiceId, doc.id))
      .orderBy(desc(invoicePayment.paidOn), desc(invoicePayment.id))
      .limit(1);
    if (last) await tx.delete(invoicePayment).where(eq(invoicePayment.id, last.id));
  }
}
