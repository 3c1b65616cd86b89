import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Decision 037: one calculation from dossier to invoice, letters of their own kind, customer-facing titles.

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer();
  a = await createSalesCompany(t, { name: 'Dossiercalc A' });
  b = await createSalesCompany(t, { name: 'Dossiercalc B' });
}, 60_000);
afterAll(async () => t?.close());

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function ok(method: string, path: string, body?: unknown, token = a.token) {
  const res = await api(method, path, body, token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const INTERNAL = 'klant belde n.a.v. buurman';

/** A flow with the internal description, at Oosterstraat 14 in Groningen. */
async function newFlow(token = a.token, extra: Record<string, unknown> = {}): Promise<number> {
  const rel = await createTestRelation(t, token, {
    createnewflow: true,
    email: 'klant.dossier@voorbeeld.nl',
    location: { address: 'Oosterstraat', number: '14', postcode: '9711 NV', city: 'Groningen' },
  });
  const flowId = rel.flows[0].id as number;
  await ok('PATCH', `/api/flow/${flowId}`, { description: INTERNAL, ...extra }, token);
  return flowId;
}

/** A dossier calculation on the flow with one manual line of `rate` excl. at 21 %. */
async function dossierCalculation(flowId: number, name: string, rate: string, token = a.token) {
  const calc = await ok('POST', '/api/calculation', { flow_id: flowId, template_id: null }, token);
  await ok(
    'POST',
    '/api/calculationitem',
    { calculation_id: calc.id, item_name: name, unit_rate_exc_manual: rate, vat_percentage: 21 },
    token,
  );
  return ok('GET', `/api/calculation/${calc.id}`, undefined, token);
}

const lineNames = (calc: { calculationitems: { item_name: string }[] }) =>
  calc.calculationitems.map((i) => i.item_name);
const texts = (doc: { documentwidgets: { textcontent: string; textcontent2: string }[] }) =>
  doc.documentwidgets.map((w) => `${w.textcontent} ${w.textcontent2}`).join('\n');

describe('a new document starts from the dossier calculation', () => {
  it('copies the only dossier calculation: its lines and total, independent of the dossier afterwards', async () => {
    const flowId = await newFlow();
    const dossier = await dossierCalculation(flowId, 'Zonnepanelen 12 stuks', '5000');
    expect(dossier.amount_inc_vat).toBe(6050);

    const q = await ok('POST', '/api/quotation', { flow_id: flowId });
    expect(q.calculation_id).not.toBe(dossier.id);
    expect(lineNames(q.calculation)).toEqual(['Zonnepanelen 12 stuks']);
    expect(q.calculation.amount_inc_vat).toBe(6050);

    // A copy: changing the quotation's line leaves the dossier's working calculation alone.
    await ok('PATCH', `/api/calculationitem/${q.calculation.calculationitems[0].id}`, {
      unit_rate_exc_manual: '4000',
    });
    expect((await ok('GET', `/api/calculation/${dossier.id}`)).amount_inc_vat).toBe(6050);
    expect((await ok('GET', `/api/quotation/${q.id}`)).calculation.amount_inc_vat).toBe(4840);

    // The flow's list tells the dossier's calculation from the quotation's; a second quotation
    // still starts from the dossier's, not from the first quotation's.
    const list = await ok('GET', `/api/calculation?flow_id=${flowId}`);
    expect(list.find((r: { id: number }) => r.id === dossier.id).document).toBeNull();
    expect(list.find((r: { id: number }) => r.id === q.calculation_id).document).toMatchObject({
      id: q.id,
      kind: 'quotation',
      number: q.number,
    });
    const second = await ok('POST', '/api/quotation', { flow_id: flowId });
    expect(second.calculation.amount_inc_vat).toBe(6050);

    // An invoice made straight on the flow gets it too; `calculation_id: null` starts without it.
    const invoice = await ok('POST', '/api/invoice', { flow_id: flowId });
    expect(invoice.calculation.amount_inc_vat).toBe(6050);
    const empty = await ok('POST', '/api/quotation', { flow_id: flowId, calculation_id: null });
    expect(empty.calculation.calculationitems).toEqual([]);
  });

  it('with several dossier calculations: the chosen one, else the most recently changed', async () => {
    const flowId = await newFlow();
    const pump = await dossierCalculation(flowId, 'Warmtepomp 8 kW', '7500');
    const battery = await dossierCalculation(flowId, 'Thuisbatterij 10 kWh', '6000');

    const chosen = await ok('POST', '/api/quotation', { flow_id: flowId, calculation_id: pump.id });
    expect(lineNames(chosen.calculation)).toEqual(['Warmtepomp 8 kW']);
    expect(chosen.calculation.amount_inc_vat).toBe(9075);
    const other = await ok('POST', '/api/confirmation', { flow_id: flowId, calculation_id: battery.id });
    expect(lineNames(other.calculation)).toEqual(['Thuisbatterij 10 kWh']);
    expect(other.calculation.amount_inc_vat).toBe(7260);

    await ok('PATCH', `/api/calculation/${pump.id}`, { discount: '10' });
    const newest = await ok('POST', '/api/quotation', { flow_id: flowId });
    expect(lineNames(newest.calculation)).toEqual(['Warmtepomp 8 kW']);
  });

  it("refuses another company's, another flow's or a document's calculation with 422, changing nothing", async () => {
    const flowId = await newFlow();
    const mine = await dossierCalculation(flowId, 'Laadpaal', '1200');
    const otherFlow = await newFlow();
    const elsewhere = await dossierCalculation(otherFlow, 'Elders', '100');
    const bFlow = await newFlow(b.token);
    const theirs = await dossierCalculation(bFlow, 'Van B', '100', b.token);
    const q = await ok('POST', '/api/quotation', { flow_id: flowId, calculation_id: mine.id });
    const before = (await ok('GET', `/api/quotation?flow_id=${flowId}&limit=100`)).total;

    for (const id of [theirs.id, elsewhere.id, q.calculation_id]) {
      const res = await api('POST', '/api/quotation', { flow_id: flowId, calculation_id: id });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors.calculation_id).toEqual(['Kies een calculatie van dit dossier.']);
    }
    expect((await ok('GET', `/api/quotation?flow_id=${flowId}&limit=100`)).total).toBe(before);
    // B cannot start from A's calculation on a flow of B either.
    const cross = await api('POST', '/api/quotation', { flow_id: bFlow, calculation_id: mine.id }, b.token);
    expect(cross.status).toBe(422);
  });
});

describe("a document's calculation menu takes over a dossier calculation", () => {
  it('copyfrom replaces the lines and total with a copy; other flows and companies are refused', async () => {
    const flowId = await newFlow();
    const q = await ok('POST', '/api/quotation', { flow_id: flowId });
    expect(q.calculation.amount_inc_vat).toBe(0);
    const dossier = await dossierCalculation(flowId, 'Spouwmuurisolatie', '2000');

    const taken = await ok('POST', `/api/calculation/${q.calculation_id}/copyfrom`, {
      calculation_id: dossier.id,
    });
    expect(taken.id).toBe(q.calculation_id);
    expect(lineNames(taken)).toEqual(['Spouwmuurisolatie']);
    expect(taken.amount_inc_vat).toBe(2420);
    expect((await ok('GET', `/api/quotation/${q.id}`)).calculation.amount_inc_vat).toBe(2420);
    expect((await ok('GET', `/api/calculation/${dossier.id}`)).calculationitems).toHaveLength(1);

    const otherFlow = await newFlow();
    const elsewhere = await dossierCalculation(otherFlow, 'Elders', '100');
    const wrong = await api('POST', `/api/calculation/${q.calculation_id}/copyfrom`, {
      calculation_id: elsewhere.id,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.calculation_id).toEqual(['Kies een calculatie van dit dossier.']);
    const self = await api('POST', `/api/calculation/${q.calculation_id}/copyfrom`, {
      calculation_id: q.calculation_id,
    });
    expect(self.status).toBe(422);
    const bFlow = await newFlow(b.token);
    const theirs = await dossierCalculation(bFlow, 'Van B', '100', b.token);
    const intoTheirs = await api('POST', `/api/calculation/${theirs.id}/copyfrom`, {
      calculation_id: dossier.id,
    });
    expect(intoTheirs.status).toBe(404);
    const fromTheirs = await api('POST', `/api/calculation/${q.calculation_id}/copyfrom`, {
      calculation_id: theirs.id,
    });
    expect(fromTheirs.status).toBe(422);
    expect((await ok('GET', `/api/calculation/${q.calculation_id}`)).amount_inc_vat).toBe(2420);
    expect((await ok('GET', `/api/calculation/${theirs.id}`, undefined, b.token)).amount_inc_vat).toBe(121);
  });
});

describe('order confirmations read as confirmations', () => {
  it("a confirmation from a quotation takes the confirmation's letter, keeps the quotation's lines", async () => {
    const flowId = await newFlow();
    await dossierCalculation(flowId, 'Hybride warmtepomp', '4000');
    const quotationTpl = await ok('POST', '/api/quotation/createtemplate', {
      title: 'Offerte met voorwaarden',
    });
    await ok('PATCH', `/api/documentwidget/${quotationTpl.documentwidgets[0].id}`, {
      textcontent: '<p>Op basis van de opname bieden wij u het volgende aan.</p>',
    });
    await ok('PATCH', `/api/documentwidget/${quotationTpl.documentwidgets[2].id}`, {
      textcontent: '<p>Deze offerte is geldig tot {{ document.geldigtot }}.</p>',
    });
    const q = await ok('POST', '/api/quotation', { flow_id: flowId, template_id: quotationTpl.id });
    expect(texts(q)).toContain('bieden wij u');

    // Without a confirmation template: the default confirmation letter.
    const plain = await ok('POST', `/api/quotation/${q.id}/createconfirmationfromquotation`, {});
    expect(plain.calculation.amount_inc_vat).toBe(4840);
    expect(texts(plain)).toContain('Hierbij bevestigen wij uw opdracht voor {{ document.titel }}');
    expect(texts(plain)).not.toMatch(/bieden wij|geldig|offerte/i);

    // With one: the company's confirmation template.
    const confirmationTpl = await ok('POST', '/api/confirmation/createtemplate', {
      title: 'Eigen opdrachtbevestiging',
    });
    await ok('PATCH', `/api/documentwidget/${confirmationTpl.documentwidgets[0].id}`, {
      textcontent: '<p>Wij bevestigen uw opdracht en nemen contact op voor de planning.</p>',
    });
    const fromTpl = await ok('POST', `/api/quotation/${q.id}/createconfirmationfromquotation`, {});
    expect(texts(fromTpl)).toContain('Wij bevestigen uw opdracht en nemen contact op voor de planning.');
    expect(texts(fromTpl)).not.toMatch(/bieden wij|geldig/i);
    expect(fromTpl.calculation.amount_inc_vat).toBe(4840);
    expect(fromTpl.calculation_id).not.toBe(q.calculation_id);
    await ok('DELETE', `/api/confirmation/${confirmationTpl.id}`);
    await ok('DELETE', `/api/quotation/${quotationTpl.id}`);
  });

  it('the default confirmation letter confirms the order and never speaks of an offer’s validity', async () => {
    const flowId = await newFlow();
    const c = await ok('POST', '/api/confirmation', { flow_id: flowId, calculation_id: null });
    expect(texts(c)).toContain('Hierbij bevestigen wij uw opdracht');
    expect(texts(c)).not.toMatch(/geldig|offerte|dossier\.omschrijving/i);
  });

  it('resetting to the template restores its widgets and texts, and keeps the lines and total', async () => {
    const flowId = await newFlow();
    await dossierCalculation(flowId, 'Zonnepanelen 16 stuks', '6400');
    const tpl = await ok('POST', '/api/confirmation/createtemplate', { title: 'Herstelbaar' });
    const c = await ok('POST', '/api/confirmation', { flow_id: flowId, template_id: tpl.id });
    expect(c.calculation.amount_inc_vat).toBe(7744);
    await ok('PATCH', `/api/documentwidget/${c.documentwidgets[0].id}`, {
      textcontent: '<p>Eigen tekst</p>',
    });
    await ok('DELETE', `/api/documentwidget/${c.documentwidgets[1].id}`);

    const reset = await ok('POST', `/api/confirmation/${c.id}/resettotemplate`, { template_id: tpl.id });
    expect(reset.documentwidgets.map((w: { textcontent: string }) => w.textcontent)).toEqual(
      tpl.documentwidgets.map((w: { textcontent: string }) => w.textcontent),
    );
    expect(reset.calculation_id).toBe(c.calculation_id);
    expect(lineNames(reset.calculation)).toEqual(['Zonnepanelen 16 stuks']);
    expect(reset.calculation.amount_inc_vat).toBe(7744);
  });
});

describe("a document's title is for the customer", () => {
  it("comes from the request profile and the address, never the flow's description; mail and letter use it", async () => {
    const profile = await ok('POST', '/api/flowprofile', { name: 'Zonnepanelen' });
    const flowId = await newFlow(a.token, { flowprofile_id: profile.id });
    const q = await ok('POST', '/api/quotation', { flow_id: flowId });
    expect(q.title).toBe('Zonnepanelen – Oosterstraat 14, Groningen');

    const draft = await ok('GET', `/api/quotation/${q.id}/getforsendingemail`);
    expect(draft.subject).toContain('Zonnepanelen – Oosterstraat 14, Groningen');
    expect(`${draft.subject} ${draft.message}`).not.toContain(INTERNAL);
    const preview = await ok('GET', `/api/quotation/${q.id}/preview`);
    expect(preview.html).toContain('onze offerte voor Zonnepanelen – Oosterstraat 14, Groningen');
    expect(preview.html).not.toContain('buurman');

    // The company's unnamed standard profile says nothing: the kind stands in; a given title wins.
    const plainFlow = await newFlow();
    const plain = await ok('POST', '/api/confirmation', { flow_id: plainFlow });
    expect(plain.title).toBe('Opdrachtbevestiging – Oosterstraat 14, Groningen');
    const named = await ok('POST', '/api/quotation', { flow_id: plainFlow, title: 'Dak zuidzijde' });
    expect(named.title).toBe('Dak zuidzijde');
    const edited = await ok('PATCH', `/api/quotation/${named.id}`, { title: 'Dak noordzijde' });
    expect(edited.title).toBe('Dak noordzijde');
  });

  it("a document made from another names its own kind: an invoice from 'Opdrachtbevestiging – …' is 'Factuur – …'", async () => {
    const flowId = await newFlow();
    const c = await ok('POST', '/api/confirmation', { flow_id: flowId });
    expect(c.title).toBe('Opdrachtbevestiging – Oosterstraat 14, Groningen');
    const inv = await ok('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    expect(inv.title).toBe('Factuur – Oosterstraat 14, Groningen');
    const q = await ok('POST', '/api/quotation', { flow_id: flowId });
    const fromQuotation = await ok('POST', `/api/quotation/${q.id}/createconfirmationfromquotation`, {});
    expect(fromQuotation.title).toBe('Opdrachtbevestiging – Oosterstraat 14, Groningen');
    // A profile's name or a title the user wrote stays.
    const own = await ok('POST', '/api/confirmation', { flow_id: flowId, title: 'Warmtepomp en boiler' });
    const ownInvoice = await ok('POST', `/api/confirmation/${own.id}/createinvoicefromconfirmation`, {});
    expect(ownInvoice.title).toBe('Warmtepomp en boiler');
  });
});
