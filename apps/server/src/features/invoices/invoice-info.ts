import {
  amsterdamDay,
  type BilledAmounts,
  billedFromTotals,
  Decimal,
  type DocumentStatus,
  formatEuro,
  INVOICE_TEXTS,
  type InvoiceInfo,
  type InvoiceType,
  invoiceDueLabel,
  negateBilled,
  type PartialInvoiceType,
  type PartialSpec,
  partialBilled,
  toCents,
  ZERO_BILLED,
} from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculation } from '../../platform/db/tables/calculations.schema';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { conflict } from '../../platform/errors';
import { toIso } from '../../platform/http/dates';
import type { NewInvoiceRow } from '../documents';
import { invoiceBalance, paymentsOf } from './invoice-balance';

export type InvoiceRow = typeof invoice.$inferSelect;
type DocumentRow = typeof salesDocument.$inferSelect;

/** The invoice's own row, next to its sales document (same id). */
export async function insertInvoiceRow(tx: Tx, id: number, extra: NewInvoiceRow = {}): Promise<void> {
  await tx.insert(invoice).values({
    id,
    invoiceType: extra.invoiceType ?? 'normal',
    partialinvoicetype: extra.partialinvoicetype ?? null,
    partialValue:
      extra.partialValue === undefined || extra.partialValue === null ? null : String(extra.partialValue),
    partialinvoiceId: extra.partialinvoiceId ?? null,
    creditedInvoiceId: extra.creditedInvoiceId ?? null,
    reverseCharge: extra.reverseCharge ?? false,
  });
}

export async function invoiceRow(tx: Tx, id: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoice).where(eq(invoice.id, id));
  if (row) return row;
  // Every invoice document has its row; one written before could lack it: give it one.
  await insertInvoiceRow(tx, id);
  return (await tx.select().from(invoice).where(eq(invoice.id, id)))[0]!;
}

/** A sent invoice's content is frozen: corrections go by credit invoice (decision 022). */
export function assertInvoiceEditable(doc: Pick<DocumentRow, 'kind' | 'dateSend' | 'isTemplate'>): void {
  if (doc.kind === 'invoice' && doc.dateSend !== null && !doc.isTemplate)
    throw conflict(INVOICE_TEXTS.sentLocked);
}

export const frozenBilled = (r: InvoiceRow): BilledAmounts | null =>
  r.billedInc === null
    ? null
    : {
        exc_0: Number(r.billedExc0),
        exc_6: Number(r.billedExc6),
        exc_9: Number(r.billedExc9),
        exc_21: Number(r.billedExc21),
        vat_6: Number(r.billedVat6),
        vat_9: Number(r.billedVat9),
        vat_21: Number(r.billedVat21),
        exc: Number(r.billedExc),
        // Decimal, not float: 0.3, never 0.2999999999999998.
        vat: toCents(new Decimal(r.billedInc).minus(r.billedExc ?? '0')),
        inc: Number(r.billedInc),
      };

export const billedColumns = (b: BilledAmounts) => ({
  billedExc0: String(b.exc_0),
  billedExc6: String(b.exc_6),
  billedExc9: String(b.exc_9),
  billedExc21: String(b.exc_21),
  billedVat6: String(b.vat_6),
  billedVat9: String(b.vat_9),
  billedVat21: String(b.vat_21),
  billedExc: String(b.exc),
  billedInc: String(b.inc),
});

async function wholeOf(tx: Tx, calculationId: number | null): Promise<BilledAmounts> {
  if (calculationId === null) return ZERO_BILLED;
  const [c] = await tx.select().from(calculation).where(eq(calculation.id, calculationId));
  if (!c) return ZERO_BILLED;
  return billedFromTotals({
    amount_exc_vat_0: c.amountExcVat0,
    amount_exc_vat_6: c.amountExcVat6,
    amount_exc_vat_9: c.amountExcVat9,
    amount_exc_vat_21: c.amountExcVat21,
    amount_vat_6: c.amountVat6,
    amount_vat_9: c.amountVat9,
    amount_vat_21: c.amountVat21,
  });
}

export const partialSpecOf = (
  r: Pick<InvoiceRow, 'partialinvoicetype' | 'partialValue'>,
): PartialSpec | null =>
  r.partialinvoicetype === 'rest'
    ? { type: 'rest' }
    : r.partialinvoicetype === 'fromamount' || r.partialinvoicetype === 'frompercentage'
      ? { type: r.partialinvoicetype, value: r.partialValue ?? '0' }
      : null;

interface GroupMember {
  doc: DocumentRow;
  row: InvoiceRow;
}

/** The parts of a partial invoice's project: live (not deleted) invoices linked to the same first part. */
export async function partialGroup(tx: Tx, headId: number): Promise<GroupMember[]> {
  const rows = await tx
    .select({ doc: salesDocument, row: invoice })
    .from(invoice)
    .innerJoin(salesDocument, eq(salesDocument.id, invoice.id))
    .where(and(eq(invoice.partialinvoiceId, headId), isNull(salesDocument.deletedAt)))
    .orderBy(sql`${invoice.id} <> ${headId}`, asc(invoice.id));
  return rows;
}

/**
 * What an invoice bills: frozen once sent; otherwise the whole calculation, the negation of the
 * invoice it credits, or its part of the project (the other parts as far as they are known: sent ones
 * frozen, drafts by their own choice, a draft rest last).
 */
