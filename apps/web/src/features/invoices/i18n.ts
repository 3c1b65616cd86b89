import { useTranslation } from 'react-i18next';

// Texts of the invoice overviews and the company's invoice details (spec 002; decision 022). The
// messages the server shares come from INVOICE_TEXTS and the contract's schemas in @im/domain; these
// are the screens' own labels.
export const invoicesNl = {
  // /overdueinvoice_overview.html
  overdueTitle: 'Verlopen facturen',
  number: 'Factuurnummer',
  relation: 'Klant',
  flow: 'Dossier',
  flowNumber: 'Dossier {{number}}',
  dateSend: 'Verstuurd',
  enddate: 'Vervaldatum',
  daysOverdue: 'Dagen te laat',
  day: '{{count}} dag',
  days: '{{count}} dagen',
  amountInc: 'Bedrag incl. btw',
  totalOutstanding: 'Totaal openstaand: {{amount}}',
  noOverdue: 'Geen verlopen facturen.',
  // /invoice_overview_quarterly
  quarterlyTitle: 'Kwartaaloverzicht facturen',
  quarterlyIntro:
    'Alle facturen en creditfacturen die in het kwartaal zijn verstuurd; de bedragen zoals ze bij het versturen vastlagen. Voor de btw-aangifte: omzet hoog tarief (21%) en laag tarief (9%), met de btw daarover.',
  year: 'Jaar',
  quarter: 'Kwartaal',
  quarterLabel: 'Q{{quarter}}',
  quarterPeriod: '{{from}} t/m {{to}}',
  total: 'Totaal',
  invoices: 'Facturen',
  netRate: 'Omzet {{rate}}%',
  vatRate: 'Btw {{rate}}%',
  totalExc: 'Totaal excl. btw',
  totalVat: 'Totaal btw',
  totalInc: 'Totaal incl. btw',
  exportCsv: 'Exporteren als CSV',
  exportXlsx: 'Exporteren als Excel',
  // /account/company_profile
  profileTitle: 'Bedrijfsgegevens',
  profileIntro: 'De gegevens van uw bedrijf op elke factuur en in de e-factuur (UBL).',
  einvoiceNotReady:
    'Vul KvK-nummer, btw-id en IBAN in: die zijn nodig voor de e-factuur (UBL) bij elke verstuurde factuur.',
  address: 'Adres',
  street: 'Straat',
  housenumber: 'Huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  contact: 'Contact',
  phone: 'Telefoon',
  email: 'E-mail',
  invoiceDetails: 'Factuurgegevens',
  kvkNumber: 'KvK-nummer',
  vatNumber: 'Btw-identificatienummer',
  iban: 'IBAN',
  bic: 'BIC',
  paymentDays: 'Betaaltermijn (dagen)',
  paymentDaysHint: 'Zoveel dagen na het versturen moet een factuur betaald zijn.',
  paymentLinks: 'Betaallinks (iDEAL via Mollie)',
  paymentLinksHint: 'Met een betaalprovider krijgt elke verstuurde factuur een link om direct te betalen.',
  provider: 'Betaalprovider',
  providerNone: 'Geen',
  providerMollie: 'Mollie',
  creditTemplate: 'Standaard creditfactuur',
  creditTemplateLabel: 'Sjabloon voor creditfacturen',
  creditTemplateHint:
    'Een nieuwe creditfactuur krijgt de teksten en opmaak van dit factuursjabloon; {number} in het sjabloon wordt het nummer van de gecrediteerde factuur.',
  creditTemplateNone: 'Geen: zoals de gecrediteerde factuur',
  apiKey: 'API-sleutel',
  apiKeyHint: 'Leeg laten om de huidige sleutel te houden.',
  apiKeyNew: 'De sleutel begint met test_ of live_.',
  removeKey: 'Sleutel verwijderen',
  removeKeyConfirm:
    'De API-sleutel van Mollie verwijderen? Daarna kunnen er geen betaallinks meer worden gemaakt.',
  keyRemoved: 'Sleutel verwijderd',
  saved: 'Bedrijfsgegevens opgeslagen',
  noChanges: 'Er is niets gewijzigd.',
  saveFailed: 'Opslaan is mislukt',
  readOnly: 'Alleen een manager kan de bedrijfsgegevens wijzigen.',
  loadFailed: 'De gegevens konden niet worden geladen.',
};

