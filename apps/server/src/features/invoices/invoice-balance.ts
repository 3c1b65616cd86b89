import { Decimal, fullName, type InvoicePayment, invoiceOwed, type PaymentMethod, toCents } from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice, invoicePayment } from '../../platform/db/tables/invoices.schema';
import { user } from '../../platform/db/tables/users.schema';
import { toIso } from '../../platform/http/dates';
import type { DocumentRecord } from '../documents';

/** Statuses in which a sent invoice can still be owed: 'verlopen' (expired) is owed as much as 'verstuurd'. */
export const OWED_STATUSES: readonly string[] = ['sent', 'expired'];

export type PaymentRow = typeof invoicePayment.$inferSelect;

export interface InvoiceBalance {
  payments: PaymentRow[];
  paid: Decimal;
  /** What is still owed: billed minus paid; 0 for drafts, credit invoices and credited invoices. */
  owed: Decimal;
}

/** An invoice's payments and what they leave owed (decimal arithmetic, to the cent). */
export async function invoiceBalance(
  tx: Tx,
  doc: DocumentRecord,
  row: typeof invoice.$inferSelect,
): Promise<InvoiceBalance> {
  const payments = await tx
    .select()
    .from(invoicePayment)
    .where(eq(invoicePayment.invoiceId, doc.id))
    .orderBy(asc(invoicePayment.paidOn), asc(invoicePayment.id));
  const paid = payments.reduce((acc, p) => acc.plus(p.amount), new Decimal(0));
  const [credit] = await tx
    .select({ id: invoice.id })
    .from(invoice)
    .innerJoin(salesDocument, eq(salesDocument.id, invoice.id))
    .where(
      and(
        eq(invoice.creditedInvoiceId, doc.id),
        isNull(salesDocument.deletedAt),
        sql`${salesDocument.dateSend} is not null`,
      ),
    )
    .limit(1);
  const settled =
    doc.dateSend === null || doc.isTemplate || row.invoiceType === 'credit' || credit !== undefined;
  const owed = settled
    ? new Decimal(0)
    : invoiceOwed(
        row.billedInc ?? '0',
        payments.map((p) => p.amount),
      );
  return { payments, paid, owed };
}

/** The payments as the invoice's answer shows them, with who registered each. */
export async function paymentsOf(tx: Tx, payments: PaymentRow[]): Promise<InvoicePayment[]> {
  const ids = [...new Set(payments.map((p) => p.createdBy).filter((id): id is number => id !== null))];
  const users = ids.length
    ? await tx
        .select({ id: user.id, name: user.name, nameprefix: user.nameprefix, surname: user.surname })
        .from(user)
        .where(sql`${user.id} = any(${`{${ids.join(',')}}`}::int[])`)
    : [];
  return payments.map((p) => {
    const who = users.find((u) => u.id === p.createdBy);
    return {
      id: p.id,
      paid_on: String(p.paidOn).slice(0, 10),
      amount: toCents(p.amount),
      method: p.method as PaymentMethod,
      note: p.note,
      created_at: toIso(p.createdAt),
      created_by_name: who ? fullName(who) : null,
    };
  });
}
