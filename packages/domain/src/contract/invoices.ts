// The API contract of invoices beyond the document engine's shape (spec 002; decision 022): partial
// and credit invoices, linking parts, payment, the overdue and quarterly overviews, the company's
// invoice details (KvK, VAT id, IBAN) and payment provider.
import { z } from 'zod';
import { PARTIAL_INVOICE_TYPES } from '../calculation/billing';
import { MAX_AMOUNT } from '../calculation/constants';
import { zDecimal } from '../calculation/decimal-input';
import { DOCUMENT_STATUSES } from '../documents';
import { zFlag } from '../flags';
import { INVOICE_TEXTS, INVOICE_TYPES, PAYMENT_METHODS, PAYMENT_REMINDER_LEVELS } from '../invoices';
import {
  IDENTIFIER_ERRORS,
  isValidIban,
  isValidKvk,
  isValidVatId,
  normalizeIban,
  normalizeVatId,
} from '../invoices/identifiers';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';
import { zCustomerCompany } from './companies';

export const zBilled = z.object({
  exc_0: z.number(),
  exc_6: z.number(),
  exc_9: z.number(),
  exc_21: z.number(),
  vat_6: z.number(),
  vat_9: z.number(),
  vat_21: z.number(),
  exc: z.number(),
  vat: z.number(),
  inc: z.number(),
});

export const zDueLabel = z.object({
  text: z.string(),
  color: z.enum(['red', 'green', 'gray']).nullable(),
  overdue_days: z.number().int(),
});

const zInvoiceRef = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
});

/** A payment registered on an invoice (decision 031): by hand or by the payment provider. */
export const zInvoicePayment = z.object({
  id: z.number().int(),
  /** The day it was paid (yyyy-mm-dd). */
  paid_on: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  note: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof zInvoicePayment>;

/** The invoice part of a sales document of kind 'invoice' (null for the other kinds). */
export const zInvoiceInfo = z.object({
  invoice_type: z.enum(INVOICE_TYPES),
  partialinvoicetype: z.enum(PARTIAL_INVOICE_TYPES).nullable(),
  /** fromamount: the amount incl. VAT; frompercentage: the percentage. */
  partial_value: z.number().nullable(),
  /** The first partial invoice of the project (itself for the first); null when not partial. */
  partialinvoice_id: z.number().int().nullable(),
  /** Every part of the project, the first first (this one included). */
  partial_parts: z.array(
    zInvoiceRef.extend({
      partialinvoicetype: z.enum(PARTIAL_INVOICE_TYPES).nullable(),
      billed_inc: z.number(),
    }),
  ),
  credited_invoice: zInvoiceRef.nullable(),
  credit_invoices: z.array(zInvoiceRef),
  reverse_charge: z.boolean(),
  /**
   * 'Uw referentie' (BT-10) and 'Inkoopordernummer' (BT-13) of this invoice; empty: the organization's
   * (see `customer_buyer_reference`), else the dossier number.
   */
  buyer_reference: z.string(),
  order_reference: z.string(),
  /** The customer organization's defaults, shown as placeholders. */
  customer_buyer_reference: z.string(),
  customer_order_reference: z.string(),
  /** What this invoice bills: the whole calculation, its part, or (credit) the negation. */
  billed: zBilled,
  /** The whole calculation's amount incl. VAT (what partial invoices take their parts of). */
  whole_inc: z.number(),
  due: zDueLabel,
  date_paid: z.string().nullable(),
  /** Registered payments, oldest first; what they add up to and what is still owed (billed minus paid). */
  payments: z.array(zInvoicePayment),
  paid_total: z.number(),
  owed: z.number(),
  /** When the payment reminder and the formal notice (aanmaning) were sent; null when not. */
  reminder_sent_at: z.string().nullable(),
  notice_sent_at: z.string().nullable(),
  payment_url: z.string().nullable(),
  payment_status: z.string().nullable(),
  /** Whether the e-invoice (UBL) can be downloaded: sent, and the company's KvK, VAT id and IBAN are filled in. */
  einvoice_available: z.boolean(),
  /** Whether the company has a payment provider configured (a payment link can be made). */
  payment_available: z.boolean(),
});
export type InvoiceInfo = z.infer<typeof zInvoiceInfo>;

/** createinvoicefromconfirmation / createinvoicefromquotation / POST /api/invoice: optionally a partial invoice. */
export const zPartialChoice = z
  .object({
    partialinvoicetype: z
      .enum(PARTIAL_INVOICE_TYPES, { message: 'Kies bedrag, percentage of rest.' })
      .optional(),
    // An amount or a percentage; the bound keeps it inside the numeric(18,4) column (what part of the
    // whole it may be is the billing rule's: billedOf).
    partial_value: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      zDecimal({ min: -MAX_AMOUNT * 1000, max: MAX_AMOUNT * 1000, scale: 4 }).optional(),
    ),
    reverse_charge: zFlag.optional(),
  })
  .superRefine((v, ctx) => {
    if (
      (v.partialinvoicetype === 'fromamount' || v.partialinvoicetype === 'frompercentage') &&
      v.partial_value === undefined
    )
      ctx.addIssue({ code: 'custom', path: ['partial_value'], message: 'Vul een bedrag of percentage in.' });
  });
export type PartialChoice = z.input<typeof zPartialChoice>;
export type PartialChoiceValue = z.infer<typeof zPartialChoice>;

/** PATCH /api/invoice/:id/references: the customer's reference and purchase order number, until sent. */
export const zInvoiceReferences = z.object({
  buyer_reference: z.string().trim().max(100).optional(),
  order_reference: z.string().trim().max(100).optional(),
});
export type InvoiceReferences = z.infer<typeof zInvoiceReferences>;

/** linkPartialInvoice: this partial invoice joins the parts of the first one (by its calculation id or id). */
export const zLinkPartialInvoice = z
  .object({
    first_invoicecalculation_id: zId.optional(),
    first_invoice_id: zId.optional(),
  })
  .refine((v) => v.first_invoicecalculation_id !== undefined || v.first_invoice_id !== undefined, {
    message: 'Kies de eerste deelfactuur.',
    path: ['first_invoice_id'],
  });

/** getAvailableInvoices: the first partial invoices this one may be linked to (spec 002 section 5). */
export const zAvailableInvoice = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  title: z.string(),
  calculation_id: z.number().int().nullable(),
  partialinvoicetype: z.enum(PARTIAL_INVOICE_TYPES).nullable(),
  billed_inc: z.number(),
});
export const zAvailableInvoices = z.array(zAvailableInvoice);

