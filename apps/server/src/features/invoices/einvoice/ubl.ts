// The e-invoice: a sent invoice or credit invoice as UBL 2.1 following Peppol BIS Billing 3.0, with
// the Dutch rules (the NL-R rules of Peppol and the BR-NL rules of the NLCIUS). Amounts are summed
// with decimal.js and written with exactly two decimals; the XML is built with xmlbuilder2, which
// escapes every value.
import { normalizeIban, normalizeVatId } from '@im/domain';
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import type { EInvoiceInput, EInvoiceLine, EInvoiceParty, EInvoiceVatRate } from './einvoice-input';

export const PEPPOL_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

const CURRENCY = 'EUR';
const INVOICE_TYPE_CODE = '380';
const CREDIT_NOTE_TYPE_CODE = '381';
/** UNCL 4461: 58 is a SEPA credit transfer, 30 any other credit transfer. */
const SEPA_CREDIT_TRANSFER = '58';
const CREDIT_TRANSFER = '30';
const ALLOWANCE_REASON = 'Korting';
const START_REASON = 'Starttarief';
const REVERSE_CHARGE_REASON_CODE = 'VATEX-EU-AE';
const REVERSE_CHARGE_REASON = 'Btw verlegd';

/** Countries whose IBANs take part in SEPA (EEA, Switzerland, the UK and the other members). */
const SEPA_COUNTRIES = new Set(
  (
    'AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK ' +
    'SM VA AL MD ME MK RS'
  ).split(' '),
);

/** Peppol EAS codes (ISO 6523 ICD and the 99xx VAT schemes) used for Dutch parties. */
const SCHEME_KVK = '0106';
const SCHEME_OIN = '0190';
/** The Peppol EAS scheme of a VAT number per VAT prefix (Greece writes EL); countries without one are left out. */
const VAT_SCHEMES: Readonly<Record<string, string>> = {
  AT: '9914',
  BE: '9925',
  BG: '9926',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  EL: '9933',
  ES: '9920',
  FR: '9957',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  IT: '0211',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  SI: '9949',
  SK: '9950',
};

/** The plain EN 16931 specification identifier: a B2C e-invoice that does not claim Peppol (decision 035). */
export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;
const ZERO = new Dec(0);
/** The slack Peppol allows between a line's net and quantity × price ± its allowances (R120). */
const LINE_SLACK = new Dec('0.02');

type Node = ReturnType<typeof create>;
type TaxCategoryId = 'S' | 'Z' | 'AE';

export interface EndpointId {
  schemeId: string;
  id: string;
}

const oinOf = (party: EInvoiceParty) =>
  party.oin && /^\d{20}$/.test(party.oin.trim()) ? party.oin.trim() : null;

/**
 * A party's Peppol electronic address (BT-34/BT-49): a government body's OIN (0190), else the KvK
 * number (0106), else the VAT number in its country's scheme (9944 for the Netherlands). Null when the
 * party has none: a consumer, or a business known by none of these (decision 035).
 */
export function endpointOf(party: EInvoiceParty): EndpointId | null {
  const oin = oinOf(party);
  if (oin) return { schemeId: SCHEME_OIN, id: oin };
  const kvk = party.kvk?.trim();
  if (kvk) return { schemeId: SCHEME_KVK, id: kvk };
  const vat = party.vatId ? normalizeVatId(party.vatId) : '';
  const scheme = VAT_SCHEMES[vat.slice(0, 2)];
  if (scheme && vat.length > 2) return { schemeId: scheme, id: vat };
  return null;
}

/** Whether an invoice to this buyer is a Peppol BIS Billing 3.0 one: the buyer has a Peppol address. */
export function isPeppolBuyer(buyer: EInvoiceParty): boolean {
  return endpointOf(buyer) !== null;
}

