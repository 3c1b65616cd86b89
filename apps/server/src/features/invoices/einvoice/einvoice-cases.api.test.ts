// Every kind of invoice the product makes, sent through the API and its e-invoice validated against
// the UBL 2.1 XSD, EN 16931, Peppol BIS 3 (for a business buyer) and the NLCIUS (decision 035); the
// demo's sent invoices are validated in demo/load-demo.api.test.ts, which loads the demo anyway. The
// compiled rules are loaded once for the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../../test/crm-factories';
import { einvoiceValidationRuns, expectValidEInvoice } from '../../../../test/einvoice';
import { startTestServer, type TestServer } from '../../../../test/test-server';
import { prepareEInvoiceValidation } from './validate-einvoice';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

const SETTINGS = {
  street: 'Industrieweg',
  housenumber: '12',
  postcode: '9723 AB',
  city: 'Groningen',
  kvk_number: '12345678',
  vat_number: 'NL000099998B57',
  iban: 'NL91 ABNA 0417 1643 00',
  invoice_payment_days: 14,
};

beforeAll(async () => {
  const compiling = einvoiceValidationRuns ? prepareEInvoiceValidation() : Promise.resolve();
  t = await startTestServer();
  a = await createSalesCompany(t, { name: 'E-facturen A' });
  b = await createSalesCompany(t, { name: 'E-facturen B' });
  const settings = await api('PATCH', '/api/company/invoicesettings', SETTINGS);
  if (settings.status !== 200) throw new Error(JSON.stringify(settings.body));
  await compiling;
}, 300_000);
afterAll(async () => t?.close());

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function call(method: string, path: string, body?: unknown, status = 200, token = a.token) {
  const res = await api(method, path, body, token);
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An organization made through POST /api/organization with its contact person and a flow. */
async function organization(body: Record<string, unknown>) {
  const org = await call(
    'POST',
    '/api/organization',
    { relation: { fullname: 'Anna de Boer' }, ...body },
    201,
  );
  return { org, flowId: org.relations[0].flow_id as number };
}

type Line = {
  name: string;
  rate: string;
  amount?: string;
  unit?: string;
  split?: [number, number, number];
  discount?: string;
};

/** An approved-less confirmation with the given lines (split: % at 0, 9, 21), optional document discount. */
async function confirmation(flowId: number, lines: Line[], discount?: string) {
  const c = await call('POST', '/api/confirmation', { flow_id: flowId, title: 'Installatie' }, 201);
  for (const line of lines) {
    const [p0, p9, p21] = line.split ?? [0, 0, 100];
    await call(
      'POST',
      '/api/calculationitem',
      {
        calculation_id: c.calculation_id,
        item_name: line.name,
        unit_rate_exc_manual: line.rate,
        product_amount: line.amount ?? '1',
        unit_of_measurement: line.unit ?? 'stuks',
        percentage_vat_0: p0,
        percentage_vat_9: p9,
        percentage_vat_21: p21,
        ...(line.discount ? { discount_percentage: line.discount } : {}),
      },
      201,
    );
  }
  if (discount) await call('PATCH', `/api/calculation/${c.calculation_id}`, { discount });
  return c;
}

async function invoiceOf(confirmationId: number, choice: Record<string, unknown> = {}) {
  return call('POST', `/api/confirmation/${confirmationId}/createinvoicefromconfirmation`, choice, 201);
}

async function sendAndFetch(id: number, token = a.token) {
  await call('POST', `/api/invoice/${id}/sendemail`, { dontsentbutmarksent: 1 }, 200, token);
  const res = await api('GET', `/api/invoice/${id}/einvoice`, undefined, token);
  if (res.status !== 200) throw new Error(`einvoice ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body);
}

const textOf = (xml: string, name: string) =>
  new RegExp(`<cbc:${name}[^>]*>([^<]*)</cbc:${name}>`).exec(xml)?.[1];
const customer = (xml: string) =>
  /<cac:AccountingCustomerParty>([\s\S]*?)<\/cac:AccountingCustomerParty>/.exec(xml)![1]!;

describe('e-invoices of a Dutch business made through the API', () => {
  let flowId: number;
  let whole: { id: number };

  beforeAll(async () => {
    ({ flowId } = await organization({
      name: 'Bouwbedrijf Groen B.V.',
      coc_number: '87654321',
      vat_number: 'NL000099998B57',
      buyer_reference: 'KP-4410',
      order_reference: 'PO-2026-118',
      location: { address: 'Havenstraat', number: '3', postcode: '9711 AB', city: 'Groningen' },
    }));
  });

  it('0/9/21 %, a line and a document discount, a line split 40/60 over 9/21 %, at the PDF unit price', async () => {
    const c = await confirmation(
      flowId,
      [
        { name: 'Monteur', rate: '47.33', amount: '2.25', unit: 'uur' },
        { name: 'Zonnepanelen (0%)', rate: '189.50', amount: '12', split: [100, 0, 0] },
        {
          name: 'Isolatie arbeid',
          rate: '42.50',
          amount: '8',
          unit: 'uur',
          split: [0, 100, 0],
          discount: '10',
        },
        { name: 'Renovatie woning', rate: '1250', split: [0, 40, 60] },
      ],
      '5',
    );
    whole = await invoiceOf(c.id);
    const xml = await sendAndFetch(whole.id);
    // The organization's own address (its contact person has none), its references, its KvK.
    const buyer = customer(xml);
    expect(buyer).toContain('<cbc:StreetName>Havenstraat 3</cbc:StreetName>');
    expect(buyer).toContain('<cbc:IdentificationCode>NL</cbc:IdentificationCode>');
    expect(buyer).toContain('<cbc:EndpointID schemeID="0106">87654321</cbc:EndpointID>');
    expect(textOf(xml, 'BuyerReference')).toBe('KP-4410');
    expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-2026-118<\/cbc:ID>/);
    // 2.25 h × 47.33 = 106.4925, rounded 106.49: the price stays 47.33, as on the PDF.
    expect(xml).toContain('<cbc:PriceAmount currencyID="EUR">47.33</cbc:PriceAmount>');
    expect(xml).toContain('<cbc:AllowanceChargeReason>Korting</cbc:AllowanceChargeReason>');
    expect(xml).toContain('<cbc:Description>Deel tegen 9% btw</cbc:Description>');
    expect(xml).toContain('<cbc:Description>Deel tegen 21% btw</cbc:Description>');
    const doc = await call('GET', `/api/invoice/${whole.id}`);
    expect(textOf(xml, 'PayableAmount')).toBe(doc.invoice.billed.inc.toFixed(2));
    await expectValidEInvoice(xml);
  }, 120_000);

  it('partial and rest invoices, and a credit invoice', async () => {
    const c = await confirmation(flowId, [
      { name: 'Warmtepomp', rate: '6495' },
      { name: 'Isolatie', rate: '220', split: [0, 100, 0] },
    ]);
    const part = await invoiceOf(c.id, { partialinvoicetype: 'frompercentage', partial_value: '30' });
    await expectValidEInvoice(await sendAndFetch(part.id));
    const rest = await invoiceOf(c.id, { partialinvoicetype: 'rest' });
    await expectValidEInvoice(await sendAndFetch(rest.id));
    const credit = await call('POST', `/api/invoice/${whole.id}/createcreditinvoice`, undefined, 201);
    const xml = await sendAndFetch(credit.id);
    expect(xml).toMatch(/<cac:BillingReference>/);
    await expectValidEInvoice(xml, { root: 'CreditNote' });
    const partCredit = await call('POST', `/api/invoice/${part.id}/createcreditinvoice`, undefined, 201);
    await expectValidEInvoice(await sendAndFetch(partCredit.id), { root: 'CreditNote' });
  }, 180_000);

  it('reverse charge (btw verlegd)', async () => {
    const c = await confirmation(flowId, [
      { name: 'Installatiewerk onderaanneming', rate: '2600', split: [100, 0, 0] },
    ]);
    const inv = await invoiceOf(c.id, { reverse_charge: 1 });
    const xml = await sendAndFetch(inv.id);
    expect(xml).toMatch(/<cbc:ID>AE<\/cbc:ID>/);
    await expectValidEInvoice(xml);
  }, 60_000);
});

describe('e-invoices of other buyers', () => {
  it('a business in Leer, Germany: country DE, its VAT id as Peppol address (9930)', async () => {
    const { flowId } = await organization({
      name: 'Ems Bau GmbH',
      vat_number: 'DE123456789',
      country: 'Duitsland',
      location: {
        address: 'Mühlenstraße',
        number: '12',
        postcode: '26789',
        city: 'Leer',
        country: 'Duitsland',
      },
    });
    const c = await confirmation(flowId, [
      { name: 'Warmtepomp installatie', rate: '3150', split: [100, 0, 0] },
    ]);
    const xml = await sendAndFetch((await invoiceOf(c.id, { reverse_charge: 1 })).id);
    const buyer = customer(xml);
    expect(buyer).toContain('<cbc:IdentificationCode>DE</cbc:IdentificationCode>');
    expect(buyer).toContain('<cbc:EndpointID schemeID="9930">DE123456789</cbc:EndpointID>');
    expect(buyer).toContain('<cbc:CityName>Leer</cbc:CityName>');
    await expectValidEInvoice(xml);
  }, 60_000);

  it("a government body by its OIN (0190), with the invoice's own reference and order number", async () => {
    const { flowId } = await organization({
      name: 'Gemeente Groningen',
      oin: '00000001001589623000',
      buyer_reference: 'Afdeling Vastgoed',
      location: { address: 'Kreupelstraat', number: '1', postcode: '9712 HW', city: 'Groningen' },
    });
    const c = await confirmation(flowId, [{ name: 'Zonnepanelen gemeentehuis', rate: '18000' }]);
    const inv = await invoiceOf(c.id);
    const changed = await call('PATCH', `/api/invoice/${inv.id}/references`, {
      buyer_reference: 'INK-2026-0042',
      order_reference: '4500012345',
    });
    expect(changed.invoice).toMatchObject({
      buyer_reference: 'INK-2026-0042',
      order_reference: '4500012345',
      customer_buyer_reference: 'Afdeling Vastgoed',
    });
    const xml = await sendAndFetch(inv.id);
    const buyer = customer(xml);
    expect(buyer).toContain('<cbc:EndpointID schemeID="0190">00000001001589623000</cbc:EndpointID>');
    expect(buyer).toContain('<cbc:CompanyID schemeID="0190">00000001001589623000</cbc:CompanyID>');
    expect(textOf(xml, 'BuyerReference')).toBe('INK-2026-0042');
    expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>4500012345<\/cbc:ID>/);
    await expectValidEInvoice(xml);
    // Sent is sent: the references are frozen with the rest.
    const late = await api('PATCH', `/api/invoice/${inv.id}/references`, { buyer_reference: 'X' });
    expect(late.status).toBe(409);
  }, 60_000);

  it('a consumer: plain EN 16931, no Peppol claim, no e-mail address as endpoint', async () => {
    const rel = await createTestRelation(t, a.token, {
      createnewflow: true,
      email: 'particulier@voorbeeld.nl',
      location: { address: 'Dorpsstraat', number: '7', postcode: '9401 AA', city: 'Assen' },
    });
    const c = await confirmation(rel.flows[0].id, [{ name: 'Warmtepomp', rate: '4000' }]);
    const xml = await sendAndFetch((await invoiceOf(c.id)).id);
    expect(customer(xml)).not.toContain('EndpointID');
    await expectValidEInvoice(xml, { peppol: false });
  }, 60_000);
});

describe("the relation's own references (decision 044)", () => {
  it("a consumer's reference and order number go on the e-invoice unless the invoice has its own", async () => {
    const rel = await createTestRelation(t, a.token, {
      createnewflow: true,
      buyer_reference: 'Verbouwing zolder',
      order_reference: 'PO-JdV-7',
      location: { address: 'Dorpsstraat', number: '9', postcode: '9401 AA', city: 'Assen' },
    });
    expect(rel).toMatchObject({ buyer_reference: 'Verbouwing zolder', order_reference: 'PO-JdV-7' });
    const first = await invoiceOf(
      (await confirmation(rel.flows[0].id, [{ name: 'Omvormer', rate: '900' }])).id,
    );
    expect(first.invoice).toMatchObject({
      buyer_reference: '',
      customer_buyer_reference: 'Verbouwing zolder',
      customer_order_reference: 'PO-JdV-7',
    });
    const xml = await sendAndFetch(first.id);
    expect(textOf(xml, 'BuyerReference')).toBe('Verbouwing zolder');
    expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-JdV-7<\/cbc:ID>/);
    await expectValidEInvoice(xml, { peppol: false });

    // The invoice's own reference wins; an order number it does not have still comes from the relation.
    const second = await invoiceOf(
      (await confirmation(rel.flows[0].id, [{ name: 'Accu', rate: '2500' }])).id,
    );
    await call('PATCH', `/api/invoice/${second.id}/references`, { buyer_reference: 'Factuur accu' });
    const own = await sendAndFetch(second.id);
    expect(textOf(own, 'BuyerReference')).toBe('Factuur accu');
    expect(own).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-JdV-7<\/cbc:ID>/);
    await expectValidEInvoice(own, { peppol: false });
  }, 120_000);

  it("a contact person's reference goes before the organization's; without one the organization's applies", async () => {
    const { org, flowId } = await organization({
      name: 'Installatiegroep Noord B.V.',
      coc_number: '87654321',
      buyer_reference: 'Algemeen',
      order_reference: 'PO-ORG-1',
      location: { address: 'Havenstraat', number: '5', postcode: '9711 AB', city: 'Groningen' },
    });
    const personId = org.relations[0].id as number;
    const inv = await invoiceOf((await confirmation(flowId, [{ name: 'Laadpaal', rate: '1500' }])).id);
    expect(inv.invoice).toMatchObject({
      customer_buyer_reference: 'Algemeen',
      customer_order_reference: 'PO-ORG-1',
    });
    const patched = await call('PATCH', `/api/relation/${personId}`, { buyer_reference: 'Kostenplaats 12' });
    expect(patched).toMatchObject({ buyer_reference: 'Kostenplaats 12', order_reference: '' });
    const xml = await sendAndFetch(inv.id);
    expect(textOf(xml, 'BuyerReference')).toBe('Kostenplaats 12');
    expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-ORG-1<\/cbc:ID>/);
    await expectValidEInvoice(xml);
  }, 60_000);
});

describe('a 409 names its cause', () => {
  it('the missing company detail, an unknown country; another company gets 404', async () => {
    const { flowId } = await organization({
      name: 'Nergensland B.V.',
      coc_number: '11223344',
      location: { address: 'Weg', number: '1', postcode: '1000', city: 'Stad', country: 'Atlantis' },
    });
    const inv = await invoiceOf((await confirmation(flowId, [{ name: 'Werk', rate: '100' }])).id);
    await call('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
    const unknown = await api('GET', `/api/invoice/${inv.id}/einvoice`);
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toMatch(/land van de klant/);
    expect((await api('GET', `/api/invoice/${inv.id}/einvoice`, undefined, b.token)).status).toBe(404);
    expect(
      (await api('PATCH', `/api/invoice/${inv.id}/references`, { buyer_reference: 'x' }, b.token)).status,
    ).toBe(404);

    await call('PATCH', '/api/company/invoicesettings', { ...SETTINGS, kvk_number: '' }, 200, b.token);
    const rel = await createTestRelation(t, b.token, {
      createnewflow: true,
      location: { address: 'Dorpsstraat', number: '7', postcode: '9401 AA', city: 'Assen' },
    });
    const c = await call(
      'POST',
      '/api/confirmation',
      { flow_id: rel.flows[0].id, title: 'Werk' },
      201,
      b.token,
    );
    await call(
      'POST',
      '/api/calculationitem',
      { calculation_id: c.calculation_id, item_name: 'Werk', unit_rate_exc_manual: '100' },
      201,
      b.token,
    );
    const invB = await call(
      'POST',
      `/api/confirmation/${c.id}/createinvoicefromconfirmation`,
      {},
      201,
      b.token,
    );
    await call('POST', `/api/invoice/${invB.id}/sendemail`, { dontsentbutmarksent: 1 }, 200, b.token);
    const noKvk = await api('GET', `/api/invoice/${invB.id}/einvoice`, undefined, b.token);
    expect(noKvk.status).toBe(409);
    expect(noKvk.body.message).toBe(
      'Vul eerst KvK-nummer in bij de bedrijfsgegevens (Instellingen, Facturen).',
    );
  }, 120_000);

  it('refuses an OIN that is not 20 digits and references over 100 characters (422)', async () => {
    const bad = await api('POST', '/api/organization', { name: 'Gemeente X', oin: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.oin).toEqual(['Een OIN bestaat uit 20 cijfers.']);
    const long = await api('POST', '/api/organization', { name: 'Y', buyer_reference: 'x'.repeat(101) });
    expect(long.status).toBe(422);
    expect(long.body.errors.buyer_reference).toBeDefined();
    const { org, flowId } = await organization({ name: 'Z B.V.' });
    const inv = await invoiceOf((await confirmation(flowId, [{ name: 'Werk', rate: '100' }])).id);
    const tooLong = await api('PATCH', `/api/invoice/${inv.id}/references`, {
      order_reference: 'x'.repeat(101),
    });
    expect(tooLong.status).toBe(422);
    const patched = await call('PATCH', `/api/organization/${org.id}`, { oin: '00000001001589623000' });
    expect(patched.oin).toBe('00000001001589623000');
    expect((await api('GET', `/api/organization/${org.id}`, undefined, b.token)).status).toBe(404);
  }, 60_000);
});
