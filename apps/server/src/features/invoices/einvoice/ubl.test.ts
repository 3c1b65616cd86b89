import { beforeAll, describe, expect, it } from 'vitest';
import { einvoiceValidationRuns, expectValidEInvoice } from '../../../../test/einvoice';
import type { EInvoiceInput, EInvoiceLine, EInvoiceParty } from './einvoice-input';
import { computeTotals, endpointOf, isPeppolBuyer, linePrice, toUbl } from './ubl';
import { prepareEInvoiceValidation, validateEInvoice } from './validate-einvoice';

// --- Demo data: an installation company invoicing a bakery --------------------------------------

const seller: EInvoiceInput['seller'] = {
  name: 'Installatiebedrijf De Vries B.V.',
  address: {
    street: 'Industrieweg',
    housenumber: '12',
    postcode: '3542 AD',
    city: 'Utrecht',
    countryCode: 'NL',
  },
  kvk: '12345678',
  vatId: 'NL804732267B01',
  email: 'facturen@devries-installatie.nl',
  contactName: 'Jan de Vries',
  phone: '030 123 4567',
  iban: 'NL91 ABNA 0417 1643 00',
  bic: 'ABNANL2A',
};

const buyer: EInvoiceParty = {
  name: 'Bakkerij Jansen V.O.F.',
  address: {
    street: 'Dorpsstraat',
    housenumber: '5a',
    postcode: '1234 AB',
    city: 'Amersfoort',
    countryCode: 'NL',
  },
  kvk: '87654321',
  vatId: 'NL123456782B01',
  email: 'administratie@bakkerijjansen.nl',
  contactName: 'Petra Jansen',
  phone: null,
};

/** A tiny but real PDF, base64. */
const PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

function line(
  id: string,
  name: string,
  quantity: string,
  unitCode: string,
  netAmount: string,
  vatRate: EInvoiceLine['vatRate'],
): EInvoiceLine {
  return { id, name, description: null, quantity, unitCode, netAmount, vatRate };
}

function invoice(overrides: Partial<EInvoiceInput>): EInvoiceInput {
  return {
    kind: 'invoice',
    number: '2026-00017',
    issueDate: '2026-03-02',
    dueDate: '2026-03-16',
    buyerReference: 'Flow 2026-014',
    precedingInvoice: null,
    seller,
    buyer,
    lines: [],
    allowances: {},
    vatAmounts: {},
    reverseCharge: false,
    paymentTerms: 'Betaling binnen 14 dagen',
    paymentReference: '2026-00017',
    pdf: { filename: 'Factuur 2026-00017.pdf', base64: PDF_BASE64 },
    note: null,
    ...overrides,
  };
}

/** Several lines over 21 % and 9 %; one line (1000 screws for 12.34) needs a base quantity. */
const normalLines: EInvoiceLine[] = [
  {
    ...line('1', 'Warmtepomp Nefit EnviLine 7 kW', '1', 'C62', '6495.00', 21),
    description: 'Inclusief buitenunit',
  },
  line('2', 'Montage warmtepomp', '7.5', 'HUR', '483.75', 21),
  line('3', 'Isolatiemateriaal', '3', 'MTK', '100.00', 21),
  line('4', 'Schroeven RVS 4x40', '1000', 'C62', '12.34', 21),
  line('5', 'Arbeid na-isolatie woning', '4', 'HUR', '220.00', 9),
];