/** UBL 2.1 XML (Peppol BIS Billing 3.0) of a sent invoice ('invoice') or credit invoice ('credit'). */
export function toUbl(input: EInvoiceInput): string {
  if (input.lines.length === 0) throw new Error('An e-invoice needs at least one line.');
  const credit = input.kind === 'credit';
  const totals = computeTotals(input);

  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  const root = doc.ele(credit ? NS.creditNote : NS.invoice, credit ? 'CreditNote' : 'Invoice', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
  });

  const peppol = isPeppolBuyer(input.buyer);
  text(root, 'cbc:CustomizationID', peppol ? PEPPOL_CUSTOMIZATION_ID : EN16931_CUSTOMIZATION_ID);
  if (peppol) text(root, 'cbc:ProfileID', PEPPOL_PROFILE_ID);
  text(root, 'cbc:ID', input.number);
  text(root, 'cbc:IssueDate', input.issueDate);
  // A UBL CreditNote has no DueDate; a credit invoice has nothing to pay either.
  if (!credit) text(root, 'cbc:DueDate', input.dueDate);
  text(
    root,
    credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode',
    credit ? CREDIT_NOTE_TYPE_CODE : INVOICE_TYPE_CODE,
  );
  text(root, 'cbc:Note', input.note);
  text(root, 'cbc:DocumentCurrencyCode', CURRENCY);
  text(root, 'cbc:BuyerReference', input.buyerReference);
  if (filled(input.orderReference)) text(root.ele('cac:OrderReference'), 'cbc:ID', input.orderReference);

  if (input.precedingInvoice) {
    const ref = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    text(ref, 'cbc:ID', input.precedingInvoice.number);
    text(ref, 'cbc:IssueDate', input.precedingInvoice.issueDate);
  }

  if (input.pdf) {
    const attachment = root.ele('cac:AdditionalDocumentReference');
    text(attachment, 'cbc:ID', input.number);
    attachment
      .ele('cac:Attachment')
      .ele('cbc:EmbeddedDocumentBinaryObject', { mimeCode: 'application/pdf', filename: input.pdf.filename })
      .txt(input.pdf.base64);
  }

  party(root.ele('cac:AccountingSupplierParty'), input.seller);
  party(root.ele('cac:AccountingCustomerParty'), input.buyer);

  // Payment instructions tell the buyer where to pay; a credit invoice asks no payment.
  if (!credit) paymentMeans(root, input);
  const terms = input.paymentTerms.trim();
  if (terms) text(root.ele('cac:PaymentTerms'), 'cbc:Note', terms);

  for (const { rate, amount } of totals.allowances) {
    const allowance = root.ele('cac:AllowanceCharge');
    text(allowance, 'cbc:ChargeIndicator', 'false');
    text(allowance, 'cbc:AllowanceChargeReason', ALLOWANCE_REASON);
    money(allowance, 'cbc:Amount', amount);
    taxCategory(allowance.ele('cac:TaxCategory'), rate, input.reverseCharge, false);
  }

  const taxTotal = root.ele('cac:TaxTotal');
  money(taxTotal, 'cbc:TaxAmount', totals.tax);
  for (const sub of totals.subtotals) {
    const subtotal = taxTotal.ele('cac:TaxSubtotal');
    money(subtotal, 'cbc:TaxableAmount', sub.taxable);
    money(subtotal, 'cbc:TaxAmount', sub.tax);
    taxCategory(subtotal.ele('cac:TaxCategory'), sub.rate, input.reverseCharge, true);
  }

  const monetary = root.ele('cac:LegalMonetaryTotal');
  money(monetary, 'cbc:LineExtensionAmount', totals.lineNet);
  money(monetary, 'cbc:TaxExclusiveAmount', totals.taxExclusive);
  money(monetary, 'cbc:TaxInclusiveAmount', totals.taxInclusive);
  if (totals.allowances.length > 0) money(monetary, 'cbc:AllowanceTotalAmount', totals.allowance);
  money(monetary, 'cbc:PayableAmount', totals.taxInclusive);

  for (const line of input.lines) invoiceLine(root, line, input.reverseCharge, credit);

  return doc.end({ prettyPrint: true });
}

export interface Totals {
  lineNet: Dec;
  allowance: Dec;
  allowances: { rate: EInvoiceVatRate; amount: Dec }[];
  subtotals: { rate: EInvoiceVatRate; taxable: Dec; tax: Dec }[];
  tax: Dec;
  taxExclusive: Dec;
  taxInclusive: Dec;
}

const RATE_ORDER: readonly EInvoiceVatRate[] = [21, 9, 6, 0];

