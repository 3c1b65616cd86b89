import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { expectValidEInvoice } from '../../../test/einvoice';
import { startFakeMollie } from '../../../test/fake-mollie';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let smtp: SmtpSink;
let mollie: Awaited<ReturnType<typeof startFakeMollie>>;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let flowId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  mollie = await startFakeMollie();
  t = await startTestServer({
    config: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Installateur <info@installateur.test>',
      MOLLIE_API_URL: mollie.baseUrl,
    },
  });
  a = await createSalesCompany(t, { name: 'Facturen A' });
  b = await createSalesCompany(t, { name: 'Facturen B' });
  // A business customer: the Dutch e-invoice rules (NLCIUS) ask for its KvK number and address.
  const org = await created('/api/organization', {
    name: 'Bouwbedrijf De Vries B.V.',
    coc_number: '87654321',
    vat_number: 'NL000099998B57',
    location: { address: 'Havenstraat', number: '3', postcode: '9711 AB', city: 'Groningen' },
  });
  const rel = await createTestRelation(t, a.token, {
    createnewflow: true,
    email: 'klant.factuur@voorbeeld.nl',
    organization_id: org.id,
    location: { address: 'Havenstraat', number: '3', postcode: '9711 AB', city: 'Groningen' },
  });
  flowId = rel.flows[0].id;
  const settings = await api('PATCH', '/api/company/invoicesettings', {
    street: 'Industrieweg',
    housenumber: '12',
    postcode: '9723 AB',
    city: 'Groningen',
    kvk_number: '12345678',
    vat_number: 'NL000099998B57',
    iban: 'NL91 ABNA 0417 1643 00',
    invoice_payment_days: 14,
  });
  if (settings.status !== 200) throw new Error(JSON.stringify(settings.body));
}, 90_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await mollie?.close();
});

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function created(path: string, body: unknown, token = a.token) {
  const res = await api('POST', path, body, token);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function ok(method: string, path: string, body?: unknown) {
  const res = await api(method, path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'inv-pdf-'));
  const file = join(dir, 'f.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

/** A confirmation on the flow with lines at 21% (solar 0% and labour 9% as well when asked). */
async function confirmation(lines: { name: string; rate: number; vat: 0 | 9 | 21 }[]) {
  const c = await created('/api/confirmation', { flow_id: flowId, title: 'Zonnepanelen en isolatie' });
  for (const line of lines)
    await created('/api/calculationitem', {
      calculation_id: c.calculation_id,
      item_name: line.name,
      unit_rate_exc_manual: String(line.rate),
      percentage_vat_0: line.vat === 0 ? 100 : 0,
      percentage_vat_9: line.vat === 9 ? 100 : 0,
      percentage_vat_21: line.vat === 21 ? 100 : 0,
    });
  return (await api('GET', `/api/confirmation/${c.id}`)).body;
}

const send = (id: number, body: Record<string, unknown> = { dontsentbutmarksent: 1 }) =>
  api('POST', `/api/invoice/${id}/sendemail`, body);

describe('invoices', () => {
  it('bills a project in three parts (30%, 60%, rest) that add up to the whole to the cent; numbers come on sending', async () => {
    const c = await confirmation([
      { name: 'Zonnepanelen 10 stuks', rate: 4321.17, vat: 0 },
      { name: 'Isolatie arbeid', rate: 1234.56, vat: 9 },
      { name: 'Omvormer', rate: 999.99, vat: 21 },
    ]);
    const whole = c.calculation.amount_inc_vat;
    const first = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'frompercentage',
      partial_value: 30,
    });
    expect(first).toMatchObject({ kind: 'invoice', status: 'draft', number: null });
    expect(first.invoice).toMatchObject({
      partialinvoicetype: 'frompercentage',
      partialinvoice_id: first.id,
    });
    expect(first.invoice.due.text).toBe('DRAFT');
    // A deposit leaves the dossier where the work is (decision 030).
    const flow = await api('GET', `/api/flow/${flowId}`);
    expect(flow.body.flow_status).not.toBe('invoice');

    const second = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'frompercentage',
      partial_value: '60',
    });
    expect(second.invoice.partialinvoice_id).toBe(first.id);
    // 30 + 60 + 20 > 100: refused with the amount still open.
    const tooMuch = await api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'frompercentage',
      partial_value: 20,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toContain('meer dan er nog te factureren is');

    const sentFirst = await send(first.id);
    expect(sentFirst.status).toBe(200);
    expect(sentFirst.body.number).toBeGreaterThan(0);
    expect(sentFirst.body.enddate).not.toBeNull();
    expect(sentFirst.body.invoice.due.text).toBe('over 14 dagen');
    const sentSecond = await send(second.id);
    expect(sentSecond.body.number).toBe(sentFirst.body.number + 1);

    const rest = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'rest',
    });
    expect((await api('GET', `/api/flow/${flowId}`)).body.flow_status).toBe('invoice');
    const sentRest = await send(rest.id);
    const parts = [sentFirst.body, sentSecond.body, sentRest.body].map((d) => d.invoice.billed);
    const sum = (k: string) => Math.round(parts.reduce((acc, p) => acc + p[k] * 100, 0)) / 100;
    expect(sum('inc')).toBe(whole);
    expect(sum('exc_0')).toBe(c.calculation.amount_exc_vat_0);
    expect(sum('vat_9')).toBe(c.calculation.amount_vat_9);
    expect(sum('vat_21')).toBe(c.calculation.amount_vat_21);
    expect(sentRest.body.invoice.partial_parts.map((p: { id: number }) => p.id)).toEqual([
      first.id,
      second.id,
      rest.id,
    ]);
    const secondRest = await api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'rest',
    });
    expect(secondRest.status).toBe(422);

    // Every part's e-invoice validates.
    for (const part of [sentFirst.body, sentSecond.body, sentRest.body]) {
      const xml = await api('GET', `/api/invoice/${part.id}/einvoice`);
      expect(xml.status).toBe(200);
      await expectValidEInvoice(String(xml.body));
    }
  }, 120_000);

  it('sends by mail with the PDF and the UBL, freezes the content, is paid, and a credit invoice negates it', async () => {
    const c = await confirmation([{ name: 'Warmtepomp 8 kW', rate: 7500, vat: 21 }]);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    expect(inv.invoice.billed.inc).toBe(9075);
    const draft = await ok('GET', `/api/invoice/${inv.id}/getforsendingemail`);
    const sent = await send(inv.id, {
      to_email: draft.to_email,
      subject: draft.subject,
      message: draft.message,
      sendpdf: 1,
    });
    expect(sent.status).toBe(200);
    const [mail] = await smtp.waitFor(1, 20_000);
    const parsed = await simpleParser(mail!.raw, { skipImageLinks: true });
    const names = parsed.attachments.map((x) => x.filename ?? '');
    expect(names.some((n) => /^Factuur \d+.*\.pdf$/.test(n))).toBe(true);
    expect(names.some((n) => /^Factuur \d+.*\.xml$/.test(n))).toBe(true);
    const pdf = parsed.attachments.find((x) => x.filename?.endsWith('.pdf'))!;
    const text = pdfText(pdf.content);
    expect(text).toContain(`Factuurnummer`);
    expect(text).toContain('9.075,00');
    expect(text).toContain('NL91ABNA0417164300');
    const ubl = parsed.attachments.find((x) => x.filename?.endsWith('.xml'))!;
    await expectValidEInvoice(ubl.content.toString('utf8'));
    expect(ubl.content.toString('utf8')).toContain(
      '<cbc:PayableAmount currencyID="EUR">9075.00</cbc:PayableAmount>',
    );

    // Frozen: no edits, no deleting, no cancelling, no rollback to draft.
    expect((await api('PATCH', `/api/invoice/${inv.id}`, { title: 'Anders' })).status).toBe(409);
    expect(
      (await api('POST', '/api/calculationitem', { calculation_id: inv.calculation_id, item_name: 'Extra' }))
        .status,
    ).toBe(409);
    expect(
      (
        await api('POST', '/api/documentwidget', {
          document_id: inv.id,
          document_widget_type_id: inv.documentwidgets[0].document_widget_type_id,
        })
      ).status,
    ).toBe(409);
    expect((await api('DELETE', `/api/invoice/${inv.id}`)).status).toBe(409);
    expect((await api('PATCH', `/api/invoice/${inv.id}`, { status: 'cancelled' })).status).toBe(422);
    expect(sent.body.rollback_targets).toEqual([]);

    const paid = await ok('PATCH', `/api/invoice/${inv.id}`, { status: 'paid' });
    expect(paid.status).toBe('paid');
    expect(paid.invoice.date_paid).not.toBeNull();
    expect(paid.invoice.due.text).toBe('betaald');
    expect(paid.rollback_targets).toEqual(['sent']);

    const credit = await created(`/api/invoice/${inv.id}/createcreditinvoice`, {});
    expect(credit.invoice).toMatchObject({ invoice_type: 'credit', credited_invoice: { id: inv.id } });
    expect(credit.invoice.billed.inc).toBe(-9075);
    expect(credit.calculation.amount_inc_vat).toBe(-9075);
    expect((await api('POST', `/api/invoice/${inv.id}/createcreditinvoice`, {})).status).toBe(409);
    const sentCredit = await send(credit.id);
    expect(sentCredit.body.number).toBe(sent.body.number + 1);
    const creditXml = await api('GET', `/api/invoice/${credit.id}/einvoice`);
    await expectValidEInvoice(String(creditXml.body), { root: 'CreditNote' });
    expect(String(creditXml.body)).toContain(`<cbc:ID>${sent.body.number}</cbc:ID>`);

    // The sent invoice now blocks deleting and cancelling its flow.
    const del = await api('DELETE', `/api/flow/${flowId}`);
    expect(del.status).toBe(409);
  }, 120_000);

  it('gives 20 concurrent sendings 20 distinct consecutive numbers, and a failed sending no number', async () => {
    const c = await confirmation([{ name: 'Onderhoud', rate: 100, vat: 21 }]);
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {}));
    // A sending refused for bad input uses no number.
    const bad = await send(drafts[0].id, { to_email: 'geen-adres', subject: 'x' });
    expect(bad.status).toBe(422);
    const results = await Promise.all(drafts.map((d) => send(d.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.body.number as number).sort((x, y) => x - y);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[0]! + i);
    const all = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(
        `select number as n from sales_document where kind = 'invoice' and company_id = ${a.companyId} and number is not null order by 1` as never,
      ),
    );
    const list = all.rows.map((r) => r.n);
    expect(list).toEqual(Array.from({ length: list.length }, (_, i) => list[0]! + i));
  }, 120_000);

  it('templates: an invoice template, reset to it by invoicetemplate_id, save as template, duplicate', async () => {
    const tpl = await created('/api/invoice/createtemplate', { title: 'Standaard factuur' });
    expect(tpl).toMatchObject({ kind: 'invoice', is_template: true, invoice: expect.any(Object) });
    const c = await confirmation([{ name: 'Thuisbatterij', rate: 5000, vat: 21 }]);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    // Made from a confirmation it reads as an invoice: the invoice template's widgets, the confirmation's lines.
    expect(inv.documentwidgets.length).toBe(tpl.documentwidgets.length);
    expect(inv.calculation.amount_inc_vat).toBe(6050);
    const reset = await ok('POST', `/api/invoice/${inv.id}/resettotemplate`, { invoicetemplate_id: tpl.id });
    expect(reset.id).toBe(inv.id);
    expect((await api('POST', `/api/invoice/${inv.id}/resettotemplate`, {})).status).toBe(422);
    const saved = await created(`/api/invoice/${inv.id}/saveastemplate`, { name: 'Batterij' });
    expect(saved).toMatchObject({ kind: 'invoice', is_template: true, number: null });
    const copy = await created(`/api/invoice/${inv.id}/duplicate`, {});
    expect(copy).toMatchObject({ kind: 'invoice', status: 'draft', number: null });
    const templates = await ok('GET', '/api/invoice/indextemplates');
    expect(templates.map((x: { title: string }) => x.title)).toEqual(
      expect.arrayContaining(['Standaard factuur', 'Batterij']),
    );
  }, 60_000);

  it('makes a credit invoice from the standard credit invoice template chosen in the invoice settings', async () => {
    const tpl = await created('/api/invoice/createtemplate', { title: 'Creditfactuur' });
    const types = await ok('GET', '/api/documentwidgettype');
    const text = await created('/api/documentwidget', {
      document_id: tpl.id,
      document_widget_type_id: types.find((x: { tag: string }) => x.tag === 'TEXT').id,
      textcontent: '<p>Deze creditfactuur crediteert factuur {number}.</p>',
    });
    expect(text.textcontent).toContain('{number}');
    // Only one of the company's own invoice templates can be chosen.
    const other = await created('/api/invoice/createtemplate', { title: 'Van B' }, b.token);
    for (const wrong of [other.id, 999_999_999]) {
      const res = await api('PATCH', '/api/company/invoicesettings', { credit_invoice_template_id: wrong });
      expect(res.status).toBe(422);
      expect(res.body.errors.credit_invoice_template_id).toEqual(['Dit factuursjabloon bestaat niet.']);
    }
    const quotationTpl = await created('/api/quotation/createtemplate', { title: 'Offerte' });
    expect(
      (await api('PATCH', '/api/company/invoicesettings', { credit_invoice_template_id: quotationTpl.id }))
        .status,
    ).toBe(422);
    const settings = await ok('PATCH', '/api/company/invoicesettings', {
      credit_invoice_template_id: tpl.id,
    });
    expect(settings.credit_invoice_template_id).toBe(tpl.id);
    expect((await ok('GET', '/api/company/invoicesettings')).credit_invoice_template_id).toBe(tpl.id);

    const c = await confirmation([{ name: 'Warmtepomp', rate: 2000, vat: 21 }]);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    const sent = await send(inv.id);
    expect(sent.status).toBe(200);
    const credit = await created(`/api/invoice/${inv.id}/createcreditinvoice`, {});
    expect(credit.title).toBe(`Creditfactuur bij factuur ${sent.body.number}`);
    const texts = (d: { documentwidgets: { textcontent: string }[] }) =>
      d.documentwidgets.map((w) => w.textcontent);
    const template = await ok('GET', `/api/invoice/${tpl.id}`);
    expect(credit.documentwidgets.length).toBe(template.documentwidgets.length);
    expect(texts(credit)).toContain(`<p>Deze creditfactuur crediteert factuur ${sent.body.number}.</p>`);
    expect(texts(credit).some((x) => x.includes('{number}'))).toBe(false);
    expect(credit.invoice.billed.inc).toBe(-2420);
    // The template itself keeps its placeholder.
    expect(texts(template)).toContain('<p>Deze creditfactuur crediteert factuur {number}.</p>');

    // Without a standard credit invoice template, a credit invoice reads like the original again.
    expect(
      (await ok('PATCH', '/api/company/invoicesettings', { credit_invoice_template_id: null }))
        .credit_invoice_template_id,
    ).toBeNull();
    const inv2 = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    await send(inv2.id);
    const credit2 = await created(`/api/invoice/${inv2.id}/createcreditinvoice`, {});
    expect(credit2.documentwidgets.length).toBe(inv2.documentwidgets.length);
  }, 60_000);

  it('links a partial invoice to a first part of the flow, and lists what may be chosen', async () => {
    const c = await confirmation([{ name: 'Dakisolatie', rate: 3000, vat: 9 }]);
    const head = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'fromamount',
      partial_value: 1000,
    });
    expect(head.invoice.billed.inc).toBe(1000);
    const other = await confirmation([{ name: 'Vloerisolatie', rate: 2000, vat: 9 }]);
    const loose = await created(`/api/confirmation/${other.id}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'frompercentage',
      partial_value: 10,
    });
    // Not sent yet: not selectable.
    const before = await ok('GET', `/api/invoice/${loose.id}/getavailableinvoices`);
    expect(before.map((x: { id: number }) => x.id)).not.toContain(head.id);
    await send(head.id);
    const choices = await ok('GET', `/api/invoice/${loose.id}/getavailableinvoices`);
    expect(choices.map((x: { id: number }) => x.id)).toContain(head.id);
    const linked = await ok('POST', `/api/invoice/${loose.id}/linkpartialinvoice`, {
      first_invoicecalculation_id: head.calculation_id,
    });
    expect(linked.invoice.partialinvoice_id).toBe(head.id);
    const notPartial = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    expect(
      (await api('POST', `/api/invoice/${notPartial.id}/linkpartialinvoice`, { first_invoice_id: head.id }))
        .status,
    ).toBe(409);
  }, 60_000);

  it('makes a payment link through the provider; only a verified paid payment marks the invoice paid', async () => {
    const c = await confirmation([{ name: 'Laadpaal', rate: 1000, vat: 21 }]);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    await send(inv.id);
    // Without a configured provider there is no link.
    expect((await api('POST', `/api/invoice/${inv.id}/renewpayment`)).status).toBe(409);
    const wrongKey = await api('PATCH', '/api/company/invoicesettings', { payment_api_key: 'geheim' });
    expect(wrongKey.status).toBe(422);
    await ok('PATCH', '/api/company/invoicesettings', {
      payment_provider: 'mollie',
      payment_api_key: mollie.apiKey,
    });
    const settings = await ok('GET', '/api/company/invoicesettings');
    expect(settings.payment_api_key_set).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(mollie.apiKey);
    const link = await ok('POST', `/api/invoice/${inv.id}/renewpayment`);
    expect(link.payment_url).toContain('/checkout/');
    expect(mollie.payments.get(link.payment_id)).toBeTruthy();

    // A webhook that lies (the payment is still open) changes nothing.
    const hook = (id: string) =>
      fetch(`${t.baseUrl}/api/invoice/${inv.hash}/paymentwebhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${id}`,
      });
    expect((await hook(link.payment_id)).status).toBe(200);
    expect((await ok('GET', `/api/invoice/${inv.id}`)).status).toBe('sent');
    expect((await hook('tr_onbekend')).status).toBe(200);
    mollie.pay(link.payment_id);
    await hook(link.payment_id);
    const paid = await ok('GET', `/api/invoice/${inv.id}`);
    expect(paid.status).toBe('paid');
    expect(paid.invoice.payment_status).toBe('paid');

    // Sent with a provider configured: the link is made at once; the customer page offers it, and
    // after paying shows the invoice paid without it.
    const next = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    const nextSent = await send(next.id);
    expect(nextSent.body.invoice.payment_url).toContain('/checkout/');
    const page = await t.api('GET', `/api/invoice/${next.hash}/getbycustomer`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      number: nextSent.body.number,
      status: 'sent',
      billed_inc: 1210,
      has_pdf: true,
    });
    expect(page.body.payment_url).toBe(nextSent.body.invoice.payment_url);
    expect(page.body.html).toContain('Laadpaal');
    const pdf = await fetch(`${t.baseUrl}/api/invoice/${next.hash}/downloadbycustomer`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(pdf.headers.get('x-filename') ?? '')).toMatch(/^Factuur \d+/);
    const nextPayment = nextSent.body.invoice.payment_url.split('/').at(-1);
    mollie.pay(nextPayment);
    await fetch(`${t.baseUrl}/api/invoice/${next.hash}/paymentwebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${nextPayment}`,
    });
    const afterPay = await t.api('GET', `/api/invoice/${next.hash}/getbycustomer`);
    expect(afterPay.body).toMatchObject({ status: 'paid', payment_url: null });
    expect(afterPay.body.due.text).toBe('betaald');
    // Unknown hashes and drafts are not found, with the spec's text.
    const unknown = await t.api('GET', '/api/invoice/onbekendeonbekendeonbekende/getbycustomer');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Deze factuur kan niet worden gevonden. Neem a.u.b. contact op.');
    const draftOne = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    expect((await t.api('GET', `/api/invoice/${draftOne.hash}/getbycustomer`)).status).toBe(404);
    await ok('PATCH', '/api/company/invoicesettings', { payment_provider: null, payment_api_key: '' });
  }, 60_000);

  it('shows overdue invoices oldest first with the total outstanding, and the VAT per rate per quarter', async () => {
    const c = await confirmation([
      { name: 'Zonnepanelen', rate: 1000, vat: 0 },
      { name: 'Arbeid', rate: 500, vat: 9 },
      { name: 'Materiaal', rate: 200, vat: 21 },
    ]);
    const x = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    const y = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    await send(x.id);
    await send(y.id);
    await t.server.deps.db.platform((tx) =>
      tx.execute(
        `update sales_document set enddate = case id when ${x.id} then (now() at time zone 'Europe/Amsterdam')::date - 30 else (now() at time zone 'Europe/Amsterdam')::date - 3 end where id in (${x.id}, ${y.id})` as never,
      ),
    );
    const overdue = await ok('GET', '/api/invoice/overdue');
    const ids = overdue.data.map((r: { id: number }) => r.id);
    expect(ids.indexOf(x.id)).toBeLessThan(ids.indexOf(y.id));
    expect(overdue.data.find((r: { id: number }) => r.id === x.id).days_overdue).toBe(30);
    expect(overdue.total_outstanding).toBeGreaterThanOrEqual(2 * x.invoice.billed.inc);
    const list = await ok('GET', '/api/invoice?status=sent');
    const row = list.data.find((r: { id: number }) => r.id === x.id);
    expect(row.due).toMatchObject({ text: '30 dagen te laat', color: 'red' });

    const year = Number(new Date().toISOString().slice(0, 4));
    const q = await ok('GET', `/api/invoice/quarterly?year=${year}`);
    expect(q.quarters).toHaveLength(4);
    expect(q.total.exc_0).toBeGreaterThanOrEqual(2000);
    expect(q.total.vat_9).toBeGreaterThanOrEqual(90);
    expect(q.total.vat_21).toBeGreaterThanOrEqual(84);
    const csv = await api('GET', `/api/invoice/quarterly/export?year=${year}&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Omzet 21%');
    // No 6 % this year: no empty 6 % columns (the rate is gone since 2019).
    expect(String(csv.body)).not.toContain('6%');
    expect(String(csv.body).split('\r\n')[0]!.split(';')).toHaveLength(11);
    const xlsx = await api('GET', `/api/invoice/quarterly/export?year=${year}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    // A year with an old 6 % invoice shows them.
    await t.server.deps.db.platform((tx) =>
      tx.execute(
        `insert into invoice_day_total (company_id, day, invoices, billed_exc_0, billed_exc_6, billed_exc_9, billed_exc_21, billed_vat_6, billed_vat_9, billed_vat_21, billed_exc, billed_inc) values (${a.companyId}, '2018-05-04', 1, 0, 100, 0, 0, 6, 0, 0, 100, 106)` as never,
      ),
    );
    expect((await ok('GET', '/api/invoice/quarterly?year=2018')).quarters[1]).toMatchObject({
      exc_6: 100,
      vat_6: 6,
    });
    const old = String((await api('GET', '/api/invoice/quarterly/export?year=2018&format=csv')).body);
    expect(old.split('\r\n')[0]).toContain('"Omzet 6%";"Omzet 9%"');
    expect(old.split('\r\n')[0]).toContain('"Btw 6%"');
    expect(old.split('\r\n')[2]).toBe('2018;Q2;1;0,00;100,00;0,00;0,00;6,00;0,00;0,00;100,00;6,00;106,00');
    expect((await api('GET', '/api/invoice/quarterly?year=abc')).status).toBe(422);
  }, 60_000);

  it('pages the overviews from the tallies: every page, from either end, filtered, searched and sorted', async () => {
    const c = await confirmation([{ name: 'Cv-ketel', rate: 1500, vat: 21 }]);
    for (let i = 0; i < 3; i++) {
      const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
      if (i < 2) await send(inv.id);
    }
    type Row = { id: number; status: string; number: number | null };
    const all = async (query: string) => {
      const whole = await ok('GET', `/api/invoice?limit=100&${query}`);
      const ids: number[] = [];
      for (let offset = 0; offset < whole.pagination.total; offset += 3) {
        const page = await ok('GET', `/api/invoice?limit=3&offset=${offset}&${query}`);
        expect(page.pagination.total).toBe(whole.pagination.total);
        ids.push(...page.data.map((r: Row) => r.id));
      }
      expect(ids).toEqual(whole.data.map((r: Row) => r.id));
      return whole;
    };
    for (const sort of [
      '-documentdate',
      'documentdate',
      'number',
      '-number',
      'amount',
      '-amount',
      'status',
      'relation',
      '-relation',
      'title',
      '-date_send',
      'flow',
    ])
      await all(`sort=${sort}`);
    const whole = await all('sort=-documentdate');
    expect(whole.pagination.total).toBe(whole.data.length);
    const sent = await all('status=sent&sort=-documentdate');
    expect(sent.data.every((r: Row) => r.status === 'sent')).toBe(true);
    const drafts = await all('status=draft&sort=number');
    expect(drafts.pagination.total).toBe(whole.data.filter((r: Row) => r.status === 'draft').length);
    // Searching a relation's name or an invoice number; another company's invoices never show.
    const name = whole.data.find((r: Row & { relation_fullname: string | null }) => r.relation_fullname)
      .relation_fullname as string;
    const byName = await all(`query=${encodeURIComponent(name.slice(1, -1))}&sort=-documentdate`);
    expect(byName.pagination.total).toBeGreaterThan(0);
    const numbered = whole.data.find((r: Row) => r.number !== null);
    const byNumber = await ok('GET', `/api/invoice?query=${numbered.number}`);
    expect(byNumber.data.map((r: Row) => r.id)).toContain(numbered.id);
    const other = await ok('GET', '/api/invoice?limit=100', undefined);
    expect(
      (await t.api('GET', '/api/invoice?limit=100', { token: b.token })).body.data.map((r: Row) => r.id),
    ).not.toEqual(expect.arrayContaining([other.data[0].id]));
    expect(
      (await t.api('GET', `/api/invoice?query=${numbered.number}`, { token: b.token })).body.data.map(
        (r: Row) => r.id,
      ),
    ).not.toContain(numbered.id);
  }, 90_000);

  it('leaves a credited invoice out of the overdue overview; the quarter counts the credit negative', async () => {
    const c = await confirmation([{ name: 'Zonneboiler', rate: 1000, vat: 21 }]);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    await send(inv.id);
    await t.server.deps.db.platform((tx) =>
      tx.execute(`update sales_document set enddate = current_date - 10 where id = ${inv.id}` as never),
    );
    const before = await ok('GET', '/api/invoice/overdue?limit=100');
    expect(before.data.map((r: { id: number }) => r.id)).toContain(inv.id);
    const year = Number(new Date().toISOString().slice(0, 4));
    const quarterBefore = await ok('GET', `/api/invoice/quarterly?year=${year}`);
    const credit = await created(`/api/invoice/${inv.id}/createcreditinvoice`, {});
    // A draft credit invoice settles nothing yet.
    expect((await ok('GET', '/api/invoice/overdue?limit=100')).pagination.total).toBe(
      before.pagination.total,
    );
    await send(credit.id);
    const after = await ok('GET', '/api/invoice/overdue?limit=100');
    expect(after.data.map((r: { id: number }) => r.id)).not.toContain(inv.id);
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(after.total_outstanding).toBeCloseTo(before.total_outstanding - 1210, 2);
    const quarterAfter = await ok('GET', `/api/invoice/quarterly?year=${year}`);
    expect(quarterAfter.total.invoices).toBe(quarterBefore.total.invoices + 1);
    expect(quarterAfter.total.inc).toBeCloseTo(quarterBefore.total.inc - 1210, 2);
    // Paid leaves the overdue overview too.
    const inv2 = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    await send(inv2.id);
    await t.server.deps.db.platform((tx) =>
      tx.execute(`update sales_document set enddate = current_date - 5 where id = ${inv2.id}` as never),
    );
    const ids = async () =>
      (await ok('GET', '/api/invoice/overdue?limit=100')).data.map((r: { id: number }) => r.id);
    expect(await ids()).toContain(inv2.id);
    await ok('PATCH', `/api/invoice/${inv2.id}`, { status: 'paid' });
    expect(await ids()).not.toContain(inv2.id);
  }, 60_000);
});

describe('a private customer', () => {
  it('gets a plain EN 16931 e-invoice that meets the UBL schema and EN 16931 (decision 035)', async () => {
    const rel = await createTestRelation(t, a.token, {
      createnewflow: true,
      email: 'particulier@voorbeeld.nl',
      location: { address: 'Dorpsstraat', number: '7', postcode: '9401 AA', city: 'Assen' },
    });
    const c = await created('/api/confirmation', { flow_id: rel.flows[0].id, title: 'Warmtepomp' });
    await created('/api/calculationitem', {
      calculation_id: c.calculation_id,
      item_name: 'Warmtepomp',
      unit_rate_exc_manual: '4000',
    });
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    await send(inv.id);
    const xml = String((await api('GET', `/api/invoice/${inv.id}/einvoice`)).body);
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">4840.00</cbc:PayableAmount>');
    await expectValidEInvoice(xml, { peppol: false });
  }, 60_000);
});

describe('tenancy and bad input', () => {
  it('another company gets 404 for every invoice id; bad input answers 4xx, never 5xx', async () => {
    const c = await confirmation([{ name: 'Boiler', rate: 800, vat: 21 }]);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    for (const [method, path] of [
      ['GET', `/api/invoice/${inv.id}`],
      ['PATCH', `/api/invoice/${inv.id}`],
      ['POST', `/api/invoice/${inv.id}/sendemail`],
      ['POST', `/api/invoice/${inv.id}/createcreditinvoice`],
      ['GET', `/api/invoice/${inv.id}/getavailableinvoices`],
      ['POST', `/api/invoice/${inv.id}/linkpartialinvoice`],
      ['GET', `/api/invoice/${inv.id}/einvoice`],
      ['POST', `/api/invoice/${inv.id}/renewpayment`],
      ['POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`],
    ] as const) {
      const res = await api(
        method,
        path,
        method === 'GET'
          ? undefined
          : method === 'PATCH'
            ? {}
            : { first_invoice_id: 1, dontsentbutmarksent: 1 },
        b.token,
      );
      expect([404, 422], `${method} ${path}`).toContain(res.status);
      if (res.status === 422) expect(method).toBe('POST');
    }
    expect((await api('GET', `/api/invoice/${inv.id}`, undefined, b.token)).status).toBe(404);
    const bads = [
      await api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
        partialinvoicetype: 'half',
      }),
      await api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
        partialinvoicetype: 'fromamount',
      }),
      await api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
        partialinvoicetype: 'frompercentage',
        partial_value: 150,
      }),
      await api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, {
        partialinvoicetype: 'fromamount',
        partial_value: -5,
      }),
      await api('PATCH', '/api/company/invoicesettings', { iban: 'NL91ABNA0417164301' }),
      await api('PATCH', '/api/company/invoicesettings', { kvk_number: '1234' }),
      await api('PATCH', '/api/company/invoicesettings', { vat_number: 'NL123456789B99' }),
      await api('PATCH', `/api/invoice/${inv.id}`, { status: 'approved' }),
      await api('GET', `/api/invoice/${inv.id}/einvoice`),
    ];
    for (const res of bads) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(bads[4]!.body.errors.iban).toEqual(['Dit is geen geldig IBAN-nummer.']);
  }, 60_000);
});
