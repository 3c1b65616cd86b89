// Invoices: the fourth kind of the document engine (spec 002; decision 022). The amounts an invoice
// bills live in ../calculation/billing.ts; checksums of IBAN, KvK and VAT numbers in ./identifiers.ts.
import type { DocumentStatus } from '../documents';
import { Decimal, type MoneyInput } from '../money';

export * from './countries';
export * from './identifiers';

/** An invoice is due this many days after it is sent, unless its end date says otherwise. */
export const INVOICE_PAYMENT_DAYS = 14;

export const INVOICE_TYPES = ['normal', 'credit'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** Invoice overview filter (spec 002 section 2: a status filter on the query). */
export const INVOICE_STATUS_FILTERS = [
  'all',
  'draft',
  'sent',
  'paid',
  'unpayable',
  'cancelled',
  'expired',
] as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

export interface DueLabel {
  text: string;
  /** 'red' when overdue; the status colour or null otherwise. */
  color: 'red' | 'green' | 'gray' | null;
  /** Days past the due date (0 when not overdue). */
  overdue_days: number;
}

/**
 * Spec 002 section 4: with no enddate the label is DRAFT; paid and unpayable show their words;
 * otherwise the days overdue (in red), 'vandaag' on the due day, or 'over 14 dagen' ('over 1 dag'), written
 * out where the spec's list abbreviated it to 'over Nd'. `today` is the Amsterdam day (yyyy-mm-dd). A sent
 * credit invoice reads 'verrekend', an invoice it credits 'gecrediteerd' (never overdue).
 */
export function invoiceDueLabel(
  status: DocumentStatus,
  enddate: string | null,
  today: string,
  settlement: 'credit' | 'credited' | null = null,
): DueLabel {
  if (status === 'paid') return { text: 'betaald', color: 'green', overdue_days: 0 };
  if (status === 'unpayable') return { text: 'oninbaar', color: 'gray', overdue_days: 0 };
  if (!enddate) return { text: 'DRAFT', color: null, overdue_days: 0 };
  // A credit invoice is settled, not owed; an invoice with a sent credit invoice is settled by it.
  if (settlement === 'credit') return { text: 'verrekend', color: 'gray', overdue_days: 0 };
  if (settlement === 'credited') return { text: 'gecrediteerd', color: 'gray', overdue_days: 0 };
  const days = dayNumber(today) - dayNumber(enddate);
  if (days > 0)
    return { text: `${days} ${days === 1 ? 'dag' : 'dagen'} te laat`, color: 'red', overdue_days: days };
  if (days === 0) return { text: 'vandaag', color: null, overdue_days: 0 };
  return { text: `over ${-days} ${days === -1 ? 'dag' : 'dagen'}`, color: null, overdue_days: 0 };
}

/**
 * Whether the quarterly overview shows the 6 % columns: only when one of its rows has a 6 % amount. The
 * rate became 9 % in 2019; old invoices keep it, and a year without them shows no empty columns.
 */
export function showsVat6(rows: readonly { exc_6: number; vat_6: number }[]): boolean {
  return rows.some((r) => r.exc_6 !== 0 || r.vat_6 !== 0);
}

/** Days between a due date and today (positive: overdue). */
export function daysOverdue(enddate: string, today: string): number {
  return dayNumber(today) - dayNumber(enddate);
}

/** The quarter of a yyyy-mm-dd day: 1–4. */
export const quarterOf = (day: string): 1 | 2 | 3 | 4 =>
  (Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1) as 1 | 2 | 3 | 4;

/** First and last day (yyyy-mm-dd) of a quarter. */
export function quarterRange(year: number, quarter: 1 | 2 | 3 | 4): { from: string; to: string } {
  const startMonth = (quarter - 1) * 3 + 1;
  const endMonth = startMonth + 2;
  const lastDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return { from: `${year}-${mm(startMonth)}-01`, to: `${year}-${mm(endMonth)}-${lastDay}` };
}

export const INVOICE_TEXTS = {
  sentLocked:
    'Een verstuurde factuur kan niet meer worden gewijzigd. Maak een creditfactuur om te corrigeren.',
  sentNotDeletable: 'Een verstuurde factuur kan niet worden verwijderd. Maak een creditfactuur.',
  creditNeedsSent: 'Alleen een verstuurde factuur kan worden gecrediteerd.',
  creditOfCredit: 'Een creditfactuur kan niet opnieuw worden gecrediteerd.',
  alreadyCredited: 'Deze factuur is al gecrediteerd.',
  notPartial: 'Alleen een deelfactuur kan aan een andere deelfactuur worden gekoppeld.',
  linkNotSelectable: 'Deze factuur kan niet als eerste deelfactuur worden gekozen.',
  linkSent: 'Een verstuurde deelfactuur kan niet meer worden gekoppeld.',
  oneRest: 'Deze deelfacturen hebben al een restfactuur.',
  linkConfirm: 'Factuur koppelen aan andere deelfactuur?',
  sendConfirm: 'Factuur versturen?',
  markPaidConfirm: 'Factuur als betaald markeren?',
  markUnpayableConfirm: 'Factuur als oninbaar markeren?',
  creditConfirm: 'Een creditfactuur maken voor deze factuur?',
  noPaymentProvider: 'Er is geen betaalprovider ingesteld.',
  paymentNotOpen: 'Alleen voor een verstuurde, onbetaalde factuur kan een betaallink worden gemaakt.',
  einvoiceNeedsSent: 'Een e-factuur bestaat pas als de factuur is verstuurd.',
  einvoiceSettings: 'Vul eerst KvK-nummer, btw-id en IBAN in bij de bedrijfsgegevens.',
  einvoiceNoLines:
    'Deze factuur heeft geen regels met een bedrag; een e-factuur heeft minstens één regel nodig.',
  einvoiceUnknownCountry:
    'Het land van de klant is onbekend; vul een land in zoals Nederland, België of Duitsland.',
  einvoiceNoCustomer: 'Deze factuur heeft geen klant; een e-factuur noemt altijd de klant.',
  reverseChargeNeedsVatId: 'Voor btw verlegd moet de klant een organisatie met een btw-id zijn.',
  paymentCompleted: 'Bedankt! Uw betaling is ontvangen.',
  creditTemplateNotFound: 'Dit factuursjabloon bestaat niet.',
  paymentNeedsSent: 'Alleen op een verstuurde factuur kan een betaling worden geregistreerd.',
  nothingOwed: 'Er staat op deze factuur niets meer open.',
  paymentTooHigh: (owed: string) => `Dit is meer dan er openstaat (${owed}).`,
  paymentPositive: 'Vul een bedrag groter dan € 0,00 in.',
  paymentDateRequired: 'Vul een geldige datum in.',
  paymentDateFuture: 'Een betaling kan niet in de toekomst liggen.',
  paymentNotFound: 'Deze betaling bestaat niet (meer).',
  reminderNotOverdue: 'Alleen een vervallen factuur met een openstaand bedrag krijgt een herinnering.',
  reminderNeedsFlow: 'Deze factuur hoort bij geen dossier; een herinnering kan niet worden verstuurd.',
  reminderNoEmail: 'De relatie van deze factuur heeft geen e-mailadres.',
  reminderNoTemplate: (type: string) => `Er is geen e-mailtemplate van het type '${type}'.`,
  noticeNeedsReminder: 'Stuur eerst een betalingsherinnering, daarna een aanmaning.',
} as const;

/** Who registered a payment: staff by hand, or the payment provider's verified webhook. */
export const PAYMENT_METHODS = ['handmatig', 'mollie', 'boekhouding'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The two letters an overdue invoice can get, in order (decision 031). */
export const PAYMENT_REMINDER_LEVELS = ['reminder', 'notice'] as const;
export type PaymentReminderLevel = (typeof PAYMENT_REMINDER_LEVELS)[number];
export const PAYMENT_REMINDER_LABELS: Record<PaymentReminderLevel, string> = {
  reminder: 'Betalingsherinnering',
  notice: 'Aanmaning',
};
/** The mail template type each letter is written with. */
export const PAYMENT_REMINDER_TEMPLATE_TYPE = {
  reminder: 'paymentreminder',
  notice: 'paymentnotice',
} as const satisfies Record<PaymentReminderLevel, string>;

/**
 * What an invoice still owes: billed incl. VAT minus its payments, exact to the cent (never below 0).
 * A credit invoice, a draft or a credited invoice owes nothing (the caller passes billed 0 then).
 */
export function invoiceOwed(billedInc: MoneyInput, payments: readonly MoneyInput[]): Decimal {
  const owed = payments.reduce<Decimal>((acc, p) => acc.minus(p), new Decimal(billedInc));
  return owed.isNegative() ? new Decimal(0) : owed.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

const SETTING_NAMES = { kvk: 'KvK-nummer', vat: 'btw-id', iban: 'IBAN' } as const;

/** The 409 of an e-invoice the company's details stop: names exactly what is missing. */
export function einvoiceSettingsMissing(missing: readonly (keyof typeof SETTING_NAMES)[]): string {
  const names = missing.map((m) => SETTING_NAMES[m]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} en ${names.at(-1)}` : names[0];
  return `Vul eerst ${list} in bij de bedrijfsgegevens (Instellingen, Facturen).`;
}

/** The standard credit invoice template (the demo data's; a company makes its own and chooses it in the invoice settings). */
export const CREDIT_INVOICE_TEMPLATE = {
  title: 'Creditfactuur',
  /** The line naming what is credited; {number} is the credited invoice's number. */
  line: 'Deze creditfactuur crediteert factuur {number}.',
} as const;

/**
 * What an invoice is to its dossier (decision 030): the whole work ('whole'), a deposit or other part
 * before the end ('deposit': fromamount, frompercentage), the rest after delivery ('rest'), or a credit.
 */
export type InvoiceRole = 'whole' | 'deposit' | 'rest' | 'credit';

export function invoiceRole(row: { invoice_type: string; partialinvoicetype: string | null }): InvoiceRole {
  if (row.invoice_type === 'credit') return 'credit';
  if (row.partialinvoicetype === 'rest') return 'rest';
  if (row.partialinvoicetype === 'fromamount' || row.partialinvoicetype === 'frompercentage')
    return 'deposit';
  return 'whole';
}

/**
 * Whether the invoice's creation and sending move the dossier to the invoice stage: only an invoice that
 * bills the end of the work (the whole, or the rest of a project). A deposit leaves the dossier where the
 * work is; a credit invoice corrects and moves nothing.
 */
export const invoiceClosesWork = (role: InvoiceRole) => role === 'whole' || role === 'rest';

/**
 * The dossier's payment state after an invoice's payment changed, or null when it stays: once an
 * invoice that closes the work has been sent, 'paid' when nothing of the sent invoices is owed, else
 * 'partlypaid'. Before that (only deposits sent) a payment moves nothing: the work is still going on.
 */
export function flowPaymentEvent(facts: {
  closingInvoiceSent: boolean;
  openInvoices: number;
}): 'paid' | 'partlypaid' | null {
  if (!facts.closingInvoiceSent) return null;
  return facts.openInvoices === 0 ? 'paid' : 'partlypaid';
}