/** Sums per rate: the lines' nets less the document discount, with the VAT the calculation gave. */
export function computeTotals(input: EInvoiceInput): Totals {
  const netPerRate = new Map<EInvoiceVatRate, Dec>();
  for (const line of input.lines) {
    netPerRate.set(line.vatRate, (netPerRate.get(line.vatRate) ?? ZERO).plus(new Dec(line.netAmount)));
  }
  const allowances = RATE_ORDER.flatMap((rate) => {
    const value = input.allowances[rate];
    const amount = value === undefined ? ZERO : new Dec(value);
    return amount.isZero() ? [] : [{ rate, amount }];
  });
  const rates = RATE_ORDER.filter((rate) => netPerRate.has(rate) || allowances.some((a) => a.rate === rate));
  const subtotals = rates.map((rate) => {
    const allowance = allowances.find((a) => a.rate === rate)?.amount ?? ZERO;
    const vat = input.vatAmounts[rate];
    return {
      rate,
      taxable: (netPerRate.get(rate) ?? ZERO).minus(allowance),
      tax: vat === undefined ? ZERO : new Dec(vat),
    };
  });
  const lineNet = sum([...netPerRate.values()]);
  const allowance = sum(allowances.map((a) => a.amount));
  const tax = sum(subtotals.map((s) => s.tax));
  const taxExclusive = lineNet.minus(allowance);
  return {
    lineNet,
    allowance,
    allowances,
    subtotals,
    tax,
    taxExclusive,
    taxInclusive: taxExclusive.plus(tax),
  };
}

export interface LinePrice {
  quantity: Dec;
  price: Dec;
  baseQuantity: Dec | null;
  /** The line's discount as an allowance (BG-27), positive. */
  allowance: Dec;
  /** The line's start amount as a charge (BG-28), positive. */
  charge: Dec;
}

/**
 * The line's price (BT-146), base quantity (BT-149), allowance and charge such that quantity × price /
 * base − allowance + charge gives the line's net within 2 cents (Peppol rule R120). Preferably the unit
 * price the PDF shows, with the line's discount and start amount beside it; else the net divided by
 * the quantity, rounded to 4 decimals, when that comes within a cent; else the whole net as the price
 * of the whole quantity. A negative net (a trade-in) gets a negative quantity: a price is never negative.
 */
export function linePrice(
  line: Pick<EInvoiceLine, 'quantity' | 'netAmount' | 'unitPrice' | 'discount' | 'startAmount'>,
): LinePrice {
  const net = new Dec(line.netAmount);
  const absQuantity = new Dec(line.quantity).abs();
  const negative = net.isNegative() || (net.isZero() && new Dec(line.quantity).isNegative());
  const quantity = negative ? absQuantity.negated() : absQuantity;
  const plain = { allowance: ZERO, charge: ZERO };
  if (absQuantity.isZero()) return { quantity, price: ZERO, baseQuantity: null, ...plain };
  if (filled(line.unitPrice)) {
    // A negative line (a trade-in) carries its price only: a discount on it would be a negative allowance.
    const price = new Dec(line.unitPrice).abs();
    const allowance = !negative && filled(line.discount) ? new Dec(line.discount) : ZERO;
    const charge = !negative && filled(line.startAmount) ? new Dec(line.startAmount) : ZERO;
    const rest = negative
      ? [line.discount, line.startAmount].some((v) => filled(v) && !new Dec(v).isZero())
      : allowance.isNegative() || charge.isNegative();
    const fits = quantity.times(price).minus(allowance).plus(charge).minus(net).abs().lte(LINE_SLACK);
    if (fits && !rest) return { quantity, price, baseQuantity: null, allowance, charge };
  }
  const price = net.abs().dividedBy(absQuantity).toDecimalPlaces(4);
  if (price.times(absQuantity).minus(net.abs()).abs().lessThanOrEqualTo('0.01')) {
    return { quantity, price, baseQuantity: null, ...plain };
  }
  return { quantity, price: net.abs(), baseQuantity: absQuantity, ...plain };
}