export async function billedOf(
  tx: Tx,
  doc: DocumentRow,
  row: InvoiceRow,
): Promise<{ billed: BilledAmounts; error: string | null }> {
  const frozen = frozenBilled(row);
  if (frozen) return { billed: frozen, error: null };
  if (row.invoiceType === 'credit' && row.creditedInvoiceId !== null) {
    const [orig] = await tx.select().from(invoice).where(eq(invoice.id, row.creditedInvoiceId));
    return {
      billed: orig && frozenBilled(orig) ? negateBilled(frozenBilled(orig)!) : ZERO_BILLED,
      error: null,
    };
  }
  const whole = await wholeOf(tx, doc.calculationId);
  const spec = partialSpecOf(row);
  if (!spec) return { billed: whole, error: null };
  const others: BilledAmounts[] = [];
  if (row.partialinvoiceId !== null) {
    for (const m of await partialGroup(tx, row.partialinvoiceId)) {
      if (m.doc.id === doc.id || m.doc.status === 'cancelled') continue;
      const f = frozenBilled(m.row);
      if (f) {
        others.push(f);
        continue;
      }
      const s = partialSpecOf(m.row);
      if (!s || s.type === 'rest') continue;
      const r = partialBilled(await wholeOf(tx, m.doc.calculationId), s, []);
      if (r.ok) others.push(r.billed);
    }
  }
  const result = partialBilled(whole, spec, others, formatEuro);
  return result.ok ? { billed: result.billed, error: null } : { billed: ZERO_BILLED, error: result.error };
}

export async function invoiceSettings(tx: Tx) {
  const [s] = await tx.select().from(companySettings).limit(1);
  return s ?? null;
}

export const einvoiceReady = (s: Awaited<ReturnType<typeof invoiceSettings>>): boolean =>
  !!s && s.kvkNumber !== '' && s.vatNumber !== '' && s.iban !== '';

const ref = (d: DocumentRow) => ({ id: d.id, number: d.number, status: d.status as DocumentStatus });

/** The invoice part of the document's answer. */
export async function loadInvoiceInfo(tx: Tx, doc: DocumentRow): Promise<InvoiceInfo> {
  const row = await invoiceRow(tx, doc.id);
  const { billed } = await billedOf(tx, doc, row);
  const parts =
    row.partialinvoiceId !== null
      ? await Promise.all(
          (await partialGroup(tx, row.partialinvoiceId)).map(async (m) => ({
            ...ref(m.doc),
            partialinvoicetype: (m.row.partialinvoicetype as PartialInvoiceType | null) ?? null,
            billed_inc: m.doc.id === doc.id ? billed.inc : (await billedOf(tx, m.doc, m.row)).billed.inc,
          })),
        )
      : [];
  const [credited] =
    row.creditedInvoiceId !== null
      ? await tx.select().from(salesDocument).where(eq(salesDocument.id, row.creditedInvoiceId))
      : [];
  const credits = await tx
    .select({ d: salesDocument })
    .from(invoice)
    .innerJoin(salesDocument, eq(salesDocument.id, invoice.id))
    .where(and(eq(invoice.creditedInvoiceId, doc.id), isNull(salesDocument.deletedAt)))
    .orderBy(asc(invoice.id));
  const settings = await invoiceSettings(tx);
  const whole = await wholeOf(tx, doc.calculationId);
  // The customer's defaults for the references: the person's, else the organization's (decision 044).
  const [customer] =
    doc.relationId !== null
      ? await tx
          .select({
            buyer: sql<string>`coalesce(nullif(${relation.buyerReference}, ''), ${organization.buyerReference}, '')`,
            order: sql<string>`coalesce(nullif(${relation.orderReference}, ''), ${organization.orderReference}, '')`,
          })
          .from(relation)
          .leftJoin(
            organization,
            and(eq(organization.id, relation.organizationId), isNull(organization.deletedAt)),
          )
          .where(eq(relation.id, doc.relationId))
      : [];
  const enddate = doc.enddate === null ? null : String(doc.enddate).slice(0, 10);
  const balance = await invoiceBalance(tx, doc, row);
  return {
    invoice_type: row.invoiceType as InvoiceType,
    partialinvoicetype: (row.partialinvoicetype as PartialInvoiceType | null) ?? null,
    partial_value: row.partialValue === null ? null : Number(row.partialValue),
    partialinvoice_id: row.partialinvoiceId,
    partial_parts: parts,
    credited_invoice: credited ? ref(credited) : null,
    credit_invoices: credits.map((c) => ref(c.d)),
    reverse_charge: row.reverseCharge,
    buyer_reference: row.buyerReference,
    order_reference: row.orderReference,
    customer_buyer_reference: customer?.buyer ?? '',
    customer_order_reference: customer?.order ?? '',
    billed,
    whole_inc: whole.inc,
    due: invoiceDueLabel(
      doc.status as DocumentStatus,
      doc.dateSend === null ? null : enddate,
      amsterdamDay(new Date()),
      row.invoiceType === 'credit'
        ? 'credit'
        : credits.some((c) => c.d.dateSend !== null)
          ? 'credited'
          : null,
    ),
    date_paid: row.datePaid ? row.datePaid.toISOString() : null,
    payments: await paymentsOf(tx, balance.payments),
    paid_total: toCents(balance.paid),
    owed: toCents(balance.owed),
    reminder_sent_at: row.reminderSentAt ? toIso(row.reminderSentAt) : null,
    notice_sent_at: row.noticeSentAt ? toIso(row.noticeSentAt) : null,
    payment_url: row.paymentUrl,
    payment_status: row.paymentStatus,
    einvoice_available: doc.dateSend !== null && !doc.isTemplate && einvoiceReady(settings),
    payment_available: !!settings?.paymentProvider && !!settings.paymentApiKey,
  };
}
