import { amsterdamDay } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { findDocument } from '../documents';
import { invoiceBalance, OWED_STATUSES } from './invoice-balance';
import { invoiceRow } from './invoice-info';
import { type PaymentSource, registerPayment } from './invoice-payments';

/**
 * Registers what a sent invoice still owes as paid today, when another system says it is paid in full (the
 * accounting package; decision 065). Nothing when it owes nothing or is no longer owed; a repeated call with
 * the same provider id registers nothing twice. Answers whether a payment was registered.
 */
export async function registerPaidInFull(tx: Tx, id: number, source: PaymentSource): Promise<boolean> {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  if (!OWED_STATUSES.includes(doc.status)) return false;
  const { owed } = await invoiceBalance(tx, doc, await invoiceRow(tx, id));
  if (owed.lte(0)) return false;
  const paymentId = await registerPayment(
    tx,
    id,
    { paid_on: amsterdamDay(new Date()), amount: owed.toFixed(2) },
    source,
  );
  return paymentId !== null;
}
