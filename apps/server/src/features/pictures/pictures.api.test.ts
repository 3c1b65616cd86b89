import { randomBytes } from 'node:crypto';
import { FORM_MESSAGES, PHOTO_LOCATION_MESSAGES } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  flowDataItem,
  intake,
  picture,
  project,
  vertical,
  verticalDataField,
} from '../../platform/db/tables/forms.schema';
import { ONLY_IMAGES } from '../../platform/files/upload';
import { PICTURE_LINK_TEXTS } from './pictures';
import { PICTURE_TEXTS } from './process-picture';

let t: TestServer;
type Company = { companyId: number; token: string; userId: number };
let a: Company;
let b: Company;

/** Company A's flow with an intake (number 12), a project, an open and a sent form copy; B's mirror. */
interface Setup {
  flowId: number;
  hash: string;
  intakeId: number;
  projectId: number;
  verticalId: number;
  itemId: number;
  sentItemId: number;
}
let A: Setup;
let B: Setup;
/** Another flow of company A, with its own open form copy. */
let otherFlow: { flowId: number; hash: string; itemId: number };

async function setUp(c: Company): Promise<Setup> {
  const flowId = (await createTestRelation(t, c.token, { createnewflow: true })).flow_id as number;
  return t.server.deps.db.tenant({ companyId: c.companyId, userId: c.userId }, async (tx) => {
    const [v] = await tx.insert(vertical).values({ name: 'Opname dak', type: 'intake' }).returning();
    await tx.insert(verticalDataField).values([
      { verticalId: v!.id, fieldLabel: "Foto's dak", fieldName: 'fotos_dak', fieldType: 'photo', order: 1 },
      { verticalId: v!.id, fieldLabel: 'Opmerking', fieldName: 'opmerking', fieldType: 'text', order: 2 },
    ]);
    const [i] = await tx.insert(intake).values({ flowId, number: 12, status: 'planned' }).returning();
    const [p] = await tx.insert(project).values({ flowId, number: 7 }).returning();
    const [item] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: v!.id, intakeId: i!.id })
      .returning();
    const [sent] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: v!.id, intakeId: i!.id, status: 'sent', sentAt: new Date() })
      .returning();
    const hash = await tx.execute<{ hash: string }>(sql`select hash from flow where id = ${flowId}`);
    return {
      flowId,
      hash: hash.rows[0]!.hash,
      intakeId: i!.id,
      projectId: p!.id,
      verticalId: v!.id,
      itemId: item!.id,
      sentItemId: sent!.id,
    };
  });
}

function form(bytes: Buffer, filename: string, fields: Record<string, string | number> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  data.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return data;
}

async function upload(
  fields: Record<string, string | number>,
  bytes: Buffer,
  filename = 'foto.jpg',
  token = a.token,
) {
  return t.api('POST', '/api/picture', { token, body: form(bytes, filename, fields) });
}

/** The raw bytes of a GET (the test client only parses JSON). */
async function download(method: string, path: string, token?: string) {
  const res = await fetch(t.baseUrl + path, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A phone-like JPEG: orientation 6 (turn 90° clockwise to view) and a GPS position in the EXIF. */
async function phoneJpeg(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone', Model: 'Lokatie 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    })
    .toBuffer();
}

const plainJpeg = (width: number, height: number, color = '#3a6') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** EXIF with a GPS directory (tag 0x8825 GPSInfo) in it. */
function hasGps(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

async function storedRow(id: number) {
  const [row] = await t.server.deps.db.platform((tx) => tx.select().from(picture).where(eq(picture.id, id)));
  return row;
}

async function storedBytes(key: string): Promise<Buffer | null> {
  const stream = await t.server.deps.storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A PNG whose header claims 30000 x 30000 pixels (900 MP): a decompression bomb. */
function bombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Foto A' });
  b = await createCrmCompany(t, { name: 'Foto B' });
  A = await setUp(a);
  B = await setUp(b);
  const other = await createTestRelation(t, a.token, { createnewflow: true });
  otherFlow = await t.server.deps.db.tenant({ companyId: a.companyId, userId: a.userId }, async (tx) => {
    const [item] = await tx
      .insert(flowDataItem)
      .values({ flowId: other.flow_id, verticalId: A.verticalId })
      .returning();
    const hash = await tx.execute<{ hash: string }>(sql`select hash from flow where id = ${other.flow_id}`);
    return { flowId: other.flow_id, hash: hash.rows[0]!.hash, itemId: item!.id };
  });
});
afterAll(async () => t?.close());

