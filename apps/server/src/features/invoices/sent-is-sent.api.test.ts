import { BILLING_TEXTS } from '@im/domain';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, sleep, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Issue "Sent is sent" (decision 034): frozen downloads, one winner among simultaneous sendings,
// merge values as data, a bounded wait for the invoice counter, no invoice of € 0,00, exact amounts.

let t: TestServer;
let smtp: SmtpSink;
let a: { companyId: number; token: string };
let flowId: number;
let relationId: number;

const NAME = 'Kees {% for i in (1..3) %}X{% endfor %} {{ gebruiker.email }} {{ 7*191 }}';
const visible = (s: string) => s.replaceAll('\u200b', '');

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Installateur <info@installateur.test>',
      DB_LOCK_TIMEOUT_MS: '1500',
      DB_IDLE_IN_TRANSACTION_MS: '4000',
    },
  });
  a = await createSalesCompany(t, { name: 'Verstuurd is verstuurd' });
  const org = await created('/api/organization', {
    name: 'Bouwbedrijf Bakker B.V.',
    coc_number: '87654321',
    vat_number: 'NL000099998B57',
    location: { address: 'Havenstraat', number: '3', postcode: '9711 AB', city: 'Groningen' },
  });
  const rel = await createTestRelation(t, a.token, {
    surname: NAME,
    createnewflow: true,
    email: 'kees@voorbeeld.nl',
    organization_id: org.id,
    location: { address: 'Havenstraat', number: '3', postcode: '9711 AB', city: 'Groningen' },
  });
  flowId = rel.flows[0].id;
  relationId = rel.id;
  await ok('PATCH', '/api/company/invoicesettings', {
    street: 'Industrieweg',
    housenumber: '12',
    postcode: '9723 AB',
    city: 'Groningen',
    kvk_number: '12345678',
    vat_number: 'NL000099998B57',
    iban: 'NL91 ABNA 0417 1643 00',
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: string, path: string, body?: unknown) => t.api(method, path, { token: a.token, body });

async function created(path: string, body: unknown) {
  const res = await api('POST', path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function ok(method: string, path: string, body?: unknown) {
  const res = await api(method, path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function bytes(path: string, token: string | null = a.token): Promise<Buffer> {
  const res = await fetch(`${t.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/** A draft invoice made from a confirmation with these lines (rates excl. VAT at 21%). */
async function draftInvoice(rates: number[], choice: Record<string, unknown> = {}) {
  const c = await created('/api/confirmation', { flow_id: flowId, title: 'Warmtepomp' });
  for (const rate of rates)
    await created('/api/calculationitem', {
      calculation_id: c.calculation_id,
      item_name: 'Warmtepomp 8 kW',
      unit_rate_exc_manual: String(rate),
      percentage_vat_21: 100,
    });
  return api('POST', `/api/confirmation/${c.id}/createinvoicefromconfirmation`, choice);
}

async function mailBody(kind: string, id: number) {
  const draft = await ok('GET', `/api/${kind}/${id}/getforsendingemail`);
  return { to_email: draft.to_email, subject: draft.subject, message: draft.message, sendpdf: 1 };
}

const versionCount = async (id: number) =>
  (
    await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from document_version where document_id = ${id}`,
      ),
    )
  ).rows[0]!.n;

describe('sent is sent', () => {
  it('serves every download of a sent invoice and quotation from its frozen version, byte for byte', async () => {
    const inv = (await draftInvoice([7500])).body;
    const received = smtp.received.length;
    expect(
      (await api('POST', `/api/invoice/${inv.id}/sendemail`, await mailBody('invoice', inv.id))).status,
    ).toBe(200);
    const [mail] = (await smtp.waitFor(received + 1, 30_000)).slice(received);
    const parsed = await simpleParser(mail!.raw, { skipImageLinks: true });
    const mailedPdf = parsed.attachments.find((x) => x.filename?.endsWith('.pdf'))!.content;
    const mailedXml = parsed.attachments.find((x) => x.filename?.endsWith('.xml'))!.content;
    const quotation = await created('/api/quotation', { flow_id: flowId, title: 'Isolatie' });
    await ok('POST', `/api/quotation/${quotation.id}/sendemail`, { dontsentbutmarksent: 1 });
    const quotationPdf = await bytes(`/api/quotation/${quotation.id}/download`);

    // The customer and the company change after sending.
    await ok('PATCH', `/api/relation/${relationId}`, { surname: 'Andere Naam' });
    await ok('PATCH', '/api/company/invoicesettings', { iban: 'NL02 ABNA 0123 4567 89' });

    expect((await bytes(`/api/invoice/${inv.id}/download`)).equals(mailedPdf)).toBe(true);
    const xml = await bytes(`/api/invoice/${inv.id}/einvoice`);
    expect(xml.equals(mailedXml)).toBe(true);
    expect(xml.toString('utf8')).toContain('NL91ABNA0417164300');
    expect((await bytes(`/api/invoice/${inv.hash}/downloadbycustomer`, null)).equals(mailedPdf)).toBe(true);
    expect((await bytes(`/api/quotation/${quotation.id}/download`)).equals(quotationPdf)).toBe(true);
    expect(
      (await bytes(`/api/quotation/${quotation.hash}/downloadbycustomer`, null)).equals(quotationPdf),
    ).toBe(true);

    // Sending the invoice again mails the same frozen PDF and e-invoice.
    const again = smtp.received.length;
    await ok('POST', `/api/invoice/${inv.id}/sendemail`, await mailBody('invoice', inv.id));
    const [second] = (await smtp.waitFor(again + 1, 30_000)).slice(again);
    const parsedAgain = await simpleParser(second!.raw, { skipImageLinks: true });
    expect(parsedAgain.attachments.find((x) => x.filename?.endsWith('.pdf'))!.content.equals(mailedPdf)).toBe(
      true,
    );
    expect(parsedAgain.attachments.find((x) => x.filename?.endsWith('.xml'))!.content.equals(mailedXml)).toBe(
      true,
    );
    await ok('PATCH', '/api/company/invoicesettings', { iban: 'NL91 ABNA 0417 1643 00' });
    await ok('PATCH', `/api/relation/${relationId}`, { surname: NAME });
  }, 180_000);

  it('lets one of three simultaneous sendings win; the others answer 409 (invoice and quotation)', async () => {
    const inv = (await draftInvoice([100])).body;
    const body = await mailBody('invoice', inv.id);
    const received = smtp.received.length;
    const results = await Promise.all(
      [1, 2, 3].map(() => api('POST', `/api/invoice/${inv.id}/sendemail`, body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      'Het document is intussen gewijzigd. Probeer het opnieuw.',
    );
    expect(await versionCount(inv.id)).toBe(1);
    await smtp.waitFor(received + 1, 30_000);
    await sleep(1500);
    expect(smtp.received.length).toBe(received + 1);

    const q = await created('/api/quotation', { flow_id: flowId, title: 'Zonnepanelen' });
    const qBody = await mailBody('quotation', q.id);
    const qResults = await Promise.all(
      [1, 2, 3].map(() => api('POST', `/api/quotation/${q.id}/sendemail`, qBody)),
    );
    expect(qResults.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await versionCount(q.id)).toBe(1);
  }, 180_000);

  it('treats a customer name as data in the mail, the document, its PDF and the message templates', async () => {
    const inv = (await draftInvoice([250])).body;
    const body = await mailBody('invoice', inv.id);
    expect(visible(body.message)).toContain(NAME.replace('"', '&quot;'));
    const received = smtp.received.length;
    const sent = await api('POST', `/api/invoice/${inv.id}/sendemail`, body);
    expect(sent.status).toBe(200);
    const [mail] = (await smtp.waitFor(received + 1, 30_000)).slice(received);
    const html = visible((await simpleParser(mail!.raw, { skipImageLinks: true })).html || '');
    expect(html).toContain('Kees {% for i in (1..3) %}X{% endfor %} {{ gebruiker.email }} {{ 7*191 }}');
    expect(html).not.toContain('XXX');
    expect(html).not.toContain('1337');

    // A document widget and its PDF.
    const q = await created('/api/quotation', { flow_id: flowId, title: 'Offerte' });
    const text = q.documentwidgets.find((w: { textcontent: string }) => typeof w.textcontent === 'string');
    await ok('PATCH', `/api/documentwidget/${text.id}`, { textcontent: '<p>Beste {{ relatie.naam }},</p>' });
    const preview = await ok('GET', `/api/quotation/${q.id}/preview`);
    expect(visible(preview.html)).toContain(`Beste ${NAME},`);
    expect(preview.html).not.toContain('XXX');
    const pdf = await bytes(`/api/quotation/${q.id}/download`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The message templates of the communicator, filled in for the flow.
    await created('/api/messagetemplate', {
      description: 'Groet',
      message: '<p>Beste {{ relatie.naam }}</p>',
    });
    const templates = await ok('GET', `/api/flow/${flowId}/getmessagetemplates`);
    const greeting = templates.find((x: { description: string }) => x.description === 'Groet');
    expect(visible(greeting.message)).toContain(`Beste ${NAME}`);
    expect(greeting.message).not.toContain('XXX');

    // A tag the user typed that does not parse is a 422, never a 500.
    const broken = await api('POST', `/api/quotation/${q.id}/sendemail`, {
      ...(await mailBody('quotation', q.id)),
      message: '<p>{{ 7*191 }}</p>',
    });
    expect(broken.status).toBe(422);
    expect(broken.body.errors.message[0]).toMatch(/^De samenvoegcodes kloppen niet/);
  }, 180_000);

  it('answers 503 while a stopped process holds the invoice counter, and sends once its session ends', async () => {
    const first = (await draftInvoice([100])).body;
    await ok('POST', `/api/invoice/${first.id}/sendemail`, { dontsentbutmarksent: 1 });
    const inv = (await draftInvoice([100])).body;
    // A process stopped inside its sending: its transaction holds the counter row and says nothing more.
    const client = await t.server.deps.db.pool.connect();
    client.on('error', () => {});
    await client.query('begin');
    await client.query(
      `select value from company_counter where company_id = $1 and name = 'document:invoice' for update`,
      [a.companyId],
    );
    const started = Date.now();
    const busy = await api('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
    expect(busy.status).toBe(503);
    expect(busy.body.message).toMatch(/^Een andere handeling houdt deze gegevens bezet/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await ok('GET', `/api/invoice/${inv.id}`)).number).toBeNull();
    // PostgreSQL ends the idle transaction (DB_IDLE_IN_TRANSACTION_MS), which frees the counter.
    await sleep(5000);
    client.release(true);
    const sent = await api('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body.number).toBeGreaterThan(0);
  }, 120_000);

  it('refuses to send an invoice of € 0,00 and a part that rounds to nothing, with 422', async () => {
    const empty = (await draftInvoice([])).body;
    const noLines = await api('POST', `/api/invoice/${empty.id}/sendemail`, { dontsentbutmarksent: 1 });
    expect(noLines.status).toBe(422);
    expect(noLines.body.message).toBe(BILLING_TEXTS.nothingToBill);
    const mailed = await api(
      'POST',
      `/api/invoice/${empty.id}/sendemail`,
      await mailBody('invoice', empty.id),
    );
    expect(mailed.status).toBe(422);
    const zero = (await draftInvoice([0, 0])).body;
    expect((await api('POST', `/api/invoice/${zero.id}/sendemail`, { dontsentbutmarksent: 1 })).status).toBe(
      422,
    );
    expect((await ok('GET', `/api/invoice/${zero.id}`)).number).toBeNull();
    const tiny = await draftInvoice([100], { partialinvoicetype: 'fromamount', partial_value: '0.001' });
    expect(tiny.status).toBe(422);
    expect(tiny.body.errors.partial_value).toEqual([BILLING_TEXTS.partZero]);
  }, 120_000);

  it('reads Dutch amounts whole and answers amounts exact to the cent', async () => {
    const c = await created('/api/confirmation', { flow_id: flowId, title: 'Bedragen' });
    const line = (amount: string) =>
      api('POST', '/api/calculationitem', {
        calculation_id: c.calculation_id,
        item_name: 'Kabel',
        unit_rate_exc_manual: '10',
        percentage_vat_21: 100,
        product_amount: amount,
      });
    const ambiguous = await line('1.500');
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.errors.product_amount[0]).toMatch(/^Dit getal is niet eenduidig/);
    const dutch = await line('1.000,50');
    expect(dutch.status).toBe(201);
    expect(Number(dutch.body.product_amount)).toBe(1000.5);
    await api('DELETE', `/api/calculationitem/${dutch.body.id}`);
    expect((await line('1')).status).toBe(201);
    const inv = await created(`/api/confirmation/${c.id}/createinvoicefromconfirmation`, {});
    const sent = await ok('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
    // 12.10 - 10.00 in floating point is 2.0999999999999996.
    expect(sent.invoice.billed).toMatchObject({ exc: 10, vat: 2.1, inc: 12.1, vat_21: 2.1 });
    expect((await ok('GET', `/api/invoice/${inv.id}`)).invoice.billed.vat).toBe(2.1);
  }, 120_000);
});
