import { UPLOAD_ONLY_IMAGES_AND_PDF } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storedFiles, type TestServer } from '../../../test/test-server';
import { createTestFlow } from './flow-test-factory';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestServer;
let companyId: number;
let token: string;
let flow: { id: number; relationId: number };

function form(
  fields: Record<string, string | number>,
  file?: { content: Buffer; name: string; type: string },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  if (file) fd.append('file', new Blob([file.content], { type: file.type }), file.name);
  return fd;
}

async function download(url: string) {
  const res = await fetch(t.baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = await startTestServer({ work: false, config: { UPLOAD_MAX_BYTES: '2048' } });
  companyId = await t.createTestCompany();
  token = await t.login((await t.createTestUser({ companyId })).email);
  flow = await createTestFlow(t, companyId);
});
afterAll(async () => t?.close());

describe('flow files', () => {
  it('stores an image or PDF for a flow and serves it with its name', async () => {
    const res = await t.api('POST', '/api/flowfile', {
      token,
      body: form(
        { flow_id: flow.id },
        { content: PDF, name: 'offerte leverancier.pdf', type: 'application/pdf' },
      ),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      filename: 'offerte leverancier.pdf',
      mime_type: 'application/pdf',
      size: PDF.length,
      url: `/api/flowfile/${res.body.id}`,
    });
    const file = await download(res.body.url);
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('x-filename') ?? '')).toBe('offerte leverancier.pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(file.bytes.equals(PDF)).toBe(true);
    const detail = await t.api('GET', `/api/flow/${flow.id}`, { token });
    expect(detail.body.files.map((f: { id: number }) => f.id)).toEqual([res.body.id]);
  });

  it('also reads flow_id sent after the file', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    fd.append('flow_id', String(flow.id));
    const res = await t.api('POST', '/api/flowfile', { token, body: fd });
    expect(res.status).toBe(201);
  });

  it('refuses other types by content with the spec text (415), too large files (413), and leaves nothing', async () => {
    const before = (await storedFiles(t.server)).length;
    const text = await t.api('POST', '/api/flowfile', {
      token,
      body: form(
        { flow_id: flow.id },
        { content: Buffer.from('geen plaatje\n'.repeat(10)), name: 'nep.png', type: 'image/png' },
      ),
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: UPLOAD_ONLY_IMAGES_AND_PDF });
    const big = await t.api('POST', '/api/flowfile', {
      token,
      body: form(
        { flow_id: flow.id },
        { content: Buffer.concat([PNG, Buffer.alloc(10_000)]), name: 'groot.png', type: 'image/png' },
      ),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      message: 'Bestand groot.png konden niet worden geupload omdat het groter is dan: 2 KB',
    });
    const noFlow = await t.api('POST', '/api/flowfile', {
      token,
      body: form({}, { content: PNG, name: 'los.png', type: 'image/png' }),
    });
    expect(noFlow.status).toBe(422);
    expect((await storedFiles(t.server)).length).toBe(before);
  });

  it('deletes a file: row, bytes and a log item', async () => {
    const res = await t.api('POST', '/api/flowfile', {
      token,
      body: form({ flow_id: flow.id }, { content: PNG, name: 'weg.png', type: 'image/png' }),
    });
    const before = (await storedFiles(t.server)).length;
    const del = await t.api('DELETE', `/api/flowfile/${res.body.id}`, { token });
    expect(del.status).toBe(200);
    expect((await storedFiles(t.server)).length).toBe(before - 1);
    expect((await download(`/api/flowfile/${res.body.id}`)).status).toBe(404);
    const log = await t.server.deps.db.platform((tx) =>
      tx.execute<{ action: string }>(
        sql`select action from log_item where loggable_type = 'flow' and loggable_id = ${flow.id} order by id desc limit 1`,
      ),
    );
    expect(log.rows[0]!.action).toBe('delete');
  });
});