describe('upload', () => {
  it('applies the EXIF orientation, strips the location from the file, keeps it beside it, stores original and thumbnail', async () => {
    const input = await phoneJpeg(300, 200);
    const meta = await sharp(input).metadata();
    expect(meta.orientation).toBe(6);
    expect(hasGps(meta.exif)).toBe(true);

    const res = await upload({ intake_id: A.intakeId }, input, 'IMG_0001.JPG');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      filename: 'IMG_0001.JPG',
      mime_type: 'image/jpeg',
      width: 200,
      height: 300,
      flow_id: A.flowId,
      intake_id: A.intakeId,
      project_id: null,
      flow_data_item_id: null,
      field_name: null,
      url: `/api/picture/${res.body.id}`,
      thumbnail_url: `/api/picture/${res.body.id}/showthumbnail`,
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(await logCount(t, 'picture', res.body.id, 'upload')).toBe(1);
    // Where it was taken, read from the EXIF before it is stripped (decision 073).
    expect(res.body.lat).toBeCloseTo(52 + 22 / 60 + 12.34 / 3600, 6);
    expect(res.body.lng).toBeCloseTo(4 + 53 / 60, 6);

    const row = (await storedRow(res.body.id))!;
    expect(row.storageKey).toMatch(new RegExp(`^pictures/${a.companyId}/`));
    expect(row.uploadedBy).toBe('user');
    for (const key of [row.storageKey, row.thumbnailKey]) {
      const stored = (await storedBytes(key))!;
      const m = await sharp(stored).metadata();
      expect(m.exif, key).toBeUndefined();
      expect(m.xmp, key).toBeUndefined();
      expect(m.orientation ?? 1, key).toBe(1);
      expect([m.width, m.height], key).toEqual([200, 300]);
      expect(stored.includes(Buffer.from('TestPhone')), key).toBe(false);
    }

    const original = await download('GET', `/api/picture/${res.body.id}`, a.token);
    expect(original.status).toBe(200);
    expect(original.headers.get('x-imagestatus')).toBe('available');
    expect(original.headers.get('x-filename')).toBe('IMG_0001.JPG');
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('content-disposition')).toMatch(/^inline; filename="IMG_0001.JPG"/);
    const served = await sharp(original.bytes).metadata();
    expect(hasGps(served.exif)).toBe(false);
    expect(served.exif).toBeUndefined();
  });

  it('keeps the location the device read (its photo made small has no EXIF left) and refuses a bad one', async () => {
    const sent = await upload({ intake_id: A.intakeId, lat: '52.5', lng: '6.1' }, await plainJpeg(40, 30));
    expect(sent.status).toBe(201);
    expect([sent.body.lat, sent.body.lng]).toEqual([52.5, 6.1]);
    // The device's reading wins over the photo's own EXIF.
    const both = await upload({ intake_id: A.intakeId, lat: '51', lng: '5' }, await phoneJpeg(30, 20));
    expect([both.body.lat, both.body.lng]).toEqual([51, 5]);
    const none = await upload({ intake_id: A.intakeId }, await plainJpeg(40, 30));
    expect([none.body.lat, none.body.lng]).toEqual([null, null]);
    const bads: Record<string, string>[] = [
      { lat: '95', lng: '5' },
      { lat: '52' },
      { lng: '5' },
      { lat: 'noord', lng: '5' },
      { lat: '0', lng: '0' },
    ];
    for (const bad of bads) {
      const refused = await upload({ intake_id: A.intakeId, ...bad }, await plainJpeg(40, 30));
      expect(refused.status, JSON.stringify(bad)).toBe(422);
    }
    const refused = await upload({ intake_id: A.intakeId, lat: '95', lng: '5' }, await plainJpeg(40, 30));
    expect(refused.body.errors.lat).toEqual([PHOTO_LOCATION_MESSAGES.invalid]);
  });

  it('takes a photo larger than 10 MB (the general upload limit) and keeps its size', async () => {
    const [w, h] = [2400, 1800];
    const noisy = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await upload({ flow_id: A.flowId }, noisy, 'groot.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ width: w, height: h, intake_id: null });
    const thumb = await download('GET', `/api/picture/${res.body.id}/showthumbnail`, a.token);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(400);
  });

  it('refuses what is not an image by its content with 415 (SVG, PDF, executables named .jpg)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4000)]);
    const pe = Buffer.alloc(4096);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const html = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');
    for (const [name, bytes] of [
      ['tekening.svg', svg],
      ['tekening.jpg', svg],
      ['photo.jpg', elf],
      ['photo.jpg', pe],
      ['offerte.jpg', pdf],
      ['pagina.png', html],
    ] as const) {
      const res = await upload({ flow_id: A.flowId }, bytes, name);
      expect(res.status, name).toBe(415);
      expect(res.body.message, name).toBe(ONLY_IMAGES);
    }
  });

  it('answers 4xx with a Dutch text for corrupt or truncated images and decompression bombs, never 5xx', async () => {
    const good = await plainJpeg(800, 600);
    const cases: [string, Buffer][] = [
      [
        'garbage after a JPEG signature',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]),
      ],
      ['truncated JPEG', good.subarray(0, Math.floor(good.length / 3))],
      [
        'PNG signature and nothing else',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      ],
    ];
    for (const [label, bytes] of cases) {
      const res = await upload({ flow_id: A.flowId }, bytes, 'kapot.jpg');
      expect([415, 422], label).toContain(res.status);
      expect(typeof res.body.message, label).toBe('string');
    }
    const bomb = await upload({ flow_id: A.flowId }, bombPng(), 'bom.png');
    expect(bomb.status).toBe(422);
    expect(bomb.body.message).toBe(PICTURE_TEXTS.tooManyPixels);
    const corrupt = await upload({ flow_id: A.flowId }, cases[0]![1], 'kapot.jpg');
    expect(corrupt.body.message).toBe(PICTURE_TEXTS.corrupt);
  });

  it('needs a flow (directly or by intake, project or form copy) and consistent links', async () => {
    const jpg = await plainJpeg(50, 50);
    const none = await upload({}, jpg);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(FORM_MESSAGES.flowRequired);

    const byProject = await upload({ project_id: A.projectId }, jpg);
    expect(byProject.status).toBe(201);
    expect(byProject.body).toMatchObject({ flow_id: A.flowId, project_id: A.projectId });

    const picturable = await upload({ picturable_type: 'intake', picturable_id: A.intakeId }, jpg);
    expect(picturable.status).toBe(201);
    expect(picturable.body).toMatchObject({ flow_id: A.flowId, intake_id: A.intakeId });

    const disagree = await upload({ intake_id: A.intakeId, flow_id: otherFlow.flowId }, jpg);
    expect(disagree.status).toBe(422);
    expect(disagree.body.message).toBe(PICTURE_LINK_TEXTS.linksDisagree);

    const invalid: Record<string, string | number>[] = [
      { flow_id: 'abc' },
      { intake_id: -3 },
      { field_name: 'Niet Geldig!' },
    ];
    for (const fields of invalid) {
      const res = await upload(fields, jpg);
      expect(res.status, JSON.stringify(fields)).toBe(422);
    }
    const unknown = await upload({ intake_id: 99_999_999 }, jpg);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(FORM_MESSAGES.intakeNotFound);

    const notMultipart = await t.api('POST', '/api/picture', { token: a.token, body: { flow_id: A.flowId } });
    expect(notMultipart.status).toBe(400);
    const noFile = new FormData();
    noFile.append('flow_id', String(A.flowId));
    const missing = await t.api('POST', '/api/picture', { token: a.token, body: noFile });
    expect(missing.status).toBe(422);
  });

  it('puts a photo on a photo field of a form copy (and refuses other fields with fieldNotPhoto)', async () => {
    const jpg = await plainJpeg(60, 40);
    const res = await upload({ flow_data_item_id: A.itemId, field_name: 'fotos_dak' }, jpg, 'dak.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      flow_id: A.flowId,
      intake_id: A.intakeId,
      vertical_id: A.verticalId,
      flow_data_item_id: A.itemId,
      field_name: 'fotos_dak',
    });
    for (const field_name of ['opmerking', 'bestaat_niet']) {
      const bad = await upload({ flow_data_item_id: A.itemId, field_name }, jpg);
      expect(bad.status, field_name).toBe(422);
      expect(bad.body.message).toBe(FORM_MESSAGES.fieldNotPhoto);
      expect(bad.body.errors.field_name).toEqual([FORM_MESSAGES.fieldNotPhoto]);
    }
    const withoutItem = await upload({ flow_id: A.flowId, field_name: 'fotos_dak' }, jpg);
    expect(withoutItem.status).toBe(422);
    const wrongVertical = await upload(
      { flow_data_item_id: A.itemId, vertical_id: B.verticalId, field_name: 'fotos_dak' },
      jpg,
    );
    expect(wrongVertical.status).toBe(422);
    // The item's values are left alone: the field's photos are found by (form copy, field name).
    const [item] = await t.server.deps.db.platform((tx) =>
      tx.select().from(flowDataItem).where(eq(flowDataItem.id, A.itemId)),
    );
    expect(item!.values).toEqual({});
  });

  it('converts formats other than JPEG, PNG and WebP to JPEG and keeps PNG transparency', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const res = await upload({ flow_id: A.flowId }, gif, 'animatie.gif');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mime_type: 'image/jpeg',
      filename: 'animatie.jpg',
      width: 40,
      height: 30,
    });
    const png = await sharp({ create: { width: 500, height: 100, channels: 4, background: '#f00a' } })
      .png()
      .toBuffer();
    const pngRes = await upload({ flow_id: A.flowId }, png, 'schets.png');
    expect(pngRes.body).toMatchObject({ mime_type: 'image/png', filename: 'schets.png' });
    const thumb = await download('GET', `/api/picture/${pngRes.body.id}/showthumbnail`, a.token);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const m = await sharp(thumb.bytes).metadata();
    expect([m.width, m.height, m.hasAlpha]).toEqual([400, 80, true]);
  });
});

