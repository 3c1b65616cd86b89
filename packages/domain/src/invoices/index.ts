// Invoices: the fourth kind of the document engine (spec 002; decision 022). The amounts an invoice
// bills live in ../calculation/billing.ts; checksums of IBAN, KvK and VAT numbers in ./identifiers.ts.
import type { DocumentStatus } from '../documents';

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
  reverseChargeNeedsVatId: 'Voor btw verlegd moet de klant een organisatie met een btw-id zijn.',
  paymentCompleted: 'Bedankt! Uw betaling is ontvangen.',
  creditTemplateNotFound: 'Dit factuursjabloon bestaat niet.',
} as const;

/** The standard credit invoice template (the demo data's; a company makes its own and chooses it in the invoice settings). */
export const CREDIT_INVOICE_TEMPLATE = {
  title: 'Creditfactuur',
  /** The line naming what is credited; {number} is the credited invoice's number. */
  line: 'Deze creditfactuur crediteert factuur {number}.',
} as const;