export const zPaymentLink = z.object({ payment_url: z.string(), payment_id: z.string() });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** 'Markeren als betaald': the day and the amount paid (at most what is still owed: the server checks). */
export const zRegisterPayment = z.object({
  paid_on: z
    .string({ message: INVOICE_TEXTS.paymentDateRequired })
    .trim()
    .refine(isRealDay, INVOICE_TEXTS.paymentDateRequired),
  amount: zDecimal({ min: -MAX_AMOUNT * 1000, max: MAX_AMOUNT * 1000, scale: 2 }).refine(
    (v) => Number(v) > 0,
    INVOICE_TEXTS.paymentPositive,
  ),
  note: z.string().trim().max(500, 'Gebruik hoogstens 500 tekens.').optional(),
});
export type RegisterPayment = z.input<typeof zRegisterPayment>;

export const zPaymentParams = z.object({ id: zId, paymentId: zId });

/** A payment reminder or a formal notice (aanmaning) for an overdue invoice. */
export const zSendPaymentReminder = z.object({
  level: z.enum(PAYMENT_REMINDER_LEVELS, { message: 'Kies herinnering of aanmaning.' }),
});
export const zPaymentReminderSent = z.object({
  level: z.enum(PAYMENT_REMINDER_LEVELS),
  to: z.string(),
  sent_at: z.string(),
});

export const zOverdueInvoiceRow = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  title: z.string(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  relation_id: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
  date_send: z.string().nullable(),
  enddate: z.string(),
  days_overdue: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  billed_inc: z.number(),
  /** Billed minus the payments registered so far. */
  owed: z.number(),
  reminder_sent_at: z.string().nullable(),
  notice_sent_at: z.string().nullable(),
});
export const zOverdueInvoicePage = zPaginated(zOverdueInvoiceRow).extend({
  /** Everything outstanding and past due, over all pages. */
  total_outstanding: z.number(),
});
export const zOverdueQuery = zPaginationQuery;