const demos: Record<string, EInvoiceInput> = {
  normal: invoice({
    lines: normalLines,
    vatAmounts: { 21: '1489.13', 9: '19.80' },
    note: 'Project: warmtepomp bakkerij, Dorpsstraat 5a',
  }),
  'mixed rates 0/9/21 with a discount': invoice({
    number: '2026-00018',
    paymentReference: '2026-00018',
    lines: [
      line('1', 'Cv-ketel onderhoud', '2', 'C62', '1000.00', 21),
      line('2', 'Arbeid isolatie', '8', 'HUR', '500.00', 9),
      line('3', 'Leges omgevingsvergunning', '1', 'C62', '200.00', 0),
    ],
    allowances: { 21: '50.00', 9: '25.00', 0: '10.00' },
    vatAmounts: { 21: '199.50', 9: '42.75', 0: '0.00' },
  }),
  partial: invoice({
    number: '2026-00019',
    paymentReference: '2026-00019',
    lines: [
      line('1', 'Termijn 30% van offerte 2026-014 (21% btw)', '1', 'C62', '2127.33', 21),
      line('2', 'Termijn 30% van offerte 2026-014 (9% btw)', '1', 'C62', '66.00', 9),
    ],
    vatAmounts: { 21: '446.74', 9: '5.94' },
  }),
  rest: invoice({
    number: '2026-00020',
    paymentReference: '2026-00020',
    lines: [
      line('1', 'Restant offerte 2026-014 (21% btw)', '1', 'C62', '4963.76', 21),
      line('2', 'Restant offerte 2026-014 (9% btw)', '1', 'C62', '154.00', 9),
    ],
    vatAmounts: { 21: '1042.39', 9: '13.86' },
  }),
  credit: invoice({
    kind: 'credit',
    number: '2026-00021',
    paymentReference: '2026-00021',
    dueDate: null,
    precedingInvoice: { number: '2026-00017', issueDate: '2026-03-02' },
    lines: normalLines,
    vatAmounts: { 21: '1489.13', 9: '19.80' },
    paymentTerms: 'Het bedrag wordt binnen 14 dagen teruggestort.',
    pdf: { filename: 'Creditfactuur 2026-00021.pdf', base64: PDF_BASE64 },
  }),
  '0% reverse charge': invoice({
    number: '2026-00022',
    paymentReference: '2026-00022',
    buyer: { ...buyer, name: 'Bouwbedrijf Smit & Zn <Noord> B.V.', vatId: 'nl 8547.65438.b02' },
    reverseCharge: true,
    lines: [
      line('1', 'Installatiewerk als onderaannemer', '40', 'HUR', '2600.00', 0),
      line('2', 'Leidingwerk en appendages', '1', 'C62', '845.50', 0),
    ],
    vatAmounts: { 0: '0.00' },
    note: 'Btw verlegd naar de afnemer (art. 12 lid 5 Wet OB)',
  }),
};

/** The text of the first element with this local name. */
function textOf(xml: string, name: string): string | undefined {
  return new RegExp(`<cbc:${name}[^>]*>([^<]*)</cbc:${name}>`).exec(xml)?.[1];
}

// --- The mapper by itself -------------------------------------------------------------------------