function invoiceLine(root: Node, line: EInvoiceLine, reverseCharge: boolean, credit: boolean) {
  const { quantity, price, baseQuantity, allowance, charge } = linePrice(line);
  const el = root.ele(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
  text(el, 'cbc:ID', line.id);
  el.ele(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', { unitCode: line.unitCode }).txt(
    quantity.toFixed(),
  );
  money(el, 'cbc:LineExtensionAmount', new Dec(line.netAmount));
  for (const [isCharge, amount, reason] of [
    [true, charge, START_REASON],
    [false, allowance, ALLOWANCE_REASON],
  ] as const) {
    if (amount.isZero()) continue;
    const ac = el.ele('cac:AllowanceCharge');
    text(ac, 'cbc:ChargeIndicator', String(isCharge));
    text(ac, 'cbc:AllowanceChargeReason', reason);
    money(ac, 'cbc:Amount', amount);
  }
  const item = el.ele('cac:Item');
  text(item, 'cbc:Description', line.description);
  text(item, 'cbc:Name', line.name.trim() || line.description?.trim() || `Regel ${line.id}`);
  taxCategory(item.ele('cac:ClassifiedTaxCategory'), line.vatRate, reverseCharge, false);
  const priceEl = el.ele('cac:Price');
  priceEl
    .ele('cbc:PriceAmount', { currencyID: CURRENCY })
    .txt(price.toFixed(Math.max(2, price.decimalPlaces())));
  if (baseQuantity) priceEl.ele('cbc:BaseQuantity', { unitCode: line.unitCode }).txt(baseQuantity.toFixed());
}

function categoryOf(rate: EInvoiceVatRate, reverseCharge: boolean): TaxCategoryId {
  if (rate !== 0) return 'S';
  return reverseCharge ? 'AE' : 'Z';
}

/**
 * A VAT category (BG-23 and the line's and allowance's). Only the breakdown carries the exemption
 * reason, and only for reverse charge: a zero rated (Z) breakdown may not have one (BR-Z-10).
 */
function taxCategory(el: Node, rate: EInvoiceVatRate, reverseCharge: boolean, withReason: boolean) {
  const category = categoryOf(rate, reverseCharge);
  text(el, 'cbc:ID', category);
  text(el, 'cbc:Percent', String(rate));
  if (withReason && category === 'AE') {
    text(el, 'cbc:TaxExemptionReasonCode', REVERSE_CHARGE_REASON_CODE);
    text(el, 'cbc:TaxExemptionReason', REVERSE_CHARGE_REASON);
  }
  text(el.ele('cac:TaxScheme'), 'cbc:ID', 'VAT');
}

function party(parent: Node, p: EInvoiceParty) {
  const el = parent.ele('cac:Party');
  const endpoint = endpointOf(p);
  if (endpoint) el.ele('cbc:EndpointID', { schemeID: endpoint.schemeId }).txt(endpoint.id);
  text(el.ele('cac:PartyName'), 'cbc:Name', p.name);

  const address = el.ele('cac:PostalAddress');
  text(
    address,
    'cbc:StreetName',
    [p.address.street, p.address.housenumber]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(' '),
  );
  text(address, 'cbc:CityName', p.address.city);
  text(address, 'cbc:PostalZone', p.address.postcode);
  text(address.ele('cac:Country'), 'cbc:IdentificationCode', p.address.countryCode.trim().toUpperCase());

  if (p.vatId?.trim()) {
    const tax = el.ele('cac:PartyTaxScheme');
    text(tax, 'cbc:CompanyID', normalizeVatId(p.vatId));
    text(tax.ele('cac:TaxScheme'), 'cbc:ID', 'VAT');
  }

  const legal = el.ele('cac:PartyLegalEntity');
  text(legal, 'cbc:RegistrationName', p.name);
  const oin = oinOf(p);
  if (oin) legal.ele('cbc:CompanyID', { schemeID: SCHEME_OIN }).txt(oin);
  else if (p.kvk?.trim()) legal.ele('cbc:CompanyID', { schemeID: SCHEME_KVK }).txt(p.kvk.trim());

  if (filled(p.contactName) || filled(p.phone) || filled(p.email)) {
    const contact = el.ele('cac:Contact');
    text(contact, 'cbc:Name', p.contactName);
    text(contact, 'cbc:Telephone', p.phone);
    text(contact, 'cbc:ElectronicMail', p.email);
  }
}

function paymentMeans(root: Node, input: EInvoiceInput) {
  const iban = normalizeIban(input.seller.iban);
  const sepa = SEPA_COUNTRIES.has(iban.slice(0, 2));
  const el = root.ele('cac:PaymentMeans');
  text(el, 'cbc:PaymentMeansCode', sepa ? SEPA_CREDIT_TRANSFER : CREDIT_TRANSFER);
  text(el, 'cbc:PaymentID', input.paymentReference);
  const account = el.ele('cac:PayeeFinancialAccount');
  text(account, 'cbc:ID', iban);
  // The NLCIUS advises against a BIC with a SEPA transfer (BR-NL-31); outside SEPA it is needed.
  if (!sepa && filled(input.seller.bic)) {
    text(account.ele('cac:FinancialInstitutionBranch'), 'cbc:ID', input.seller.bic.trim().toUpperCase());
  }
}

/** A text element, left out when there is no value: Peppol forbids empty elements (R008). */
function text(parent: Node, name: string, value: string | null | undefined) {
  if (!filled(value)) return;
  parent.ele(name).txt(value.trim());
}

function money(parent: Node, name: string, amount: Dec) {
  parent.ele(name, { currencyID: CURRENCY }).txt(amount.toFixed(2));
}

function filled(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value.trim() !== '';
}

function sum(values: readonly Dec[]): Dec {
  return values.reduce<Dec>((acc, v) => acc.plus(v), ZERO);
}
