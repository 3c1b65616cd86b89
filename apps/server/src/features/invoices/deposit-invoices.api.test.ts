import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Decision 030: a deposit is not the end of the work. The Dutch solar norm: 30 % at order, the rest
// after delivery.

let t: TestServer;
let smtp: SmtpSink;
let a: { companyId: number; token: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
  a = await createSalesCompany(t, { name: 'Aanbetaling B.V.' });
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
  await created('/api/mailtemplate', {
    template_type: 'sendinvoice',
    description: 'Factuur versturen',
    subject: 'Factuur {{ factuur.nummer }}: {{ document.titel }}',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Hierbij factuur {{ document.nummer }} van {{ document.bedrag }} incl. btw ({{ factuur.bedrag_excl }} excl. btw, btw {{ factuur.btw }}), te betalen vóór {{ factuur.vervaldatum }}.</p>',
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

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'deposit-pdf-')), 'f.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

const euro = (n: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(n).replace(/\u00a0/g, ' ');
const plain = (s: string) => s.replace(/\u00a0|&nbsp;/g, ' ');

/** A flow in execution: an approved confirmation of solar panels (0 %) and labour (21 %). */
async function flowInExecution() {
  const rel = await createTestRelation(t, a.token, {
    createnewflow: true,
    email: `klant.${Date.now()}@voorbeeld.nl`,
    location: { address: 'Oosterstraat', number: '14', postcode: '9711 NV', city: 'Groningen' },
  });
  const flowId: number = rel.flows[0].id;
  const c = await created('/api/confirmation', { flow_id: flowId, title: 'Zonnepanelen 12 stuks' });
  for (const [name, rate, vat] of [
    ['Zonnepanelen 12 stuks', '4321.17', 0],
    ['Montage', '1180.50', 21],
  ] as const)
    await created('/api/calculationitem', {
      calculation_id: c.calculation_id,
      item_name: name,
      unit_rate_exc_manual: rate,
      percentage_vat_0: vat === 0 ? 100 : 0,
      percentage_vat_21: vat === 21 ? 100 : 0,
    });
  await ok('PATCH', `/api/confirmation/${c.id}`, { status: 'approved' });
  const flow = await ok('GET', `/api/flow/${flowId}`);
  expect(flow.flow_status).toBe('project');
  return { flowId, confirmationId: c.id as number, hash: flow.hash as string };
}

async function sendByMail(id: number) {
  const draft = await ok('GET', `/api/invoice/${id}/getforsendingemail`);
  const before = smtp.received.length;
  const sent = await api('POST', `/api/invoice/${id}/sendemail`, {
    to_email: draft.to_email,
    subject: draft.subject,
    message: draft.message,
    sendpdf: 1,
  });
  expect(sent.status).toBe(200);
  const mails = await smtp.waitFor(before + 1, 20_000);
  return { draft, sent: sent.body, mail: mails[before]! };
}

const flowState = async (flowId: number) => {
  const f = await ok('GET', `/api/flow/${flowId}`);
  return { status: f.flow_status as string, phase: (f.flow_phase?.description ?? null) as string | null };
};

describe('a deposit invoice (decision 030)', () => {
  it('leaves the dossier in execution, asks its own amount in mail and PDF, and a paid deposit is no paid dossier', async () => {
    const { flowId, confirmationId, hash } = await flowInExecution();
    const deposit = await created(`/api/confirmation/${confirmationId}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'frompercentage',
      partial_value: 30,
    });
    expect((await flowState(flowId)).status).toBe('project');
    const whole = deposit.calculation.amount_inc_vat as number;
    const part = deposit.invoice.billed.inc as number;
    expect(part).toBeCloseTo(whole * 0.3, 0);

    const { draft, sent, mail } = await sendByMail(deposit.id);
    // Composed: the number is still a tag, filled in at sending; the amount is this invoice's.
    expect(draft.subject).toBe('Factuur {{ factuur.nummer }}: Zonnepanelen 12 stuks');
    expect(plain(draft.message)).toContain(euro(part));
    expect(plain(draft.message)).not.toContain(euro(whole));
    expect(sent.number).toBeGreaterThan(0);
    const parsed = await simpleParser(mail.raw, { skipImageLinks: true });
    expect(parsed.subject).toBe(`Factuur ${sent.number}: Zonnepanelen 12 stuks`);
    const body = plain(String(parsed.html));
    expect(body).toContain(`Hierbij factuur ${sent.number} van ${euro(part)} incl. btw`);
    expect(body).toContain(
      `(${euro(sent.invoice.billed.exc)} excl. btw, btw ${euro(sent.invoice.billed.vat)})`,
    );
    expect(body).toMatch(/te betalen vóór \d{1,2} \w+ 20\d\d\./);
    expect(body).not.toContain('{{');

    // The PDF's first page leads with what is due, before the calculation of the whole.
    const pdf = parsed.attachments.find((x) => x.filename?.endsWith('.pdf'))!;
    const firstPage = plain(pdfText(pdf.content).split('\f')[0]!);
    const due = firstPage.indexOf('Deelfactuurbedrag incl. btw');
    expect(due).toBeGreaterThan(-1);
    expect(firstPage.slice(due, due + 120)).toContain(euro(part).replace('€ ', ''));
    expect(firstPage.indexOf('Montage')).toBeGreaterThan(due);

    expect(await flowState(flowId)).toMatchObject({ status: 'project' });
    await ok('PATCH', `/api/invoice/${deposit.id}`, { status: 'paid' });
    expect(await flowState(flowId)).toMatchObject({ status: 'project' });

    // The customer's timeline: execution is where the work is, not done.
    const dossier = await t.api('GET', `/api/flow/${hash}/getbycustomer`);
    expect(dossier.status).toBe(200);
    const steps = dossier.body.timeline as { stage: string; state: string }[];
    expect(steps.find((s) => s.stage === 'project')?.state).toBe('current');
    expect(steps.find((s) => s.stage === 'invoice')?.state).toBe('todo');

    // The rest after delivery moves the dossier to invoicing; paid in full, the dossier is paid.
    const rest = await created(`/api/confirmation/${confirmationId}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'rest',
    });
    expect((await flowState(flowId)).status).toBe('invoice');
    const sentRest = await sendByMail(rest.id);
    expect(await flowState(flowId)).toMatchObject({ status: 'invoice', phase: 'Factuur verstuurd' });
    expect(Math.round((part + sentRest.sent.invoice.billed.inc) * 100)).toBe(Math.round(whole * 100));
    await ok('PATCH', `/api/invoice/${rest.id}`, { status: 'paid' });
    expect(await flowState(flowId)).toMatchObject({ status: 'invoice', phase: 'Betaald' });
  }, 120_000);

  it('makes the dossier only partly paid while the rest is open', async () => {
    const { flowId, confirmationId } = await flowInExecution();
    const deposit = await created(`/api/confirmation/${confirmationId}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'fromamount',
      partial_value: 1000,
    });
    await ok('POST', `/api/invoice/${deposit.id}/sendemail`, { dontsentbutmarksent: 1 });
    const rest = await created(`/api/confirmation/${confirmationId}/createinvoicefromconfirmation`, {
      partialinvoicetype: 'rest',
    });
    await ok('POST', `/api/invoice/${rest.id}/sendemail`, { dontsentbutmarksent: 1 });
    // The deposit paid after the rest went out: the dossier is partly paid, not paid.
    await ok('PATCH', `/api/invoice/${deposit.id}`, { status: 'paid' });
    expect(await flowState(flowId)).toMatchObject({ status: 'invoice', phase: 'Deel betaling gedaan' });
    await ok('PATCH', `/api/invoice/${rest.id}`, { status: 'paid' });
    expect(await flowState(flowId)).toMatchObject({ status: 'invoice', phase: 'Betaald' });
  }, 120_000);

  it('moves the dossier for an invoice of the whole work as before', async () => {
    const { flowId, confirmationId } = await flowInExecution();
    const inv = await created(`/api/confirmation/${confirmationId}/createinvoicefromconfirmation`, {});
    expect((await flowState(flowId)).status).toBe('invoice');
    const draft = await ok('GET', `/api/invoice/${inv.id}/getforsendingemail`);
    expect(plain(draft.message)).toContain(euro(inv.calculation.amount_inc_vat));
  }, 60_000);
});
