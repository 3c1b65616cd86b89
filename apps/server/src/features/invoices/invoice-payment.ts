import { amsterdamDay, formatEuro, INVOICE_TEXTS } from '@im/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { AppError, conflict } from '../../platform/errors';
import { documentLabel, findDocument, logDocument } from '../documents';
import {
  createMollieProvider,
  isMolliePaymentId,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from '../payments';
import { invoiceBalance, OWED_STATUSES } from './invoice-balance';
import { invoiceRow, invoiceSettings } from './invoice-info';
import { registerPayment } from './invoice-payments';

export interface PaymentContext {
  appUrl: string;
  mollieApiUrl: string;
}

/** The company's payment provider, or null when none is configured (then no link is shown). */
export async function companyProvider(tx: Tx, ctx: PaymentContext): Promise<PaymentProvider | null> {
  const s = await invoiceSettings(tx);
  if (s?.paymentProvider !== 'mollie' || !s.paymentApiKey) return null;
  return createMollieProvider({ apiKey: s.paymentApiKey, baseUrl: ctx.mollieApiUrl });
}

/**
 * renewPayment: a new payment link for a sent, unpaid invoice, for what it still owes (billed minus the
 * payments registered so far). The provider calls back on the invoice's webhook; the customer returns to
 * the invoice page with paymentCompleted.
 */
export async function renewPayment(tx: Tx, id: number, ctx: PaymentContext) {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  if (doc.dateSend === null || !OWED_STATUSES.includes(doc.status))
    throw conflict(INVOICE_TEXTS.paymentNotOpen);
  const provider = await companyProvider(tx, ctx);
  if (!provider) throw conflict(INVOICE_TEXTS.noPaymentProvider);
  const { owed } = await invoiceBalance(tx, doc, await invoiceRow(tx, id));
  if (owed.lte(0)) throw conflict(INVOICE_TEXTS.paymentNotOpen);
  const payment = await provider
    .createPayment({
      amountEur: owed.toFixed(2),
      description: `Factuur ${doc.number}`,
      redirectUrl: `${ctx.appUrl}/#/customer_invoice_detail/${doc.hash}?paymentCompleted=1`,
      webhookUrl: `${ctx.appUrl}/api/invoice/${doc.hash}/paymentwebhook`,
      metadata: { invoice_id: String(doc.id), company_id: String(doc.companyId) },
    })
    .catch((err: unknown) => {
      throw new AppError('unavailable', err instanceof Error ? err.message : String(err));
    });
  await tx
    .update(invoice)
    .set({ paymentId: payment.id, paymentUrl: payment.checkoutUrl, paymentStatus: payment.status })
    .where(eq(invoice.id, id));
  await logDocument(tx, doc, 'update', `Betaallink gemaakt voor ${documentLabel(doc).toLowerCase()}`);
  return { payment_url: payment.checkoutUrl ?? '', payment_id: payment.id };
}

/**
 * The provider's webhook: the body only names a payment; what it says is read from the provider with
 * the company's own key, and only a paid payment of this very invoice, for no more than it owes, is
 * registered as its payment (once per provider payment); the one that leaves nothing owed marks it
 * paid. Unknown hashes and payments answer the same empty 200 (nothing to learn from probing).
 */
export async function paymentWebhook(
  db: Database,
  hash: string,
  paymentId: string | null,
  ctx: PaymentContext,
) {
  if (!paymentId || !isMolliePaymentId(paymentId)) return;
  const target = await db.platform(async (tx) => {
    const [row] = await tx
      .select({ id: salesDocument.id, companyId: salesDocument.companyId })
      .from(salesDocument)
      .where(
        and(eq(salesDocument.hash, hash), eq(salesDocument.kind, 'invoice'), isNull(salesDocument.deletedAt)),
      );
    return row ?? null;
  });
  if (!target) return;
  const actor = { companyId: target.companyId, userId: 0, impersonatorUserId: null };
  const provider = await db.tenant(actor, (tx) => companyProvider(tx, ctx));
  if (!provider) return;
  let payment: ProviderPayment;
  try {
    payment = await provider.getPayment(paymentId);
  } catch (err) {
    // A payment the provider does not know is nothing to act on; an unreachable provider is asked
    // to call again (it retries on a failed answer).
    if (err instanceof PaymentProviderError && err.status === 404) return;
    throw new AppError('unavailable', err instanceof Error ? err.message : String(err));
  }
  if (payment.metadata.invoice_id !== String(target.id)) return;
  await db.tenant(actor, async (tx) => {
    const doc = await findDocument(tx, 'invoice', target.id, { lock: true });
    await tx.update(invoice).set({ paymentStatus: payment.status }).where(eq(invoice.id, doc.id));
    if (payment.status !== 'paid' || !OWED_STATUSES.includes(doc.status)) return;
    const { owed } = await invoiceBalance(tx, doc, await invoiceRow(tx, doc.id));
    if (!/^\d+\.\d{2}$/.test(payment.amountEur) || Number(payment.amountEur) <= 0) return;
    if (owed.lt(payment.amountEur)) {
      // Paid through a link made for an earlier, higher amount: not registered by itself, but the office
      // must see that money came in (a refund or a manual registration follows).
      await logDocument(
        tx,
        doc,
        'update',
        `Betaling van ${formatEuro(payment.amountEur)} via Mollie ontvangen, hoger dan het openstaande bedrag van ${formatEuro(owed)}: niet geregistreerd`,
        { payment: { provider_payment_id: payment.id, amount: payment.amountEur } },
      );
      return;
    }
    // The day the provider says it was paid (never later than today).
    const paidAt = Math.min(
      payment.paidAt ? Date.parse(payment.paidAt) || Date.now() : Date.now(),
      Date.now(),
    );
    await registerPayment(
      tx,
      doc.id,
      {
        paid_on: amsterdamDay(new Date(paidAt)),
        amount: payment.amountEur,
      },
      {
        method: 'mollie',
        providerPaymentId: payment.id,
        note: `${documentLabel(doc)} betaald via de betaallink`,
      },
    );
  });
}

/**
 * After an invoice is sent: when the company has a payment provider and the invoice has no open link
 * yet, one is made, so the customer page offers 'Betalen'. Best effort: the invoice is sent either way;
 * a provider that fails is logged and the link can be made later (renewPayment).
 */
export async function offerPaymentLink(
  db: Database,
  actor: { companyId: number; userId: number; impersonatorUserId: number | null },
  id: number,
  ctx: PaymentContext,
  log: { warn: (obj: object, msg: string) => void },
): Promise<boolean> {
  try {
    return await db.tenant(actor, async (tx) => {
      const [row] = await tx.select().from(invoice).where(eq(invoice.id, id));
      const [doc] = await tx.select().from(salesDocument).where(eq(salesDocument.id, id));
      if (!row || !doc || doc.status !== 'sent' || row.paymentUrl) return false;
      if (Number(row.billedInc ?? 0) <= 0 || !(await companyProvider(tx, ctx))) return false;
      await renewPayment(tx, id, ctx);
      return true;
    });
  } catch (err) {
    log.warn({ err, invoiceId: id }, 'payment link not made');
    return false;
  }
}