describe('toUbl', () => {
  it('writes an Invoice with the Peppol identifiers, the Dutch parties and 2-decimal amounts', () => {
    const xml = toUbl(demos.normal!);
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(textOf(xml, 'CustomizationID')).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    );
    expect(textOf(xml, 'ProfileID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(textOf(xml, 'InvoiceTypeCode')).toBe('380');
    expect(xml).toContain('<cbc:EndpointID schemeID="0106">12345678</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0106">12345678</cbc:CompanyID>');
    expect(xml).toContain('<cbc:CompanyID>NL804732267B01</cbc:CompanyID>');
    expect(xml).toContain('<cbc:StreetName>Industrieweg 12</cbc:StreetName>');
    expect(textOf(xml, 'PaymentMeansCode')).toBe('58');
    expect(xml).toContain('<cbc:ID>NL91ABNA0417164300</cbc:ID>');
    expect(xml).not.toContain('ABNANL2A'); // no BIC with a SEPA transfer (NLCIUS BR-NL-31)
    expect(textOf(xml, 'LineExtensionAmount')).toBe('7311.09');
    expect(textOf(xml, 'TaxExclusiveAmount')).toBe('7311.09');
    expect(textOf(xml, 'TaxInclusiveAmount')).toBe('8820.02');
    expect(textOf(xml, 'PayableAmount')).toBe('8820.02');
    expect(xml).toContain(
      '<cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="Factuur 2026-00017.pdf">',
    );
    for (const [, amount] of xml.matchAll(/currencyID="EUR">([^<]*)</g)) {
      if (!xml.includes(`<cbc:PriceAmount currencyID="EUR">${amount}<`))
        expect(amount).toMatch(/^-?\d+\.\d\d$/);
    }
  });

  it('writes a CreditNote with credited quantities and the invoice it corrects', () => {
    const xml = toUbl(demos.credit!);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(textOf(xml, 'CreditNoteTypeCode')).toBe('381');
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="HUR">7.5</cbc:CreditedQuantity>');
    expect(xml).not.toContain('InvoicedQuantity');
    expect(xml).toMatch(
      /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>2026-00017<\/cbc:ID>/,
    );
    expect(xml).not.toContain('DueDate');
    expect(xml).not.toContain('PaymentMeans');
  });

  it('puts the discount per rate at document level and subtracts it from the taxable amounts', () => {
    const xml = toUbl(demos['mixed rates 0/9/21 with a discount']!);
    const allowances = [...xml.matchAll(/<cac:AllowanceCharge>([\s\S]*?)<\/cac:AllowanceCharge>/g)].map(
      (m) => m[1]!,
    );
    expect(allowances).toHaveLength(3);
    expect(allowances[0]).toContain('<cbc:ChargeIndicator>false</cbc:ChargeIndicator>');
    expect(allowances[0]).toContain('<cbc:AllowanceChargeReason>Korting</cbc:AllowanceChargeReason>');
    const subtotals = [...xml.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)].map((m) => m[1]!);
    expect(
      subtotals.map((s) => [textOf(s, 'TaxableAmount'), textOf(s, 'TaxAmount'), textOf(s, 'ID')]),
    ).toEqual([
      ['950.00', '199.50', 'S'],
      ['475.00', '42.75', 'S'],
      ['190.00', '0.00', 'Z'],
    ]);
    expect(subtotals[2]).not.toContain('TaxExemptionReason'); // BR-Z-10
    expect(textOf(xml, 'AllowanceTotalAmount')).toBe('85.00');
    expect(textOf(xml, 'TaxExclusiveAmount')).toBe('1615.00');
    expect(textOf(xml, 'PayableAmount')).toBe('1857.25');
  });

  it('marks 0 % lines as reverse charge (AE) with the exemption reason', () => {
    const xml = toUbl(demos['0% reverse charge']!);
    expect(xml).toMatch(/<cac:ClassifiedTaxCategory>\s*<cbc:ID>AE<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>/);
    expect(textOf(xml, 'TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(textOf(xml, 'TaxExemptionReason')).toBe('Btw verlegd');
    expect(xml).toContain('<cbc:CompanyID>NL854765438B02</cbc:CompanyID>');
  });

  it('escapes what XML needs and nothing else', () => {
    const xml = toUbl(demos['0% reverse charge']!);
    expect(xml).toContain(
      '<cbc:RegistrationName>Bouwbedrijf Smit &amp; Zn &lt;Noord&gt; B.V.</cbc:RegistrationName>',
    );
    const weird = toUbl(
      invoice({
        lines: [line('1', 'Tab\tand \u0001control', '1', 'C62', '1.00', 21)],
        vatAmounts: { 21: '0.21' },
      }),
    );
    expect(weird).toContain('<cbc:Name>Tab\tand control</cbc:Name>');
  });

  it('leaves out empty optional elements', () => {
    const xml = toUbl(
      invoice({
        lines: normalLines,
        vatAmounts: { 21: '1489.13', 9: '19.80' },
        buyer: { ...buyer, contactName: null, email: null },
      }),
    );
    expect(xml).not.toMatch(/<([\w:]+)[^>]*>\s*<\/\1>/);
    expect(xml).not.toMatch(/<[\w:]+[^>]*\/>/);
  });

  it('refuses an invoice without lines', () => {
    expect(() => toUbl(invoice({ lines: [] }))).toThrow();
  });
});

describe('linePrice (Peppol rule R120)', () => {
  it('uses the net divided by the quantity when that gives the net back within a cent', () => {
    const p = linePrice({ quantity: '3', netAmount: '100.00' });
    expect([p.quantity.toFixed(), p.price.toFixed(), p.baseQuantity]).toEqual(['3', '33.3333', null]);
    const q = linePrice({ quantity: '7.5', netAmount: '483.75' });
    expect([q.price.toFixed(), q.baseQuantity]).toEqual(['64.5', null]);
  });

  it('prices the whole quantity at once when a 4-decimal price cannot', () => {
    const p = linePrice({ quantity: '1000', netAmount: '12.34' });
    expect([p.quantity.toFixed(), p.price.toFixed(2), p.baseQuantity?.toFixed()]).toEqual([
      '1000',
      '12.34',
      '1000',
    ]);
  });

  it('gives a negative net a negative quantity and a positive price', () => {
    const p = linePrice({ quantity: '2', netAmount: '-30.00' });
    expect([p.quantity.toFixed(), p.price.toFixed(2)]).toEqual(['-2', '15.00']);
  });
});

describe('computeTotals', () => {
  it('sums with decimals, not floats', () => {
    const t = computeTotals(
      invoice({
        lines: [line('1', 'a', '1', 'C62', '0.10', 21), line('2', 'b', '1', 'C62', '0.20', 21)],
        vatAmounts: { 21: '0.06' },
      }),
    );
    expect([t.lineNet.toFixed(2), t.taxInclusive.toFixed(2)]).toEqual(['0.30', '0.36']);
  });
});

describe('electronic addresses', () => {
  it('uses the OIN, else the KvK number, else the VAT number in its country scheme; a consumer has none', () => {
    expect(endpointOf(buyer)).toEqual({ schemeId: '0106', id: '87654321' });
    expect(endpointOf({ ...buyer, oin: '00000001003214345000' })).toEqual({
      schemeId: '0190',
      id: '00000001003214345000',
    });
    expect(endpointOf({ ...buyer, kvk: null })).toEqual({ schemeId: '9944', id: 'NL123456782B01' });
    expect(endpointOf({ ...buyer, kvk: null, vatId: 'de 123 456 789' })).toEqual({
      schemeId: '9930',
      id: 'DE123456789',
    });
    expect(endpointOf({ ...buyer, kvk: null, vatId: 'ATU12345678' })).toEqual({
      schemeId: '9914',
      id: 'ATU12345678',
    });
    const consumer = { ...buyer, kvk: null, vatId: null };
    expect(endpointOf(consumer)).toBeNull();
    expect(isPeppolBuyer(consumer)).toBe(false);
    expect(isPeppolBuyer(buyer)).toBe(true);
  });

  it('writes a consumer invoice as plain EN 16931: no Peppol identifiers, no buyer endpoint', () => {
    const xml = toUbl({ ...demos.partial!, buyer: { ...buyer, kvk: null, vatId: null } });
    expect(textOf(xml, 'CustomizationID')).toBe('urn:cen.eu:en16931:2017');
    expect(xml).not.toContain('ProfileID');
    expect(xml.match(/<cbc:EndpointID/g)).toHaveLength(1); // the seller's only
  });

  it("writes the customer's reference and purchase order number, and no attachment without a PDF", () => {
    const xml = toUbl({
      ...demos.normal!,
      buyerReference: 'KP-4410',
      orderReference: 'PO-2026-118',
      pdf: null,
    });
    expect(textOf(xml, 'BuyerReference')).toBe('KP-4410');
    expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-2026-118<\/cbc:ID>/);
    expect(xml).not.toContain('AdditionalDocumentReference');
  });
});

describe('the unit price of the PDF', () => {
  it('keeps 47.33 for 2.25 hours whose total was rounded to 106.49', () => {
    const p = linePrice({ quantity: '2.25', netAmount: '106.49', unitPrice: '47.33', discount: '0.00' });
    expect([p.quantity.toFixed(), p.price.toFixed(2), p.baseQuantity, p.allowance.toFixed(2)]).toEqual([
      '2.25',
      '47.33',
      null,
      '0.00',
    ]);
  });

  it("puts a line's discount and start amount beside the price", () => {
    const p = linePrice({
      quantity: '4',
      netAmount: '405.00',
      unitPrice: '100',
      discount: '45.00',
      startAmount: '50.00',
    });
    expect([p.price.toFixed(2), p.allowance.toFixed(2), p.charge.toFixed(2)]).toEqual([
      '100.00',
      '45.00',
      '50.00',
    ]);
  });

  it('falls back to a price from the net when the unit price does not give it back', () => {
    const p = linePrice({ quantity: '3', netAmount: '100.00', unitPrice: '40' });
    expect(p.price.toFixed()).toBe('33.3333');
  });
});

// --- Against the official artefacts -------------------------------------------------------------

describe.skipIf(!einvoiceValidationRuns)('against the official XSD and rules', () => {
  // The first run compiles the rule stylesheets (1–2.5 minutes); later runs load them from the cache.
  beforeAll(() => prepareEInvoiceValidation(), 300_000);

  for (const [kind, input] of Object.entries(demos)) {
    it(`accepts the ${kind} (${input.kind === 'credit' ? 'CreditNote' : 'Invoice'})`, async () => {
      await expectValidEInvoice(toUbl(input), { root: input.kind === 'credit' ? 'CreditNote' : 'Invoice' });
    });
  }

  it('accepts a negative line and a quantity with 4 decimals', async () => {
    const xml = toUbl(
      invoice({
        lines: [
          line('1', 'Cv-ketel HR 28 kW', '1', 'C62', '1850.00', 21),
          line('2', 'Inruil oude ketel', '1', 'C62', '-150.00', 21),
          line('3', 'Arbeid', '2.3333', 'HUR', '150.00', 21),
        ],
        vatAmounts: { 21: '388.50' },
      }),
    );
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="C62">-1</cbc:InvoicedQuantity>');
    const result = await validateEInvoice(xml);
    expect(result.xsdErrors).toEqual([]);
    expect(result.ruleErrors).toEqual([]);
  });

  it('warns but does not fail on what the NLCIUS merely advises against', async () => {
    const result = await validateEInvoice(toUbl(demos.credit!));
    expect(result.ruleErrors).toEqual([]);
    expect(result.warnings.some((w) => w.includes('BR-NL-24'))).toBe(true); // preceding invoice's date
  });

  it('catches a wrong total', async () => {
    const xml = toUbl(demos.normal!).replace(
      '<cbc:TaxInclusiveAmount currencyID="EUR">8820.02</cbc:TaxInclusiveAmount>',
      '<cbc:TaxInclusiveAmount currencyID="EUR">8820.03</cbc:TaxInclusiveAmount>',
    );
    const result = await validateEInvoice(xml);
    expect(result.xsdErrors).toEqual([]);
    expect(result.ruleErrors.some((e) => e.startsWith('[EN16931]') && e.includes('BR-CO-15'))).toBe(true);
  });

  it('catches a VAT amount that does not fit its rate', async () => {
    const result = await validateEInvoice(
      toUbl({ ...demos.normal!, vatAmounts: { 21: '1500.00', 9: '19.80' } }),
    );
    expect(result.ruleErrors.some((e) => e.includes('BR-CO-17'))).toBe(true);
  });

  it('catches an element the schema does not allow', async () => {
    const xml = toUbl(demos.normal!).replace(
      '<cbc:IssueDate>',
      '<cbc:IssueTime>morgen</cbc:IssueTime><cbc:IssueDate>',
    );
    const result = await validateEInvoice(xml);
    expect(result.xsdErrors.length).toBeGreaterThan(0);
  });

  it('accepts a consumer invoice as plain EN 16931, and one for a government body by its OIN', async () => {
    await expectValidEInvoice(toUbl({ ...demos.partial!, buyer: { ...buyer, kvk: null, vatId: null } }), {
      peppol: false,
    });
    const government = {
      ...buyer,
      name: 'Gemeente Groningen',
      kvk: null,
      vatId: null,
      oin: '00000001001589623000',
    };
    const xml = toUbl({
      ...demos.normal!,
      buyer: government,
      buyerReference: 'INK-77',
      orderReference: 'PO-1',
    });
    expect(xml).toContain('<cbc:EndpointID schemeID="0190">00000001001589623000</cbc:EndpointID>');
    await expectValidEInvoice(xml);
  });

  it('accepts line discounts and start amounts at the PDF unit price', async () => {
    const xml = toUbl(
      invoice({
        lines: [
          { ...line('1', 'Monteur', '2.25', 'HUR', '106.49', 21), unitPrice: '47.33' },
          {
            ...line('2', 'Paneel', '4', 'C62', '405.00', 21),
            unitPrice: '100',
            discount: '45.00',
            startAmount: '50.00',
          },
        ],
        vatAmounts: { 21: '107.41' },
      }),
    );
    expect(xml).toContain('<cbc:PriceAmount currencyID="EUR">47.33</cbc:PriceAmount>');
    await expectValidEInvoice(xml);
  });

  it('reports an e-mail address as electronic address (not a Peppol scheme)', async () => {
    const xml = toUbl(demos.partial!).replace(
      '<cbc:EndpointID schemeID="0106">87654321</cbc:EndpointID>',
      '<cbc:EndpointID schemeID="EM">administratie@bakkerijjansen.nl</cbc:EndpointID>',
    );
    const result = await validateEInvoice(xml);
    expect(result.ruleErrors.some((e) => e.includes('PEPPOL-EN16931-CL008'))).toBe(true);
  });
});
