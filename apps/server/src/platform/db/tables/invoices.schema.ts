import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyRowId, createdAt, updatedAt } from '../columns';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';
import { salesDocument } from './documents.schema';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * What only an invoice has (decision 022). The invoice itself is a `sales_document` of kind 'invoice'
 * (status, number, hash, flow, dates, widgets, calculation, versions): this row shares its id. Partial
 * invoices link to the first part of their project (`partialinvoice_id`, the first part points to
 * itself); a credit invoice names the invoice it corrects. The billed amounts are frozen when the
 * invoice is sent, with the Amsterdam day it was sent on, so the quarterly VAT overview reads one index.
 */
export const invoice = pgTable(
  'invoice',
  {
    id: integer('id').notNull(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    invoiceType: varchar('invoice_type', { length: 20 }).notNull().default('normal'),
    partialinvoicetype: varchar('partialinvoicetype', { length: 20 }),
    partialValue: numeric('partial_value', { precision: 18, scale: 4 }),
    partialinvoiceId: integer('partialinvoice_id'),
    creditedInvoiceId: integer('credited_invoice_id'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** 'Uw referentie' (BT-10) and 'Inkoopordernummer' (BT-13); empty: the organization's (decision 035). */
    buyerReference: varchar('buyer_reference', { length: 100 }).notNull().default(''),
    orderReference: varchar('order_reference', { length: 100 }).notNull().default(''),
    sentDay: date('sent_day'),
    billedExc0: money('billed_exc_0'),
    billedExc6: money('billed_exc_6'),
    billedExc9: money('billed_exc_9'),
    billedExc21: money('billed_exc_21'),
    billedVat6: money('billed_vat_6'),
    billedVat9: money('billed_vat_9'),
    billedVat21: money('billed_vat_21'),
    billedExc: money('billed_exc'),
    billedInc: money('billed_inc'),
    datePaid: timestamp('date_paid', { withTimezone: true }),
    paymentId: varchar('payment_id', { length: 64 }),
    paymentUrl: text('payment_url'),
    paymentStatus: varchar('payment_status', { length: 20 }),
    /**
     * What this invoice counts in the overdue overview: its due date and billed amount while it is sent,
     * owed (billed > 0) and not settled by a sent credit invoice; null otherwise. Kept by the triggers of
     * migration invoice_overviews, never by code.
     */
    owedDay: date('owed_day'),
    owed: money('owed'),
    /** When the invoice was first found past its due date with an amount owed (the 'factuur vervallen' event, once). */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** When the payment reminder and the formal notice (aanmaning) were last sent (decision 031). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'invoice_id_fk',
      columns: [t.companyId, t.id],
      foreignColumns: [salesDocument.companyId, salesDocument.id],
    }).onDelete('cascade'),
    index('invoice_partial_group').on(t.partialinvoiceId).where(sql`partialinvoice_id is not null`),
    index('invoice_credited').on(t.creditedInvoiceId).where(sql`credited_invoice_id is not null`),
    index('invoice_quarterly').on(t.companyId, t.sentDay).where(sql`sent_day is not null`),
    index('invoice_by_payment_id').on(t.paymentId).where(sql`payment_id is not null`),
    // The overdue overview's page and totals from this index alone (owed in the key: index-only).
    index('invoice_owed').on(t.companyId, t.owedDay, t.id, t.owed).where(sql`owed_day is not null`),
    // Sorting the invoice overview by amount: the amount billed, frozen at sending.
    index('invoice_by_amount').on(t.companyId, t.billedInc.desc().nullsLast(), t.id.desc()),
    // The invoices past due whose 'factuur vervallen' event is still to be written (all companies).
    index('invoice_overdue_pending').on(t.owedDay).where(sql`owed_day is not null and overdue_at is null`),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The payments registered on an invoice (decision 031): by hand ('handmatig') or by the payment
 * provider's verified webhook ('mollie', with its payment id, once). What the invoice still owes is its
 * frozen billed amount minus these; the overdue overview's `owed` follows them through a trigger.
 */
export const invoicePayment = pgTable(
  'invoice_payment',
  {
    id: companyRowId(),
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    paidOn: date('paid_on').notNull(),
    amount: money('amount').notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 64 }),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    foreignKey({
      name: 'invoice_payment_invoice_id_fk',
      columns: [t.companyId, t.invoiceId],
      foreignColumns: [invoice.companyId, invoice.id],
    }).onDelete('cascade'),
    index('invoice_payment_by_invoice').on(t.invoiceId, t.paidOn, t.id),
    uniqueIndex('invoice_payment_company_provider')
      .on(t.companyId, t.invoiceId, t.providerPaymentId)
      .where(sql`provider_payment_id is not null`),
    check('invoice_payment_positive', sql`amount > 0`),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The quarterly overview's sums per company and Amsterdam day of sending (the amounts frozen at
 * sending; credit invoices negative). Kept only by the row trigger on `invoice` (migration
 * invoice_overviews): the old side only subtracts from an existing row, so a company's cascading delete
 * never writes one.
 */
export const invoiceDayTotal = pgTable(
  'invoice_day_total',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    invoices: integer('invoices').notNull(),
    billedExc0: money('billed_exc_0').notNull(),
    billedExc6: money('billed_exc_6').notNull(),
    billedExc9: money('billed_exc_9').notNull(),
    billedExc21: money('billed_exc_21').notNull(),
    billedVat6: money('billed_vat_6').notNull(),
    billedVat9: money('billed_vat_9').notNull(),
    billedVat21: money('billed_vat_21').notNull(),
    billedExc: money('billed_exc').notNull(),
    billedInc: money('billed_inc').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), tenantPolicy()],
).enableRLS();