describe('list, thumbnail, delete', () => {
  it('lists the pictures of an intake, form copy, project or flow, newest first', async () => {
    const ids: number[] = [];
    for (const color of ['#111', '#222', '#333'])
      ids.push((await upload({ intake_id: A.intakeId }, await plainJpeg(30, 30, color))).body.id);
    const list = await t.api('GET', `/api/picture?intake_id=${A.intakeId}`, { token: a.token });
    expect(list.status).toBe(200);
    const listed = list.body.map((p: { id: number }) => p.id);
    expect(listed.slice(0, 3)).toEqual([...ids].reverse());
    expect(listed).toEqual([...listed].sort((x: number, y: number) => y - x));
    expect(list.body.every((p: { intake_id: number }) => p.intake_id === A.intakeId)).toBe(true);

    const byItem = await t.api('GET', `/api/picture?flow_data_item_id=${A.itemId}`, { token: a.token });
    expect(byItem.body.length).toBeGreaterThan(0);
    expect(byItem.body.every((p: { flow_data_item_id: number }) => p.flow_data_item_id === A.itemId)).toBe(
      true,
    );

    const byFlow = await t.api('GET', `/api/picture?flow_id=${A.flowId}`, { token: a.token });
    expect(byFlow.body.length).toBeGreaterThan(listed.length);

    const emptyFlow = await t.api('GET', `/api/picture?flow_id=${otherFlow.flowId}`, { token: a.token });
    expect(emptyFlow.body).toEqual([]);
    const nothing = await t.api('GET', '/api/picture', { token: a.token });
    expect(nothing.status).toBe(422);
  });

  it('serves a thumbnail 400 px wide (POST and GET) and never enlarges a small photo', async () => {
    const big = await upload({ flow_id: A.flowId }, await plainJpeg(1200, 900), 'breed.jpg');
    for (const method of ['POST', 'GET']) {
      const res = await download(method, `/api/picture/${big.body.id}/showthumbnail`, a.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-imagestatus')).toBe('available');
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const m = await sharp(res.bytes).metadata();
      expect([m.width, m.height]).toEqual([400, 300]);
    }
    const small = await upload({ flow_id: A.flowId }, await plainJpeg(120, 80), 'klein.jpg');
    const res = await download('GET', `/api/picture/${small.body.id}/showthumbnail`, a.token);
    expect((await sharp(res.bytes).metadata()).width).toBe(120);
  });

  it('answers x-imagestatus unavailable when the stored file is gone', async () => {
    const res = await upload({ flow_id: A.flowId }, await plainJpeg(20, 20), 'weg.jpg');
    const row = (await storedRow(res.body.id))!;
    await t.server.deps.storage.delete(row.storageKey);
    const gone = await download('GET', `/api/picture/${res.body.id}`, a.token);
    expect(gone.status).toBe(200);
    expect(gone.headers.get('x-imagestatus')).toBe('unavailable');
    expect(gone.bytes.length).toBe(0);
  });

  it('deletes a picture and its stored files', async () => {
    const res = await upload({ flow_id: A.flowId }, await plainJpeg(20, 20), 'verwijder.jpg');
    const row = (await storedRow(res.body.id))!;
    const del = await t.api('DELETE', `/api/picture/${res.body.id}`, { token: a.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: FORM_MESSAGES.pictureDeleted });
    expect(await storedRow(res.body.id)).toBeUndefined();
    expect(await t.server.deps.storage.exists(row.storageKey)).toBe(false);
    expect(await t.server.deps.storage.exists(row.thumbnailKey)).toBe(false);
    expect(await logCount(t, 'picture', res.body.id, 'delete')).toBe(1);
    const again = await t.api('DELETE', `/api/picture/${res.body.id}`, { token: a.token });
    expect(again.status).toBe(404);
    expect((await t.api('GET', `/api/picture/${res.body.id}`, { token: a.token })).status).toBe(404);
  });
});

describe('download all pictures (zip)', () => {
  it('streams a zip with one stored entry per picture of the intake, named <id>-<filename>', async () => {
    const list = (await t.api('GET', `/api/picture?intake_id=${A.intakeId}`, { token: a.token })).body as {
      id: number;
      filename: string;
    }[];
    expect(list.length).toBeGreaterThan(3);
    const res = await download('POST', `/api/intake/${A.intakeId}/downloadallpictures`, a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('x-filename')).toBe('opname-12-fotos.zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="opname-12-fotos.zip"/);
    const zip = await JSZip.loadAsync(res.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(list.map((p) => `${p.id}-${p.filename}`).sort());
    const first = list[0]!;
    const inZip = await zip.file(`${first.id}-${first.filename}`)!.async('nodebuffer');
    const original = await download('GET', `/api/picture/${first.id}`, a.token);
    expect(inZip.equals(original.bytes)).toBe(true);
  });

  it('zips a form copy, a project and a flow; an empty set is a valid empty zip', async () => {
    const item = await download('POST', `/api/flowdataitem/${A.itemId}/downloadallpictures`, a.token);
    expect(item.status).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(item.bytes)).files).length).toBeGreaterThan(0);
    const flow = await download('POST', `/api/flow/${A.flowId}/downloadallpictures`, a.token);
    expect(flow.status).toBe(200);
    expect(flow.headers.get('x-filename')).toMatch(/^dossier-\d+-fotos\.zip$/);
    const empty = await download('POST', `/api/flow/${otherFlow.flowId}/downloadallpictures`, a.token);
    expect(empty.status).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(empty.bytes)).files)).toEqual([]);
    const proj = await download('POST', `/api/project/${A.projectId}/downloadallpictures`, a.token);
    expect(proj.status).toBe(200);
    expect(proj.headers.get('x-filename')).toBe('project-7-fotos.zip');
    const missing = await t.api('POST', `/api/intake/99999999/downloadallpictures`, { token: a.token });
    expect(missing.status).toBe(404);
  });
});

