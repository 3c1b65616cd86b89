import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGREEMENT_MESSAGES, amsterdamDay, CUSTOMER_DOCUMENT_ERRORS, CUSTOMER_TEXTS } from '@im/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let smtp: SmtpSink;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let flowId: number;

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Testbrowser';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
  a = await createSalesCompany(t, { name: 'Klantpagina A' });
  b = await createSalesCompany(t, { name: 'Klantpagina B' });
  const rel = await createTestRelation(t, a.token, {
    createnewflow: true,
    email: 'klant.teken@voorbeeld.nl',
  });
  flowId = rel.flows[0].id;
  // The handler of the flow hears of the customer's answer.
  const me = await t.api('GET', '/api/user/getcurrentuser', { token: a.token });
  expect(
    (
      await t.api('PATCH', `/api/flow/${flowId}`, {
        token: a.token,
        body: { user_id: me.body.currentuser_id },
      })
    ).status,
  ).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: string, path: string, body?: unknown, token: string | undefined = a.token) =>
  t.api(method, path, { token, body, headers: { 'user-agent': UA } });
const customer = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { body, headers: { 'user-agent': UA } });

async function sentQuotation(patch: Record<string, unknown> = {}) {
  const q = await api('POST', '/api/quotation', { flow_id: flowId });
  expect(q.status).toBe(201);
  if (Object.keys(patch).length)
    expect((await api('PATCH', `/api/quotation/${q.body.id}`, patch)).status).toBe(200);
  const sent = await api('POST', `/api/quotation/${q.body.id}/sendemail`, { dontsentbutmarksent: 1 });
  expect(sent.status).toBe(200);
  return { id: q.body.id as number, hash: q.body.hash as string };
}

async function download(
  path: string,
  token?: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(t.baseUrl + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'signed-')), 's.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}
const pdfPages = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'pages-')), 'p.pdf');
  writeFileSync(file, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
};

const drawn = async () =>
  `data:image/png;base64,${(
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><path d="M20 100 C 80 10, 140 140, 200 60 S 320 20, 380 110" stroke="#111" stroke-width="5" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer()
  ).toString('base64')}`;
const blank = async () =>
  `data:image/png;base64,${(
    await sharp({
      create: { width: 400, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
  ).toString('base64')}`;

