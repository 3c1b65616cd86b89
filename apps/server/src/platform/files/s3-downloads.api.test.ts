import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { type LocalS3, localS3Config, startLocalS3 } from '../../../test/s3-server';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { S3Storage } from './s3-storage';

// A server on S3 storage with presigned downloads from 2000 bytes on (decision 052).
let s3: LocalS3;
let t: TestServer;
let token: string;
let otherToken: string;
let flowId: number;

const smallPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const largePdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  ...Array.from({ length: 100 }, () => Buffer.from(`% ${randomBytes(30).toString('hex')}\n`)),
  Buffer.from('1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
]);

async function uploadFlowFile(content: Buffer, name: string): Promise<number> {
  const fd = new FormData();
  fd.append('flow_id', String(flowId));
  fd.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  const res = await t.api('POST', '/api/flowfile', { token, body: fd });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A GET that does not follow redirects, with the bytes of the answer. */
async function get(path: string, bearer = token) {
  const res = await fetch(t.baseUrl + path, {
    headers: { authorization: `Bearer ${bearer}` },
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  s3 = await startLocalS3('im-presign');
  t = await startTestServer({
    work: false,
    config: {
      ...localS3Config(s3, `presign-${randomBytes(4).toString('hex')}`),
      S3_PRESIGN_DOWNLOADS: '120',
      S3_PRESIGN_MIN_BYTES: '2000',
    },
  });
  const a = await createCrmCompany(t);
  token = a.token;
  otherToken = (await createCrmCompany(t, { name: 'Ander BV' })).token;
  flowId = (await createTestRelation(t, token, { createnewflow: true })).flow_id as number;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('downloads from S3 storage', () => {
  it('redirects a large file to a short-lived link that serves it with its type and name', async () => {
    expect(largePdf.length).toBeGreaterThan(2000);
    const id = await uploadFlowFile(largePdf, 'tekening dak één.pdf');
    const res = await get(`/api/flowfile/${id}`);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect(location).toContain('X-Amz-Expires=120');
    expect(decodeURIComponent(res.headers.get('x-filename')!)).toBe('tekening dak één.pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(res.headers.get('content-disposition'));
    expect(file.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('tekening dak één.pdf')}`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(largePdf)).toBe(true);
  });

  it('streams a small file through the server with the contract headers', async () => {
    const id = await uploadFlowFile(smallPdf, 'klein.pdf');
    const res = await get(`/api/flowfile/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-filename')).toBe('klein.pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.bytes.equals(smallPdf)).toBe(true);
  });

  it('hands no link to a caller the route refuses', async () => {
    const id = await uploadFlowFile(largePdf, 'geheim.pdf');
    const other = await get(`/api/flowfile/${id}`, otherToken);
    expect(other.status).toBe(404);
    expect(other.headers.get('location')).toBeNull();
    const anonymous = await fetch(`${t.baseUrl}/api/flowfile/${id}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('location')).toBeNull();
  });

  it('answers a file missing from the store as before, not with a link to nothing', async () => {
    const id = await uploadFlowFile(largePdf, 'kwijt.pdf');
    const [row] = (
      await t.server.deps.db.platform((tx) =>
        tx.execute<{ storage_key: string }>(sql`select storage_key from stored_file where id = ${id}`),
      )
    ).rows;
    await t.server.deps.storage.delete(row!.storage_key);
    const res = await get(`/api/flowfile/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('x-imagestatus')).toBe('unavailable');
  });

  it("redirects a large photo's original and streams its thumbnail", async () => {
    const w = 300;
    const h = 300;
    const noisy = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const fd = new FormData();
    fd.append('flow_id', String(flowId));
    fd.append('file', new Blob([new Uint8Array(noisy)]), 'dak.jpg');
    const up = await t.api('POST', '/api/picture', { token, body: fd });
    expect(up.status).toBe(201);

    const original = await get(up.body.url);
    expect(original.status).toBe(302);
    expect(original.headers.get('x-imagestatus')).toBe('available');
    const photo = await fetch(original.headers.get('location')!);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('content-disposition')).toContain('inline');
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(w);

    const thumb = await get(up.body.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('location')).toBeNull();
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it.runIf(process.env.TEST_FILE_STORAGE === 's3')(
    'with TEST_FILE_STORAGE=s3 every test server keeps its files in the run’s local S3',
    async () => {
      const plain = await startTestServer({ work: false });
      try {
        expect(plain.server.deps.config.FILE_STORAGE).toBe('s3');
        expect(plain.server.deps.storage).toBeInstanceOf(S3Storage);
        expect(plain.server.deps.config.S3_PREFIX).toMatch(/^t-im-test-data-/);
      } finally {
        await plain.close();
      }
    },
  );
});