describe('tenancy', () => {
  it('another company gets 404 for every id', async () => {
    const mine = await upload({ intake_id: A.intakeId }, await plainJpeg(20, 20), 'van-a.jpg');
    const id = mine.body.id;
    const asB = { token: b.token };
    expect((await t.api('GET', `/api/picture/${id}`, asB)).status).toBe(404);
    expect((await t.api('GET', `/api/picture/${id}/showthumbnail`, asB)).status).toBe(404);
    expect((await t.api('POST', `/api/picture/${id}/showthumbnail`, asB)).status).toBe(404);
    expect((await t.api('DELETE', `/api/picture/${id}`, asB)).status).toBe(404);
    for (const q of [
      `intake_id=${A.intakeId}`,
      `project_id=${A.projectId}`,
      `flow_id=${A.flowId}`,
      `flow_data_item_id=${A.itemId}`,
    ])
      expect((await t.api('GET', `/api/picture?${q}`, asB)).status, q).toBe(404);
    for (const path of [
      `/api/intake/${A.intakeId}/downloadallpictures`,
      `/api/project/${A.projectId}/downloadallpictures`,
      `/api/flowdataitem/${A.itemId}/downloadallpictures`,
      `/api/flow/${A.flowId}/downloadallpictures`,
    ])
      expect((await t.api('POST', path, asB)).status, path).toBe(404);
    const jpg = await plainJpeg(20, 20);
    const theirs: Record<string, number>[] = [
      { intake_id: A.intakeId },
      { flow_id: A.flowId },
      { project_id: A.projectId },
      { flow_data_item_id: A.itemId },
      { flow_id: B.flowId, vertical_id: A.verticalId },
    ];
    for (const fields of theirs) {
      const res = await upload(fields, jpg, 'x.jpg', b.token);
      expect(res.status, JSON.stringify(fields)).toBe(404);
    }
    // Still there for its own company.
    expect((await t.api('GET', `/api/picture/${id}`, { token: a.token })).status).toBe(200);
  });
});