describe('assist files', () => {
  it('belong to a flow or a relation; a flow file id is not an assist file', async () => {
    const onFlow = await t.api('POST', '/api/assistfile', {
      token,
      body: form({ flow_id: flow.id }, { content: PNG, name: 'situatie.png', type: 'image/png' }),
    });
    expect(onFlow.status).toBe(201);
    expect(onFlow.body.url).toBe(`/api/assistfile/${onFlow.body.id}`);
    const onRelation = await t.api('POST', '/api/assistfile', {
      token,
      body: form(
        { relation_id: flow.relationId },
        { content: PDF, name: 'contract.pdf', type: 'application/pdf' },
      ),
    });
    expect(onRelation.status).toBe(201);
    const detail = await t.api('GET', `/api/flow/${flow.id}`, { token });
    expect(detail.body.assistfiles.map((f: { id: number }) => f.id)).toEqual([onFlow.body.id]);
    const file = await download(`/api/assistfile/${onRelation.body.id}`);
    expect(file.bytes.equals(PDF)).toBe(true);
    expect(decodeURIComponent(file.headers.get('x-filename') ?? '')).toBe('contract.pdf');
    expect((await download(`/api/flowfile/${onFlow.body.id}`)).status).toBe(404);
    const neither = await t.api('POST', '/api/assistfile', {
      token,
      body: form({}, { content: PNG, name: 'x.png', type: 'image/png' }),
    });
    expect(neither.status).toBe(422);
    expect((await t.api('DELETE', `/api/assistfile/${onRelation.body.id}`, { token })).status).toBe(200);
  });

  it('force-deleting a trashed flow removes its files', async () => {
    const other = await createTestFlow(t, companyId);
    await t.api('POST', '/api/flowfile', {
      token,
      body: form({ flow_id: other.id }, { content: PNG, name: 'a.png', type: 'image/png' }),
    });
    const before = (await storedFiles(t.server)).length;
    await t.api('DELETE', `/api/flow/${other.id}`, { token });
    expect((await t.api('POST', `/api/flow/${other.id}/forcedelete`, { token })).status).toBe(200);
    expect((await storedFiles(t.server)).length).toBe(before - 1);
  });
});

describe('what an upload is called and what it may hold (sent is sent)', () => {
  it('drops direction characters and names a file by its content', async () => {
    const upload = async (content: Buffer, name: string, type: string) =>
      t.api('POST', '/api/flowfile', { token, body: form({ flow_id: flow.id }, { content, name, type }) });
    // 'rtl‮gnp.exe' shows as 'rtlexe.png'; it is a PNG, so it is kept as one.
    const bidi = await upload(PNG, 'rtl\u202egnp.exe', 'image/png');
    expect(bidi.status).toBe(201);
    expect(bidi.body.filename).toBe('rtlgnp.png');
    // An image that is also HTML keeps no .html name.
    const polyglot = await upload(
      Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]),
      'factuur.html',
      'text/html',
    );
    expect(polyglot.status).toBe(201);
    expect(polyglot.body.filename).toBe('factuur.png');
    const jpegName = await upload(PNG, 'foto.PNG', 'image/png');
    expect(jpegName.body.filename).toBe('foto.PNG');
  });

  it('refuses a PDF with JavaScript, also when it hides in a compressed object stream', async () => {
    const { PDFDocument, PDFName, PDFString } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: PDFName.of('JavaScript'), JS: PDFString.of('app.alert(1)') }),
    );
    const hidden = Buffer.from(await doc.save({ useObjectStreams: true }));
    expect(hidden.toString('latin1')).not.toContain('/JavaScript');
    const plain = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const before = (await storedFiles(t.server)).length;
    for (const content of [hidden, plain]) {
      const res = await t.api('POST', '/api/flowfile', {
        token,
        body: form({ flow_id: flow.id }, { content, name: 'offerte.pdf', type: 'application/pdf' }),
      });
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/^Dit PDF-bestand bevat JavaScript of andere actieve inhoud/);
    }
    expect(await storedFiles(t.server)).toHaveLength(before);
  });
});