export type InvoicesTexts = typeof invoicesNl;

export const invoicesEn: InvoicesTexts = {
  overdueTitle: 'Overdue invoices',
  number: 'Invoice number',
  relation: 'Customer',
  flow: 'Flow',
  flowNumber: 'Flow {{number}}',
  dateSend: 'Sent',
  enddate: 'Due date',
  daysOverdue: 'Days overdue',
  day: '{{count}} day',
  days: '{{count}} days',
  amountInc: 'Amount incl. VAT',
  totalOutstanding: 'Total outstanding: {{amount}}',
  noOverdue: 'No overdue invoices.',
  quarterlyTitle: 'Quarterly invoice overview',
  quarterlyIntro:
    'Every invoice and credit invoice sent in the quarter, with the amounts fixed when it was sent. For the VAT return: turnover at the high rate (21%) and the low rate (9%), with the VAT on it.',
  year: 'Year',
  quarter: 'Quarter',
  quarterLabel: 'Q{{quarter}}',
  quarterPeriod: '{{from}} to {{to}}',
  total: 'Total',
  invoices: 'Invoices',
  netRate: 'Turnover {{rate}}%',
  vatRate: 'VAT {{rate}}%',
  totalExc: 'Total excl. VAT',
  totalVat: 'Total VAT',
  totalInc: 'Total incl. VAT',
  exportCsv: 'Export as CSV',
  exportXlsx: 'Export as Excel',
  profileTitle: 'Company details',
  profileIntro: 'Your company details on every invoice and in the e-invoice (UBL).',
  einvoiceNotReady:
    'Fill in the Chamber of Commerce number, VAT id and IBAN: every sent invoice needs them for the e-invoice (UBL).',
  address: 'Address',
  street: 'Street',
  housenumber: 'House number',
  postcode: 'Postcode',
  city: 'City',
  contact: 'Contact',
  phone: 'Phone',
  email: 'E-mail',
  invoiceDetails: 'Invoice details',
  kvkNumber: 'Chamber of Commerce number',
  vatNumber: 'VAT identification number',
  iban: 'IBAN',
  bic: 'BIC',
  paymentDays: 'Payment term (days)',
  paymentDaysHint: 'An invoice is due this many days after it is sent.',
  paymentLinks: 'Payment links (iDEAL via Mollie)',
  paymentLinksHint: 'With a payment provider every sent invoice gets a link to pay at once.',
  provider: 'Payment provider',
  providerNone: 'None',
  providerMollie: 'Mollie',
  creditTemplate: 'Standard credit invoice',
  creditTemplateLabel: 'Template for credit invoices',
  creditTemplateHint:
    "A new credit invoice gets this invoice template's texts and layout; {number} in the template becomes the credited invoice's number.",
  creditTemplateNone: 'None: like the credited invoice',
  apiKey: 'API key',
  apiKeyHint: 'Leave empty to keep the current key.',
  apiKeyNew: 'The key starts with test_ or live_.',
  removeKey: 'Remove key',
  removeKeyConfirm: 'Remove the Mollie API key? No payment links can be made after that.',
  keyRemoved: 'Key removed',
  saved: 'Company details saved',
  noChanges: 'Nothing was changed.',
  saveFailed: 'Saving failed',
  readOnly: 'Only a manager can change the company details.',
  loadFailed: 'The details could not be loaded.',
};

/** Fills `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** The catalog in the interface's language (the app's i18next language). */
export function useInvoiceTexts(): InvoicesTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? invoicesEn : invoicesNl;
}
