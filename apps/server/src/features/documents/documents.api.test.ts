import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestProduct, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let smtp: SmtpSink;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let flowId: number;
let relationEmail: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
  a = await createSalesCompany(t, { name: 'Docs A' });
  b = await createSalesCompany(t, { name: 'Docs B' });
  const rel = await createTestRelation(t, a.token, { createnewflow: true, email: 'klant.docs@voorbeeld.nl' });
  flowId = rel.flows[0].id;
  relationEmail = 'klant.docs@voorbeeld.nl';
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function created(path: string, body: unknown, token = a.token) {
  const res = await api('POST', path, body, token);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'doc-pdf-'));
  const file = join(dir, 'd.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

describe('quotations', () => {
  it('creates a quotation on a flow with the default widgets, a number, a hash and its own calculation; the flow follows', async () => {
    const q = await created('/api/quotation', { flow_id: flowId });
    expect(q).toMatchObject({ kind: 'quotation', status: 'draft', flow_id: flowId, is_template: false });
    expect(q.number).toBeGreaterThan(0);
    expect(q.hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(q.calculation_id).toBeGreaterThan(0);
    expect(
      q.documentwidgets.map((w: { documentwidgettype: { tag: string } }) => w.documentwidgettype.tag),
    ).toEqual(['TEXT', 'CALCULATIONITEMS', 'TEXT', 'PDFFOOTER']);
    expect(q.enddate).not.toBeNull();
    const second = await created('/api/quotation', { flow_id: flowId });
    expect(second.number).toBe(q.number + 1);
    const flow = await api('GET', `/api/flow/${flowId}`);
    expect(flow.body.flow_status).toBe('quotation');
  });

  it('keeps numbers unique under concurrent creation', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', '/api/quotation', { flow_id: flowId })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => r.body.number);
    expect(new Set(numbers).size).toBe(8);
  });

  it('edits widgets: add after, reorder, duplicate right after, delete; text is sanitised and merge tags checked', async () => {
    const q = await created('/api/quotation', { flow_id: flowId });
    const types = await api('GET', '/api/documentwidgettype');
    const tagId = (tag: string) => types.body.find((x: { tag: string }) => x.tag === tag).id;
    // Since the forms (decision 023) every widget is offered, those built on forms too.
    expect(types.body.some((x: { tag: string }) => x.tag === 'ROOMS')).toBe(true);
    const first = q.documentwidgets[0];
    const text = await created('/api/documentwidget', {
      document_id: q.id,
      document_widget_type_id: tagId('TEXT'),
      after_id: first.id,
      textcontent: '<p style="font-size:40px">Hallo {{ relatie.naam }}<script>alert(1)</script></p>',
    });
    expect(text.order).toBe(2);
    expect(text.textcontent).toBe('<p>Hallo {{ relatie.naam }}</p>');
    const unknown = await api('POST', '/api/documentwidget', {
      document_id: q.id,
      document_widget_type_id: tagId('TEXT'),
      textcontent: '{{ onbekend.veld }}',
    });
    expect(unknown.status).toBe(422);
    const moved = await api('PATCH', `/api/documentwidget/${text.id}`, {
      order: 1,
      update_reason: 'orderOnly',
    });
    expect(moved.body.order).toBe(1);
    const copy = await created(`/api/documentwidget/${text.id}/duplicate`, {});
    expect(copy.order).toBe(2);
    const doc = await api('GET', `/api/quotation/${q.id}`);
    expect(doc.body.documentwidgets.map((w: { order: number }) => w.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(doc.body.documentwidgets[1].id).toBe(copy.id);
    expect((await api('DELETE', `/api/documentwidget/${copy.id}`)).status).toBe(200);
    const after = await api('GET', `/api/quotation/${q.id}`);
    expect(after.body.documentwidgets.map((w: { order: number }) => w.order)).toEqual([1, 2, 3, 4, 5]);
    // A widget on forms data is added like any other (decision 023).
    const forms = await api('POST', '/api/documentwidget', {
      document_id: q.id,
      document_widget_type_id: tagId('ROOMS'),
    });
    expect(forms.status).toBe(201);
    const unknownType = await api('POST', '/api/documentwidget', {
      document_id: q.id,
      document_widget_type_id: 999999,
    });
    expect(unknownType.status).toBe(422);
  });

  it('renders a preview with the lines, keeps custom HTML scripts for the sandbox only, and downloads a PDF', async () => {
    const product = await createTestProduct(t, a.token, { item_name: 'Zonnepaneel 410 Wp' }, [[0, 200]]);
    const q = await created('/api/quotation', { flow_id: flowId, title: 'Zonnepanelen dak' });
    const line = await created('/api/calculationitem', {
      calculation_id: q.calculation_id,
      item_type: 'product',
      product_id: product.id,
      product_amount: 10,
    });
    expect(line.total_exc).toBe(2000);
    const preview = await api('GET', `/api/quotation/${q.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('Zonnepaneel 410 Wp');
    expect(preview.body.html).toContain('2.420,00');
    expect(preview.body.html).not.toContain('<script');
    // Document merge tags are filled in the document too.
    const tags = await created('/api/documentwidget', {
      document_id: q.id,
      document_widget_type_id: q.documentwidgets[0].document_widget_type_id,
      textcontent: '<p>Geldig tot {{ document.geldigtot }}, nummer {{ document.nummer }}</p>',
    });
    const filled = await api('GET', `/api/documentwidget/${tags.id}/getprepared`);
    expect(filled.body.html).toMatch(new RegExp(`Geldig tot \\d+ \\w+ \\d{4}, nummer ${q.number}`));
    const pdf = await fetch(`${t.baseUrl}/api/quotation/${q.id}/download`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(pdf.headers.get('x-filename') ?? '')).toMatch(/^Offerte \d+/);
    expect(pdf.headers.get('content-disposition')).toContain('attachment');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Zonnepaneel 410 Wp');
    expect(text).toContain('2.420,00');
    expect(text).toMatch(/Pagina 1 van 1/);

    // Custom HTML keeps its script for the sandboxed preview, but the PDF renders with JavaScript off.
    const types = (await api('GET', '/api/documentwidgettype')).body as { id: number; tag: string }[];
    await created('/api/documentwidget', {
      document_id: q.id,
      document_widget_type_id: types.find((x) => x.tag === 'CUSTOMHTML')!.id,
      textcontent:
        '<p id="doel">Eigen blok</p><script>document.getElementById("doel").textContent = "GEHACKT";</script>',
    });
    const withScript = await api('GET', `/api/quotation/${q.id}/preview`);
    expect(withScript.body.html).toContain('Eigen blok');
    const scripted = await fetch(`${t.baseUrl}/api/quotation/${q.id}/download`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    const scriptedText = pdfText(Buffer.from(await scripted.arrayBuffer()));
    expect(scriptedText).toContain('Eigen blok');
    expect(scriptedText).not.toContain('GEHACKT');
  });

  it('sends with the PDF attached through SMTP, freezes the version, rolls back and creates the confirmation', async () => {
    const q = await created('/api/quotation', { flow_id: flowId, title: 'Warmtepomp' });
    await created('/api/calculationitem', {
      calculation_id: q.calculation_id,
      item_name: 'Warmtepomp 8 kW',
      unit_rate_exc_manual: '7500',
    });
    const form = new FormData();
    form.append('quotation_id', String(q.id));
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'schets.png');
    const att = await t.api('POST', '/api/attachment', { token: a.token, body: form });
    expect(att.status).toBe(201);

    const draft = await api('GET', `/api/quotation/${q.id}/getforsendingemail`);
    expect(draft.status).toBe(200);
    expect(draft.body.to_email).toBe(relationEmail);
    expect(draft.body.message).toContain(`/#/customer_quotation_detail/${q.hash}`);
    const bad = await api('POST', `/api/quotation/${q.id}/sendemail`, {
      to_email: 'geen-adres',
      subject: 'x',
    });
    expect(bad.status).toBe(422);
    const sent = await api('POST', `/api/quotation/${q.id}/sendemail`, {
      to_email: draft.body.to_email,
      subject: draft.body.subject,
      message: draft.body.message,
      sendpdf: 1,
      sendattachments: 1,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    expect(sent.body.date_send).not.toBeNull();
    expect(sent.body.versions).toHaveLength(1);
    expect(sent.body.versions[0]).toMatchObject({ version: 1, mailed: true, to_email: relationEmail });
    expect(sent.body.versions[0].pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.body.rollback_targets).toEqual(['draft']);

    const [mail] = await smtp.waitFor(1, 20_000);
    const parsed = await simpleParser(mail!.raw, { skipImageLinks: true });
    const names = parsed.attachments.map((x) => x.filename);
    expect(names[0]).toMatch(/^Offerte \d+/);
    expect(names).toContain('schets.png');
    const text = pdfText(parsed.attachments[0]!.content);
    expect(text).toContain('Warmtepomp 8 kW');
    expect(text).toContain('9.075,00');

    // A later edit does not change what was sent.
    await api('PATCH', `/api/quotation/${q.id}`, { title: 'Gewijzigd' });
    const version = await t.server.deps.db.platform((tx) =>
      tx.execute<{ html: string; sha: string }>(
        `select html, html_sha256 as sha from document_version where document_id = ${q.id}` as never,
      ),
    );
    expect(version.rows[0]!.html).toContain('Warmtepomp');
    expect(version.rows[0]!.html).not.toContain('Gewijzigd');

    const rolled = await api('PATCH', `/api/quotation/${q.id}`, {
      status: 'draft',
      update_reason: 'rollbackstatus',
    });
    expect(rolled.body).toMatchObject({ status: 'draft', date_send: null });
    expect(rolled.body.versions).toHaveLength(1);
    const notEarlier = await api('PATCH', `/api/quotation/${q.id}`, {
      status: 'approved',
      update_reason: 'rollbackstatus',
    });
    expect(notEarlier.status).toBe(422);

    const marked = await api('POST', `/api/quotation/${q.id}/sendemail`, { dontsentbutmarksent: 1 });
    expect(marked.body).toMatchObject({ status: 'sent' });
    expect(marked.body.versions[1]).toMatchObject({ version: 2, mailed: false });
    const approved = await api('PATCH', `/api/quotation/${q.id}`, { status: 'approved' });
    expect(approved.body.status).toBe('approved');
    expect(approved.body.date_approved).not.toBeNull();

    const conf = await created(`/api/quotation/${q.id}/createconfirmationfromquotation`, {});
    expect(conf).toMatchObject({
      kind: 'confirmation',
      status: 'draft',
      source: { id: q.id, kind: 'quotation' },
    });
    expect(conf.calculation.amount_inc_vat).toBe(9075);
    expect(conf.calculation_id).not.toBe(q.calculation_id);
    expect(conf.documenttype.system_kind).toBe('confirmation');
    const flow = await api('GET', `/api/flow/${flowId}`);
    expect(flow.body.flow_status).toBe('confirmation');
  });

  it('templates: save as, create from, duplicate stays a template, reset to template', async () => {
    const q = await created('/api/quotation', { flow_id: flowId, title: 'Basis' });
    const tpl = await created(`/api/quotation/${q.id}/saveastemplate`, { name: 'Standaard zonnepanelen' });
    expect(tpl).toMatchObject({
      is_template: true,
      flow_id: null,
      number: null,
      title: 'Standaard zonnepanelen',
    });
    const list = await api('GET', '/api/quotation/indextemplates');
    expect(list.body.map((x: { title: string }) => x.title)).toContain('Standaard zonnepanelen');
    const copy = await created(`/api/quotation/${tpl.id}/duplicate`, {});
    expect(copy.is_template).toBe(true);
    const fromTpl = await created('/api/quotation', { flow_id: flowId, template_id: tpl.id });
    expect(fromTpl.documentwidgets).toHaveLength(tpl.documentwidgets.length);
    const wrongKind = await api('POST', '/api/confirmation', { flow_id: flowId, template_id: tpl.id });
    expect(wrongKind.status).toBe(422);
    await api('DELETE', `/api/documentwidget/${fromTpl.documentwidgets[0].id}`);
    const reset = await api('POST', `/api/quotation/${fromTpl.id}/resettotemplate`, { template_id: tpl.id });
    expect(reset.body.documentwidgets).toHaveLength(tpl.documentwidgets.length);
    const sendTpl = await api('POST', `/api/quotation/${tpl.id}/sendemail`, { dontsentbutmarksent: 1 });
    expect(sendTpl.status).toBe(409);

    // The request profile's standard template is what a new quotation starts from.
    const special = await created(`/api/quotation/${q.id}/saveastemplate`, { name: 'Profieltemplate' });
    await api('PATCH', `/api/documentwidget/${special.documentwidgets[0].id}`, {
      textcontent: 'Uit het profiel',
    });
    const profileId = (await api('GET', `/api/quotation/${q.id}`)).body.flow.flowprofile_id;
    const profile = (await api('GET', '/api/flowprofile')).body.find(
      (p: { id: number }) => p.id === profileId,
    );
    const wrong = await api('PATCH', `/api/flowprofile/${profileId}`, {
      name: profile.name,
      template_ids: { confirmation: special.id },
    });
    expect(wrong.status).toBe(422);
    const set = await api('PATCH', `/api/flowprofile/${profileId}`, {
      name: profile.name,
      template_ids: { quotation: special.id },
    });
    expect(set.body.template_ids).toEqual({ quotation: special.id });
    const fromProfile = await created('/api/quotation', { flow_id: flowId });
    expect(fromProfile.documentwidgets[0].textcontent).toBe('Uit het profiel');
    await api('PATCH', `/api/flowprofile/${profileId}`, {
      name: profile.name,
      template_ids: { quotation: null },
    });
  });

  it('resets the hash, deletes softly, and lists with the status filter', async () => {
    const q = await created('/api/quotation', { flow_id: flowId, title: 'Lijsttest' });
    const reset = await api('POST', `/api/quotation/${q.id}/resethash`);
    expect(reset.body.hash).not.toBe(q.hash);
    const drafts = await api('GET', `/api/quotation?status=draft&flow_id=${flowId}&limit=100`);
    expect(drafts.body.data.some((r: { id: number }) => r.id === q.id)).toBe(true);
    expect(drafts.body.data.every((r: { status: string }) => r.status === 'draft')).toBe(true);
    const search = await api('GET', '/api/quotation?query=Lijsttest');
    expect(search.body.data.map((r: { id: number }) => r.id)).toEqual([q.id]);
    expect((await api('DELETE', `/api/quotation/${q.id}`)).status).toBe(200);
    expect((await api('GET', `/api/quotation/${q.id}`)).status).toBe(404);
  });

  it("lists the overview's first pages (one statement) as the general path lists the flow's documents", async () => {
    for (const title of ['b Lijst', 'A lijst', 'c lijst'])
      await created('/api/quotation', { flow_id: flowId, title });
    // Every quotation of the company is on this flow: the flow's list (the general path) is the whole list.
    for (const sort of [
      '-documentdate',
      'documentdate',
      'title',
      '-title',
      'number',
      '-updated',
      'status',
      'amount',
    ]) {
      const whole = await api('GET', `/api/quotation?limit=100&sort=${sort}`);
      const ofFlow = await api('GET', `/api/quotation?limit=100&sort=${sort}&flow_id=${flowId}`);
      expect(whole.body.pagination.total, sort).toBe(ofFlow.body.pagination.total);
      expect(whole.body.data, sort).toEqual(ofFlow.body.data);
      expect(whole.body.data.length, sort).toBeGreaterThan(3);
      const second = await api('GET', `/api/quotation?limit=2&offset=2&sort=${sort}`);
      expect(second.body.data, sort).toEqual(ofFlow.body.data.slice(2, 4));
    }
  });
});

describe('documents and types', () => {
  it('a document needs a company document type; system types cannot be deleted', async () => {
    const types = await api('GET', '/api/documenttype');
    expect(types.body.map((x: { description: string }) => x.description)).toEqual(
      expect.arrayContaining(['Opdrachtbevestiging', 'Factuur']),
    );
    const system = types.body.find((x: { system_kind: string | null }) => x.system_kind === 'confirmation');
    expect((await api('DELETE', `/api/documenttype/${system.id}`)).status).toBe(409);
    expect((await api('POST', '/api/document', { flow_id: flowId })).status).toBe(422);
    const type = await created('/api/documenttype', { description: 'Opleverrapport', flowstage: 'project' });
    const doc = await created('/api/document', { flow_id: flowId, document_type_id: type.id });
    expect(doc).toMatchObject({ kind: 'document', document_type_id: type.id });
    expect((await api('DELETE', `/api/documenttype/${type.id}`)).status).toBe(409);
    const list = await api('GET', '/api/document?limit=5');
    expect(list.body.data[0]).toMatchObject({ id: doc.id, document_type: 'Opleverrapport' });

    // The type's own mail template ('Versturen Opleverrapport') drafts its mail.
    expect(
      (
        await api('POST', '/api/mailtemplate', {
          template_type: `senddocument_${system.id}`,
          description: 'x',
        })
      ).status,
    ).toBe(422);
    expect(
      (await api('POST', '/api/mailtemplate', { template_type: 'senddocument_999999', description: 'x' }))
        .status,
    ).toBe(422);
    const template = await created('/api/mailtemplate', {
      template_type: `senddocument_${type.id}`,
      description: 'Opleverrapport versturen',
      subject: 'Uw {{ document.soort }} {{ document.nummer }}',
      message: '<p>Bekijk het via <a href="{{ document.link }}">deze link</a>.</p>',
    });
    expect(template.template_type).toBe(`senddocument_${type.id}`);
    const draft = await api('GET', `/api/document/${doc.id}/getforsendingemail`);
    expect(draft.body).toMatchObject({
      mailtemplate_id: template.id,
      subject: `Uw Opleverrapport ${doc.number}`,
    });
    expect(draft.body.message).toContain(`href="http`);
    expect(draft.body.message).toContain(`/#/customer_document_detail/${doc.hash}`);
  });
});

describe('tenancy and bad input', () => {
  it('another company gets 404 for every id; bad input answers 4xx', async () => {
    const q = await created('/api/quotation', { flow_id: flowId });
    const w = q.documentwidgets[0];
    for (const [method, path] of [
      ['GET', `/api/quotation/${q.id}`],
      ['PATCH', `/api/quotation/${q.id}`],
      ['DELETE', `/api/quotation/${q.id}`],
      ['GET', `/api/quotation/${q.id}/preview`],
      ['GET', `/api/quotation/${q.id}/download`],
      ['GET', `/api/quotation/${q.id}/getforsendingemail`],
      ['POST', `/api/quotation/${q.id}/duplicate`],
      ['POST', `/api/quotation/${q.id}/resethash`],
      ['GET', `/api/documentwidget/${w.id}`],
      ['PATCH', `/api/documentwidget/${w.id}`],
      ['DELETE', `/api/documentwidget/${w.id}`],
      ['POST', `/api/documentwidget/${w.id}/duplicate`],
    ] as const) {
      const body =
        method !== 'PATCH' ? undefined : path.includes('documentwidget') ? { order: 1 } : { title: 'x' };
      const res = await api(method, path, body, b.token);
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await api('POST', '/api/quotation', { flow_id: flowId }, b.token)).status).toBe(422);
    expect(
      (
        await api(
          'POST',
          '/api/documentwidget',
          { document_id: q.id, document_widget_type_id: w.document_widget_type_id },
          b.token,
        )
      ).status,
    ).toBe(422);
    expect((await api('GET', `/api/confirmation/${q.id}`)).status).toBe(404);
    expect((await api('GET', '/api/quotation/abc')).status).toBe(422);
    expect((await api('PATCH', `/api/quotation/${q.id}`, { documentdate: '2026-13-45' })).status).toBe(422);
    expect((await api('PATCH', `/api/quotation/${q.id}`, { status: 'paid' })).status).toBe(422);
    expect((await api('PATCH', `/api/quotation/${q.id}`, { status: 'sent' })).status).toBe(422);
    expect(
      (await api('PATCH', `/api/documentwidget/${w.id}`, { custom_styling: 'background: url(http://x)' }))
        .status,
    ).toBe(422);
    const form = new FormData();
    form.append('quotation_id', String(q.id));
    form.append('file', new Blob(['plain text'], { type: 'text/plain' }), 'notes.txt');
    expect((await t.api('POST', '/api/attachment', { token: a.token, body: form })).status).toBe(415);
  });
});

describe('what the customer sees (built for the customer pages)', () => {
  it('only a sent, visible document, always its frozen version; reset hashes 404, deleted ones 410', async () => {
    const { customerDocumentVersion } = await import('./customer-document');
    const db = t.server.deps.db;
    const q = await created('/api/quotation', { flow_id: flowId, title: 'Klantversie' });
    await expect(customerDocumentVersion(db, 'quotation', q.hash)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Deze offerte kan niet worden gevonden. Neem a.u.b. contact op.',
    });
    await api('POST', `/api/quotation/${q.id}/sendemail`, { dontsentbutmarksent: 1 });
    await api('PATCH', `/api/quotation/${q.id}`, { title: 'Later gewijzigd' });
    const seen = await customerDocumentVersion(db, 'quotation', q.hash);
    expect(seen.version.html).toContain('Klantversie');
    expect(seen.version.html).not.toContain('Later gewijzigd');
    expect(seen.pdf?.mimeType).toBe('application/pdf');
    await expect(customerDocumentVersion(db, 'confirmation', q.hash)).rejects.toMatchObject({
      code: 'not_found',
    });
    const { hash } = (await api('POST', `/api/quotation/${q.id}/resethash`)).body;
    await expect(customerDocumentVersion(db, 'quotation', q.hash)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await customerDocumentVersion(db, 'quotation', hash)).document.id).toBe(q.id);
    await api('DELETE', `/api/quotation/${q.id}`);
    await expect(customerDocumentVersion(db, 'quotation', hash)).rejects.toMatchObject({
      code: 'gone',
      message: 'Deze offerte is niet meer beschikbaar. Neem a.u.b. contact op.',
    });
  });
});

describe('partner users', () => {
  it("read their own partner's documents only, and change nothing", async () => {
    const own = await created('/api/quotation', { flow_id: flowId, title: 'Voor de partner' });
    const otherFlow = (await createTestRelation(t, a.token, { createnewflow: true })).flows[0].id;
    const other = await created('/api/quotation', { flow_id: otherFlow, title: 'Niet voor de partner' });
    const partner = await t.createTestUser({ companyId: a.companyId, userType: 'partner', role: 100 });
    await t.server.deps.db.platform(async (tx) => {
      await tx.execute(`update "user" set partner_id = 77 where id = ${partner.id}` as never);
      await tx.execute(`update flow set partner_id = 77 where id = ${flowId}` as never);
      await tx.execute(`update flow set partner_id = 78 where id = ${otherFlow}` as never);
    });
    const token = await t.login(partner.email);
    const read = await api('GET', `/api/quotation/${own.id}`, undefined, token);
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('Voor de partner');
    expect((await api('GET', `/api/quotation/${own.id}/preview`, undefined, token)).status).toBe(200);
    expect((await api('GET', `/api/quotation/${other.id}`, undefined, token)).status).toBe(404);
    expect((await api('PATCH', `/api/quotation/${own.id}`, { title: 'x' }, token)).status).toBe(403);
    expect((await api('POST', `/api/quotation/${own.id}/duplicate`, {}, token)).status).toBe(403);
    expect((await api('GET', '/api/quotation', undefined, token)).status).toBe(403);
    expect(
      (await api('GET', `/api/documentwidget/${own.documentwidgets[0].id}`, undefined, token)).status,
    ).toBe(403);
    // Staff of the company are not limited.
    expect((await api('GET', `/api/quotation/${other.id}`)).status).toBe(200);
  });
});
