import { FILE_TEXTS, MEDIA_TEXTS, UPLOAD_ONLY_IMAGES_AND_PDF } from '@im/domain';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { mediaFile } from '../../platform/db/tables/library.schema';

let t: TestServer;
let smtp: SmtpSink;
type Company = { companyId: number; token: string; userId: number };
let a: Company;
let b: Company;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
  a = await createSalesCompany(t, { name: 'Media A' });
  b = await createSalesCompany(t, { name: 'Media B' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function form(bytes: Buffer, filename: string, type = 'application/octet-stream'): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}
const upload = (bytes: Buffer, filename: string, token = a.token, type?: string) =>
  t.api('POST', '/api/mediafile', { token, body: form(bytes, filename, type) });

async function raw(method: string, path: string, token?: string) {
  const res = await fetch(t.baseUrl + path, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A phone photo: 300 x 200 stored, orientation 6 (shown 200 x 300), with a GPS position in its EXIF. */
const phoneJpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1234/100' } })
    .toBuffer();

describe('media library', () => {
  it('uploads a photo judged by content, rotates it, drops its EXIF and makes a thumbnail', async () => {
    const up = await upload(await phoneJpeg(), 'dak voorkant.jpeg', a.token, 'text/plain');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      filename: 'dak voorkant.jpeg',
      mime_type: 'image/jpeg',
      width: 600,
      height: 900,
      is_image: true,
    });
    expect(up.body.public_url).toMatch(/^\/api\/mediafile\/public\/[A-Za-z0-9_-]{32}$/);

    const original = await raw('GET', `/api/mediafile/${up.body.id}`, a.token);
    expect(original.status).toBe(200);
    expect(decodeURIComponent(original.headers.get('x-filename')!)).toBe('dak voorkant.jpeg');
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([600, 900, undefined]);

    const thumb = await raw('POST', `/api/mediafile/${up.body.id}/showthumbnail`, a.token);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('x-imagestatus')).toBe('available');
    const tm = await sharp(thumb.bytes).metadata();
    expect([tm.width, tm.height]).toEqual([400, 600]);

    // Its public address shows it without login (mails, the editor); a wrong token is 404.
    const open = await raw('GET', up.body.public_url);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/jpeg');
    expect((await raw('GET', '/api/mediafile/public/nietbestaandtokennietbestaand12')).status).toBe(404);
  });

  it('keeps a PDF as sent, without thumbnail or public address, and refuses other types in Dutch', async () => {
    const pdf = await upload(PDF, 'voorwaarden.pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ mime_type: 'application/pdf', is_image: false, public_url: null });
    const back = await raw('GET', `/api/mediafile/${pdf.body.id}`, a.token);
    expect(back.bytes.equals(PDF)).toBe(true);
    const thumb = await raw('GET', `/api/mediafile/${pdf.body.id}/showthumbnail`, a.token);
    expect(thumb.headers.get('x-imagestatus')).toBe('unavailable');

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.png');
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe(UPLOAD_ONLY_IMAGES_AND_PDF);
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'foto.jpg');
    expect(html.status).toBe(415);
    const broken = await upload(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
      'x.jpg',
    );
    expect(broken.status).toBe(422);
    const none = await t.api('POST', '/api/mediafile', { token: a.token, body: new FormData() });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
  });

  it('lists newest first, searches on name, filters pictures, renames and deletes', async () => {
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const up = await upload(png, 'Warmtepomp buitenunit.png');
    const list = await t.api('GET', '/api/mediafile?query=warmtepomp', { token: a.token });
    expect(list.body.data.map((f: { id: number }) => f.id)).toEqual([up.body.id]);
    const images = await t.api('GET', '/api/mediafile?images=1', { token: a.token });
    expect(images.body.data.every((f: { is_image: boolean }) => f.is_image)).toBe(true);
    expect(images.body.pagination.total).toBe(2);
    const all = await t.api('GET', '/api/mediafile', { token: a.token });
    expect(all.body.data[0].id).toBe(up.body.id);
    expect(all.body.pagination.total).toBe(3);

    const renamed = await t.api('PATCH', `/api/mediafile/${up.body.id}`, {
      token: a.token,
      body: { filename: 'Buitenunit' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.filename).toBe('Buitenunit.png');
    const empty = await t.api('PATCH', `/api/mediafile/${up.body.id}`, {
      token: a.token,
      body: { filename: ' ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.filename).toEqual([FILE_TEXTS.filenameRequired]);

    const [row] = await t.server.deps.db.platform((tx) =>
      tx.select().from(mediaFile).where(eq(mediaFile.id, up.body.id)),
    );
    const removed = await t.api('DELETE', `/api/mediafile/${up.body.id}`, { token: a.token });
    expect(removed.body.message).toBe(MEDIA_TEXTS.deleted);
    expect(await t.server.deps.storage.exists(row!.storageKey)).toBe(false);
    expect(await t.server.deps.storage.exists(row!.thumbnailKey!)).toBe(false);
    expect((await t.api('GET', `/api/mediafile/${up.body.id}`, { token: a.token })).status).toBe(404);
    expect((await raw('GET', up.body.public_url)).status).toBe(404);
  });

  it("hides one company's files from another: 404 for every id, an empty list", async () => {
    const up = await upload(await phoneJpeg(), 'alleen-a.jpg');
    const id = up.body.id;
    for (const [method, path, body] of [
      ['GET', `/api/mediafile/${id}`],
      ['POST', `/api/mediafile/${id}/showthumbnail`],
      ['PATCH', `/api/mediafile/${id}`, { filename: 'overgenomen' }],
      ['DELETE', `/api/mediafile/${id}`],
    ] as const) {
      const res = await t.api(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(MEDIA_TEXTS.notFound);
    }
    expect((await t.api('GET', '/api/mediafile', { token: b.token })).body.pagination.total).toBe(0);
    expect((await t.api('GET', `/api/mediafile/${id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', '/api/mediafile')).status).toBe(401);
  });

  it('sends a mail template picture inside the mail and gives a picture widget its own copy', async () => {
    const up = await upload(await phoneJpeg(), 'keurmerk.jpg');
    const rel = await createTestRelation(t, a.token, { createnewflow: true, email: 'klant@voorbeeld.nl' });
    const message = `<p>Beste klant,</p><img src="${up.body.public_url}" alt="keurmerk">`;
    const tpl = await t.api('POST', '/api/mailtemplate', {
      token: a.token,
      body: { template_type: 'sendflowemail', description: 'Met keurmerk', subject: 'Keurmerk', message },
    });
    expect(tpl.status).toBe(201);
    expect(tpl.body.message).toContain(`src="${up.body.public_url}"`);
    const fd = new FormData();
    fd.append('to', 'klant@voorbeeld.nl');
    fd.append('subject', 'Keurmerk');
    fd.append('message', tpl.body.message);
    const sent = await t.api('POST', `/api/flow/${rel.flow_id}/sendemail`, { token: a.token, body: fd });
    expect(sent.status).toBe(201);
    const [mail] = await smtp.waitFor(1, 15_000);
    const parsed = await simpleParser(mail!.raw, { skipImageLinks: true });
    expect(String(parsed.html)).toContain(`src="cid:media-${up.body.id}@installatiemanager"`);
    expect(String(parsed.html)).not.toContain('/api/mediafile/public/');
    const inline = parsed.attachments.find((x) => x.cid === `media-${up.body.id}@installatiemanager`);
    expect(inline?.contentType).toBe('image/jpeg');

    // A picture widget takes a copy; another company's picture or widget is 404.
    const notImage = await upload(PDF, 'blad.pdf');
    const widgetId = await pictureWidget(rel.flow_id);
    const copied = await t.api('POST', '/api/widgetpicture/frommediafile', {
      token: a.token,
      body: { document_widget_id: widgetId, mediafile_id: up.body.id },
    });
    expect(copied.status).toBe(201);
    expect(copied.body.widgetpicture.filename).toBe('keurmerk.jpg');
    const pdfRefused = await t.api('POST', '/api/widgetpicture/frommediafile', {
      token: a.token,
      body: { document_widget_id: widgetId, mediafile_id: notImage.body.id },
    });
    expect(pdfRefused.status).toBe(422);
    expect(pdfRefused.body.message).toBe(MEDIA_TEXTS.notAnImage);
    const foreign = await t.api('POST', '/api/widgetpicture/frommediafile', {
      token: b.token,
      body: { document_widget_id: widgetId, mediafile_id: up.body.id },
    });
    expect(foreign.status).toBe(404);
    await t.api('DELETE', `/api/mediafile/${up.body.id}`, { token: a.token });
    const stillThere = await raw('GET', copied.body.widgetpicture.url, a.token);
    expect(stillThere.headers.get('x-imagestatus')).not.toBe('unavailable');
    expect(stillThere.status).toBe(200);
  });
});

/** A quotation of the flow with a picture widget; answers the widget's id. */
async function pictureWidget(flowId: number): Promise<number> {
  const quotation = await t.api('POST', '/api/quotation', { token: a.token, body: { flow_id: flowId } });
  expect(quotation.status).toBe(201);
  const types = await t.api('GET', '/api/documentwidgettype', { token: a.token });
  const pictureType = types.body.find((x: { tag: string }) => x.tag === 'WIDGETPICTURE');
  const widget = await t.api('POST', '/api/documentwidget', {
    token: a.token,
    body: { document_id: quotation.body.id, document_widget_type_id: pictureType.id },
  });
  expect(widget.status).toBe(201);
  return widget.body.id;
}