export const zQuarterRow = z.object({
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  invoices: z.number().int(),
  exc_0: z.number(),
  exc_6: z.number(),
  exc_9: z.number(),
  exc_21: z.number(),
  vat_6: z.number(),
  vat_9: z.number(),
  vat_21: z.number(),
  exc: z.number(),
  vat: z.number(),
  inc: z.number(),
});
export type QuarterRow = z.infer<typeof zQuarterRow>;
export const zQuarterlyOverview = z.object({
  year: z.number().int(),
  quarters: z.array(zQuarterRow),
  total: zQuarterRow,
});
export const zQuarterlyQuery = z.object({
  year: z.coerce
    .number({ message: 'Kies een jaar.' })
    .int()
    .min(2000, 'Kies een jaar.')
    .max(2100, 'Kies een jaar.'),
});
export const zQuarterlyExportQuery = zQuarterlyQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

// Company invoice details ------------------------------------------------------------------------------

const optionalChecked = (
  check: (s: string) => boolean,
  message: string,
  normalize: (s: string) => string = (s) => s,
) =>
  z
    .string()
    .trim()
    .max(40)
    .transform(normalize)
    .refine((s) => s === '' || check(s), message);

export const zInvoiceSettings = z.object({
  street: z.string(),
  housenumber: z.string(),
  postcode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  kvk_number: z.string(),
  vat_number: z.string(),
  iban: z.string(),
  bic: z.string(),
  invoice_payment_days: z.number().int(),
  payment_provider: z.enum(['mollie']).nullable(),
  /** Never the key itself: whether one is stored, and its last four characters. */
  payment_api_key_set: z.boolean(),
  payment_api_key_hint: z.string().nullable(),
  einvoice_ready: z.boolean(),
  /** The standard credit invoice template (an invoice template); null: a credit invoice reads like the original. */
  credit_invoice_template_id: zId.nullable(),
});
export type InvoiceSettings = z.infer<typeof zInvoiceSettings>;

export const zUpdateInvoiceSettings = z.object({
  street: z.string().trim().max(200).optional(),
  housenumber: z.string().trim().max(20).optional(),
  postcode: z.string().trim().max(20).optional(),
  city: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(40).optional(),
  email: z.union([z.literal(''), z.email('Vul een geldig e-mailadres in.')]).optional(),
  kvk_number: optionalChecked(isValidKvk, IDENTIFIER_ERRORS.kvk, (s) => s.replace(/\s/g, '')).optional(),
  vat_number: optionalChecked(isValidVatId, IDENTIFIER_ERRORS.vat, normalizeVatId).optional(),
  iban: optionalChecked(isValidIban, IDENTIFIER_ERRORS.iban, normalizeIban).optional(),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, 'Dit is geen geldige BIC.')
    .optional(),
  invoice_payment_days: z.coerce
    .number()
    .int()
    .min(0, 'Kies 0 tot 365 dagen.')
    .max(365, 'Kies 0 tot 365 dagen.')
    .optional(),
  payment_provider: z.enum(['mollie']).nullable().optional(),
  /** A new key (test_… or live_…); empty string removes it. */
  payment_api_key: z
    .string()
    .trim()
    .refine(
      (s) => s === '' || /^(test|live)_[A-Za-z0-9]{30,}$/.test(s),
      'Dit is geen geldige API-sleutel van Mollie.',
    )
    .optional(),
  credit_invoice_template_id: zId.nullable().optional(),
});
export type UpdateInvoiceSettings = z.input<typeof zUpdateInvoiceSettings>;

/** GET /api/invoice/{hash}/getbycustomer: the invoice as it was sent, for the customer page. */
export const zCustomerInvoice = z.object({
  number: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  company_name: z.string(),
  /** The exact HTML of the latest sent version (shown in a sandboxed frame). */
  html: z.string(),
  billed_inc: z.number(),
  /** What the customer paid on it so far (registered payments, decision 031). */
  paid_inc: z.number(),
  /** What is still owed: billed minus paid; 0 once paid, for a credit invoice and a credited one. */
  owed_inc: z.number(),
  due: zDueLabel,
  /** The payment provider's checkout, while the invoice is sent and unpaid. */
  payment_url: z.string().nullable(),
  has_pdf: z.boolean(),
  /** The installer's brand and the dossier link, for the customer page's frame. */
  company: zCustomerCompany,
  flow_hash: z.string().nullable(),
  attachments: z.array(z.object({ id: z.number().int(), filename: z.string(), url: z.string() })),
});
export type CustomerInvoice = z.infer<typeof zCustomerInvoice>;
export const zInvoiceHashParams = z.object({ hash: z.string().max(200) });