describe('the customer quotation page', () => {
  it('shows the sent version, records the open, and approval needs a name and the agreement tick', async () => {
    const q = await sentQuotation();
    const page = await customer('GET', `/api/quotation/${q.hash}/getbycustomer`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      kind: 'quotation',
      status: 'sent',
      status_label: 'verstuurd',
      version: 1,
      company: { name: 'Klantpagina A' },
      approval: {
        open: true,
        needs_signature: false,
        agreement_message: AGREEMENT_MESSAGES.quotation.agreement,
      },
      response: null,
    });
    expect(page.body.html).toContain('<');
    expect(page.body.flow_hash).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // Staff-only facts stay out of the customer's answer.
    expect(JSON.stringify(page.body)).not.toMatch(/purchase|inkoop|internal/i);

    const views = await api('GET', `/api/quotation/${q.id}/customeractivity`);
    expect(views.body.views.count).toBe(1);
    expect(views.body.views.last_viewed_at).not.toBeNull();

    const noName = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, { signername: ' ' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.signername).toEqual([CUSTOMER_TEXTS.nameRequired]);
    const noTick = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'J. Jansen',
    });
    expect(noTick.status).toBe(422);
    expect(noTick.body.message).toBe(AGREEMENT_MESSAGES.quotation.agreement);

    // Staff's preview neither counts as an open nor answers on the customer's behalf.
    const preview = await t.api('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      body: { signername: 'Medewerker', agreeswithoffer: 1 },
      headers: { 'x-customer-preview': '1' },
    });
    expect(preview.status).toBe(409);
    expect(preview.body.message).toBe(CUSTOMER_TEXTS.previewNoAnswer);
    await t.api('GET', `/api/quotation/${q.hash}/getbycustomer`, { headers: { 'x-customer-preview': '1' } });
    expect((await api('GET', `/api/quotation/${q.id}/customeractivity`)).body.views.count).toBe(1);

    const ok = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'J. Jansen',
      signerplace: 'Utrecht',
      additional_message: 'Graag in maart',
      agreeswithoffer: '1',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: CUSTOMER_TEXTS.approved, status: 'approved' });

    const staff = await api('GET', `/api/quotation/${q.id}`);
    expect(staff.body).toMatchObject({ status: 'approved', signername: 'J. Jansen', location: 'Utrecht' });
    const flow = await api('GET', `/api/flow/${flowId}`);
    expect(flow.body.flow_status).toBe('quotation');

    const again = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'J. Jansen',
      agreeswithoffer: 1,
    });
    expect(again.status).toBe(409);
    const reject = await customer('POST', `/api/quotation/${q.hash}/rejectbycustomer`, {
      signername: 'J. Jansen',
    });
    expect(reject.status).toBe(409);

    const after = await customer('GET', `/api/quotation/${q.hash}/getbycustomer`);
    expect(after.body.approval.open).toBe(false);
    expect(after.body.response).toMatchObject({
      action: 'approved',
      signername: 'J. Jansen',
      signature_type: 'agreement',
    });

    // The handler hears of it.
    const notes = await api('GET', `/api/notification/indexondate/${amsterdamDay(new Date())}`);
    expect(JSON.stringify(notes.body)).toContain('goedgekeurd door J. Jansen');
  });

  it('with a required signature refuses none, a blank or a broken one, keeps the evidence and makes the signed PDF', async () => {
    expect(
      (await api('PATCH', '/api/company/customerpagesettings', { confirmation_approval_signature: 1 })).body,
    ).toMatchObject({ confirmation_approval_signature: true });
    // The request profile's 'Goedkeuren offerte door klant' mail goes to the customer.
    const tpl = await api('POST', '/api/mailtemplate', {
      template_type: 'approvequotationbycustomer',
      description: 'Bedankt voor uw akkoord',
      subject: 'Bedankt voor uw akkoord op offerte {{ document.nummer }}',
      message: '<p>Beste {{ relatie.naam }}, wij hebben uw akkoord ontvangen.</p>',
    });
    expect(tpl.status).toBe(201);
    const q = await sentQuotation();
    const page = await customer('GET', `/api/quotation/${q.hash}/getbycustomer`);
    expect(page.body.approval).toMatchObject({
      needs_signature: true,
      agreement_message: AGREEMENT_MESSAGES.quotation.signature,
    });
    const none = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'P. de Vries',
      agreeswithoffer: 1,
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(CUSTOMER_TEXTS.signatureRequired);
    const empty = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'P. de Vries',
      signature: await blank(),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(CUSTOMER_TEXTS.signatureBlank);
    const broken = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'P. de Vries',
      signature: 'data:image/png;base64,AAAAAAAAAAAAAAAA',
    });
    expect(broken.status).toBe(422);
    expect(broken.body.message).toBe(CUSTOMER_TEXTS.signatureInvalid);

    const ok = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'P. de Vries',
      signatory_name: 'De Vries Holding',
      location: 'Amersfoort',
      signature: await drawn(),
      signature_type: 'drawn',
    });
    expect(ok.status).toBe(200);

    const activity = await api('GET', `/api/quotation/${q.id}/customeractivity`);
    const [resp] = activity.body.responses;
    const staffDoc = await api('GET', `/api/quotation/${q.id}`);
    expect(resp).toMatchObject({
      action: 'approved',
      version: 1,
      signername: 'P. de Vries',
      signatory_name: 'De Vries Holding',
      location: 'Amersfoort',
      signature_type: 'drawn',
      has_signature: true,
      user_agent: UA,
    });
    expect(resp.ip_address).toMatch(/127\.0\.0\.1/);
    expect(resp.html_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(resp.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(staffDoc.body.status).toBe('approved');

    const signature = await download(resp.signature_url, a.token);
    expect(signature.status).toBe(200);
    expect(signature.bytes.subarray(1, 4).toString()).toBe('PNG');
    const original = await download(`/api/quotation/${q.hash}/downloadbycustomer`);
    expect(original.status).toBe(200);
    const signed = await download(resp.signed_pdf_url, a.token);
    expect(signed.status).toBe(200);
    expect(signed.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(signed.bytes)).toBe(pdfPages(original.bytes) + 1);
    const text = pdfText(signed.bytes);
    // The added page does not count itself as a document of one page ('Pagina 1 van 1' after the rest).
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    const last = pages.at(-1)!.replace(/\s+/g, ' ');
    expect(last).toContain('Ondertekeningspagina bij Offerte');
    expect(last).not.toMatch(/Pagina \d+ van \d+/);
    for (const fact of [
      'Ondertekening',
      'P. de Vries',
      'De Vries Holding',
      'Amersfoort',
      resp.html_sha256,
      'Testbrowser',
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(fact);
    const byCustomer = await download(`/api/quotation/${q.hash}/downloadsignedbycustomer`);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.bytes.equals(signed.bytes)).toBe(true);

    const mails = await smtp.waitFor(1, 20_000);
    expect(mails.some((m) => m.subject?.startsWith('Bedankt voor uw akkoord op offerte'))).toBe(true);

    // Another company never sees it.
    expect((await api('GET', `/api/quotation/${q.id}/customeractivity`, undefined, b.token)).status).toBe(
      404,
    );
    expect((await download(resp.signed_pdf_url, b.token)).status).toBe(404);
    await api('PATCH', '/api/company/customerpagesettings', { confirmation_approval_signature: 0 });
  });

  it('a re-sent document is a new version that needs a new answer; the signed one stays as it was', async () => {
    const q = await sentQuotation();
    expect(
      (await customer('POST', `/api/quotation/${q.hash}/rejectbycustomer`, { signername: '' })).status,
    ).toBe(422);
    const rejected = await customer('POST', `/api/quotation/${q.hash}/rejectbycustomer`, {
      signername: 'K. Bakker',
      additional_message: 'Te duur',
    });
    expect(rejected.body).toEqual({ message: CUSTOMER_TEXTS.rejected, status: 'rejected' });
    // Staff change and send it again: version 2 is open for an answer, version 1's answer is kept.
    await api('PATCH', `/api/quotation/${q.id}`, { title: 'Aangepaste offerte' });
    expect((await api('POST', `/api/quotation/${q.id}/sendemail`, { dontsentbutmarksent: 1 })).status).toBe(
      200,
    );
    const page = await customer('GET', `/api/quotation/${q.hash}/getbycustomer`);
    expect(page.body).toMatchObject({ version: 2, status: 'sent', approval: { open: true }, response: null });
    const ok = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
      signername: 'K. Bakker',
      agreeswithoffer: true,
    });
    expect(ok.status).toBe(200);
    const activity = await api('GET', `/api/quotation/${q.id}/customeractivity`);
    expect(
      activity.body.responses.map((r: { version: number; action: string }) => [r.version, r.action]),
    ).toEqual([
      [1, 'rejected'],
      [2, 'approved'],
    ]);
  });

  it('answers the breaking errors: draft and unknown 404, deleted 410, reset hash 404, expired refused', async () => {
    const draft = await api('POST', '/api/quotation', { flow_id: flowId });
    const d = await customer('GET', `/api/quotation/${draft.body.hash}/getbycustomer`);
    expect(d.status).toBe(404);
    expect(d.body.message).toBe(CUSTOMER_DOCUMENT_ERRORS.quotation.notFound);
    expect((await customer('GET', '/api/quotation/bestaat-niet-bestaat-niet/getbycustomer')).status).toBe(
      404,
    );
    expect((await customer('POST', '/api/quotation/x/approvebycustomer', { signername: 'x' })).status).toBe(
      404,
    );

    const gone = await sentQuotation();
    expect((await api('DELETE', `/api/quotation/${gone.id}`)).status).toBeLessThan(300);
    const g = await customer('GET', `/api/quotation/${gone.hash}/getbycustomer`);
    expect(g.status).toBe(410);
    expect(g.body.message).toBe(CUSTOMER_DOCUMENT_ERRORS.quotation.gone);

    const reset = await sentQuotation();
    const fresh = await api('POST', `/api/quotation/${reset.id}/resethash`);
    expect(fresh.status).toBe(200);
    expect((await customer('GET', `/api/quotation/${reset.hash}/getbycustomer`)).status).toBe(404);

    const old = await sentQuotation({ enddate: '2020-01-31' });
    const page = await customer('GET', `/api/quotation/${old.hash}/getbycustomer`);
    expect(page.body.approval.open).toBe(false);
    const late = await customer('POST', `/api/quotation/${old.hash}/approvebycustomer`, {
      signername: 'Te Laat',
      agreeswithoffer: 1,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(CUSTOMER_TEXTS.expired);
    // With the company's link expiry for quotations, the link itself stops working.
    await api('PATCH', '/api/company/customerpagesettings', { customer_link_expiry: ['quotation'] });
    const expired = await customer('GET', `/api/quotation/${old.hash}/getbycustomer`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(CUSTOMER_DOCUMENT_ERRORS.quotation.gone);
    await api('PATCH', '/api/company/customerpagesettings', { customer_link_expiry: [] });

    // Bad input is a 4xx, never a 5xx.
    const q = await sentQuotation();
    for (const body of [
      null,
      [],
      { signername: 5 },
      { signername: 'x'.repeat(500) },
      { signername: 'a', signature: '<svg>' },
    ]) {
      const res = await customer('POST', `/api/quotation/${q.hash}/approvebycustomer`, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('serves an attachment only with the hash of its own document', async () => {
    const q = await sentQuotation();
    const other = await sentQuotation();
    const form = new FormData();
    form.append('quotation_id', String(q.id));
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n%%EOF')], { type: 'application/pdf' }),
      'voorwaarden.pdf',
    );
    const up = await fetch(`${t.baseUrl}/api/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const file = (await up.json()) as { id: number };
    const page = await customer('GET', `/api/quotation/${q.hash}/getbycustomer`);
    expect(page.body.attachments).toEqual([
      {
        id: file.id,
        filename: 'voorwaarden.pdf',
        url: `/api/attachment/${file.id}/getbycustomer?hash=${q.hash}`,
      },
    ]);
    expect((await download(page.body.attachments[0].url)).status).toBe(200);
    expect((await download(`/api/attachment/${file.id}/getbycustomer?hash=${other.hash}`)).status).toBe(404);
  });
});
