/**
 * What the e-invoice mapper needs to know about one sent invoice or credit invoice: everything
 * prepared by the server (amounts as decimal strings with 2 decimals, never floats). The mapper
 * (`ubl.ts`) turns it into UBL 2.1 following Peppol BIS Billing 3.0 with the Dutch NLCIUS rules.
 */
export type EInvoiceVatRate = 0 | 6 | 9 | 21;

export interface EInvoiceAddress {
  street: string | null;
  /** House number and addition, appended to the street. */
  housenumber: string | null;
  postcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2, e.g. 'NL'. */
  countryCode: string;
}

export interface EInvoiceParty {
  name: string;
  address: EInvoiceAddress;
  /** Chamber of Commerce number (KvK, 8 digits); the seller's is required by NLCIUS. */
  kvk: string | null;
  /** VAT identifier, e.g. 'NL123456789B01'. */
  vatId: string | null;
  /** A Dutch government body's OIN (20 digits): its Peppol address (0190) and legal identifier. */
  oin?: string | null;
  email: string | null;
  /** Contact person or phone, optional. */
  contactName: string | null;
  phone: string | null;
}

export interface EInvoiceLine {
  id: string;
  name: string;
  description: string | null;
  /** Quantity, decimal string (may have up to 4 decimals); negative never: a credit note carries positive amounts. */
  quantity: string;
  /** UN/ECE rec 20 unit code, e.g. 'C62' (piece), 'HUR' (hour), 'MTK' (m²). */
  unitCode: string;
  /** Line net amount excluding VAT after the line's own discount, 2 decimals. */
  netAmount: string;
  /**
   * The unit price excluding VAT as the PDF shows it (up to 4 decimals), with the line's discount
   * and start amount: used when quantity × price − discount + start gives the net within the
   * 2 cents Peppol allows; otherwise the price is derived from the net.
   */
  unitPrice?: string | null;
  /** The line's own discount (an allowance on the line), positive, 2 decimals. */
  discount?: string | null;
  /** The line's start amount (a charge on the line), 2 decimals. */
  startAmount?: string | null;
  vatRate: EInvoiceVatRate;
}

export interface EInvoiceInput {
  /** 'invoice' gives an <Invoice> (type 380); 'credit' a <CreditNote> (type 381) with positive amounts. */
  kind: 'invoice' | 'credit';
  /** The invoice number as printed, e.g. '2026-00017'. */
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  /** BT-10: the customer's own reference ('Uw referentie'), else the dossier number. */
  buyerReference: string;
  /** BT-13: the customer's purchase order number ('Inkoopordernummer'), or null. */
  orderReference?: string | null;
  /** For a credit note: the invoice it corrects (BT-25, BT-26). */
  precedingInvoice: { number: string; issueDate: string } | null;
  seller: EInvoiceParty & { iban: string; bic: string | null };
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  /** Document-level discount per rate (the calculation's overall discount), positive, 2 decimals. */
  allowances: Partial<Record<EInvoiceVatRate, string>>;
  /** VAT amount per rate that occurs in the lines, 2 decimals (from the calculation engine). */
  vatAmounts: Partial<Record<EInvoiceVatRate, string>>;
  /** All 0 % lines are reverse-charged (btw verlegd, category AE) instead of zero-rated (Z). */
  reverseCharge: boolean;
  /** Free text payment terms, e.g. 'Betaling binnen 14 dagen'. */
  paymentTerms: string;
  /** Payment reference (the invoice number). */
  paymentReference: string;
  /** The invoice PDF, embedded as an attachment (BG-24); null when no PDF was made (the demo's). */
  pdf: { filename: string; base64: string } | null;
  /** Free text note (BT-22), optional. */
  note: string | null;
}