describe('customer (flow hash)', () => {
  const store = (hash: string, fields: Record<string, string | number>, bytes: Buffer, name = 'klant.jpg') =>
    t.api('POST', '/api/picture/storebycustomer', { body: form(bytes, name, { hash, ...fields }) });

  it('stores a photo on a photo field of an open form copy of the hash’s flow', async () => {
    const res = await store(
      A.hash,
      { flow_data_item_id: A.itemId, field_name: 'fotos_dak', vertical_id: A.verticalId },
      await phoneJpeg(900, 600),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      flow_data_item_id: A.itemId,
      field_name: 'fotos_dak',
      width: 600,
      height: 900,
    });
    expect(res.body.thumbnail_url).toBe(`/api/picture/${res.body.id}/getbycustomer?hash=${A.hash}&width=400`);
    const row = (await storedRow(res.body.id))!;
    // A customer's photo keeps no location, not even beside the file.
    expect(row).toMatchObject({
      uploadedBy: 'customer',
      flowId: A.flowId,
      intakeId: A.intakeId,
      lat: null,
      lng: null,
    });
    expect(await logCount(t, 'picture', res.body.id, 'upload')).toBe(1);

    const thumb = await download('GET', `/api/picture/${res.body.id}/getbycustomer?hash=${A.hash}&width=400`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('x-imagestatus')).toBe('available');
    const tm = await sharp(thumb.bytes).metadata();
    expect([tm.width, tm.exif]).toEqual([400, undefined]);
    const original = await download(
      'GET',
      `/api/picture/${res.body.id}/getbycustomer?hash=${A.hash}&width=2000`,
    );
    const om = await sharp(original.bytes).metadata();
    expect([om.width, om.height, hasGps(om.exif)]).toEqual([600, 900, false]);
    const byDefault = await download('GET', `/api/picture/${res.body.id}/getbycustomer?hash=${A.hash}`);
    expect((await sharp(byDefault.bytes).metadata()).width).toBe(400);

    // The customer removes their own photo.
    const removed = await t.api('POST', `/api/picture/${res.body.id}/removebycustomer?hash=${A.hash}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(FORM_MESSAGES.pictureDeleted);
    expect(await storedRow(res.body.id)).toBeUndefined();
    expect(await t.server.deps.storage.exists(row.storageKey)).toBe(false);
  });

  it('answers 404 to a wrong hash or another flow’s form copy or picture, 422 on a sent form', async () => {
    const jpg = await plainJpeg(50, 50);
    const fields = { flow_data_item_id: A.itemId, field_name: 'fotos_dak' };
    for (const hash of ['', 'kort', `${A.hash.slice(0, -2)}xx`, B.hash.replace(/./g, 'a')]) {
      const res = await store(hash, fields, jpg);
      expect(res.status, hash).toBe(404);
    }
    // A form copy of another flow (even of the same company), or of another company.
    expect((await store(otherFlow.hash, fields, jpg)).status).toBe(404);
    expect((await store(B.hash, fields, jpg)).status).toBe(404);
    const sent = await store(A.hash, { flow_data_item_id: A.sentItemId, field_name: 'fotos_dak' }, jpg);
    expect(sent.status).toBe(422);
    expect(sent.body.message).toBe(FORM_MESSAGES.itemSent);
    const notPhoto = await store(A.hash, { flow_data_item_id: A.itemId, field_name: 'opmerking' }, jpg);
    expect(notPhoto.status).toBe(422);
    expect(notPhoto.body.message).toBe(FORM_MESSAGES.fieldNotPhoto);
    const svg = await store(
      A.hash,
      fields,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.jpg',
    );
    expect(svg.status).toBe(415);

    const staff = await upload({ flow_id: A.flowId }, jpg, 'kantoor.jpg');
    const id = staff.body.id;
    for (const hash of ['', B.hash, otherFlow.hash, 'x'.repeat(22)]) {
      const get = await t.api('GET', `/api/picture/${id}/getbycustomer?hash=${hash}&width=400`);
      expect(get.status, hash).toBe(404);
      const remove = await t.api('POST', `/api/picture/${id}/removebycustomer?hash=${hash}`);
      expect(remove.status, hash).toBe(404);
    }
    // The customer sees the dossier's photos but removes only their own.
    expect((await t.api('GET', `/api/picture/${id}/getbycustomer?hash=${A.hash}`)).status).toBe(200);
    const notOwn = await t.api('POST', `/api/picture/${id}/removebycustomer?hash=${A.hash}`);
    expect(notOwn.status).toBe(409);
    expect(notOwn.body.message).toBe(PICTURE_LINK_TEXTS.customerOnly);
    expect(await storedRow(id)).toBeDefined();
  });

  it('does not remove a customer photo once the form copy is sent', async () => {
    const res = await store(
      A.hash,
      { flow_data_item_id: A.itemId, field_name: 'fotos_dak' },
      await plainJpeg(40, 40),
    );
    expect(res.status).toBe(201);
    await t.server.deps.db.platform((tx) =>
      tx.update(flowDataItem).set({ status: 'sent' }).where(eq(flowDataItem.id, A.itemId)),
    );
    try {
      const removed = await t.api('POST', `/api/picture/${res.body.id}/removebycustomer?hash=${A.hash}`);
      expect(removed.status).toBe(422);
      expect(removed.body.message).toBe(FORM_MESSAGES.itemSent);
      expect(await storedRow(res.body.id)).toBeDefined();
    } finally {
      await t.server.deps.db.platform((tx) =>
        tx.update(flowDataItem).set({ status: 'open' }).where(eq(flowDataItem.id, A.itemId)),
      );
    }
  });
});

describe('size limit (PICTURE_MAX_BYTES=50000)', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ work: false, config: { PICTURE_MAX_BYTES: '50000' } });
  });
  afterAll(async () => small?.close());

  it('answers 413 with the upload text for a larger photo', async () => {
    const c = await createCrmCompany(small);
    const flowId = (await createTestRelation(small, c.token, { createnewflow: true })).flow_id;
    const [w, h] = [400, 300];
    const noisy = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(50_000);
    const res = await small.api('POST', '/api/picture', {
      token: c.token,
      body: form(noisy, 'te-groot.jpg', { flow_id: flowId }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('te-groot.jpg');
  });
});
