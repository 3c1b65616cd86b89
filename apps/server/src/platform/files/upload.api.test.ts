import { DEFAULT_BRANDING, UPLOAD_ONLY_IMAGES_AND_PDF } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storedFiles, type TestServer } from '../../../test/test-server';
import { ONLY_IMAGES } from './upload';

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The same image with trailing bytes, so a replacement has different content. */
const PNG2 = Buffer.concat([PNG, Buffer.from('tweede versie')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NO_CHROMIUM = { CHROMIUM_PATH: '/nonexistent/chromium' };

function form(content: Buffer, filename: string, type = 'image/png', field = 'file'): FormData {
  const fd = new FormData();
  fd.append(field, new Blob([content], { type }), filename);
  return fd;
}

async function settingsIdOf(t: TestServer, companyId: number): Promise<number> {
  const res = await t.server.deps.db.platform((tx) =>
    tx.execute<{ id: number }>(sql`select id from company_settings where company_id = ${companyId}`),
  );
  return Number(res.rows[0]!.id);
}

async function storedFileCount(t: TestServer, companyId: number): Promise<number> {
  const res = await t.server.deps.db.platform((tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from stored_file where company_id = ${companyId}`,
    ),
  );
  return Number(res.rows[0]!.n);
}

async function fetchBytes(t: TestServer, urlPath: string, token?: string) {
  const res = await fetch(t.baseUrl + urlPath, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('logo upload and download', () => {
  let t: TestServer;
  let companyA: number;
  let settingsA: number;
  let tokenA: string;
  let tokenB: string;
  let tokenNoSettings: string;

  beforeAll(async () => {
    t = await startTestServer({ config: NO_CHROMIUM });
    companyA = await t.createTestCompany({ name: 'Zonnestroom BV' });
    settingsA = await settingsIdOf(t, companyA);
    tokenA = await t.login((await t.createTestUser({ companyId: companyA })).email);
    const companyB = await t.createTestCompany({ name: 'Concurrent BV' });
    tokenB = await t.login((await t.createTestUser({ companyId: companyB })).email);
    const companyC = await t.createTestCompany({ name: 'Zonder Instellingen', modules: ['BASIS', 'CRM'] });
    tokenNoSettings = await t.login((await t.createTestUser({ companyId: companyC })).email);
  });
  afterAll(async () => t?.close());

  it('answers 200 with x-imagestatus unavailable before any upload', async () => {
    for (const p of [
      `/api/companysettings/${settingsA}/getcompanylogo`,
      '/api/company/getcurrentcompanylogo',
    ]) {
      const res = await fetchBytes(t, p, tokenA);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-imagestatus')).toBe('unavailable');
      expect(res.bytes.length).toBe(0);
    }
  });

  it('requires a login to read the logo', async () => {
    expect((await t.api('GET', '/api/company/getcurrentcompanylogo')).status).toBe(401);
  });

  it('refuses a text file named logo.png (type is checked by content)', async () => {
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenA,
      body: form(Buffer.from('dit is geen afbeelding\n'.repeat(20)), 'logo.png'),
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: ONLY_IMAGES });
    expect(await storedFileCount(t, companyA)).toBe(0);
  });

  it('refuses a PDF on the image-only logo route', async () => {
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenA,
      body: form(PDF, 'logo.pdf', 'application/pdf'),
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(ONLY_IMAGES);
    expect(res.body.message).not.toBe(UPLOAD_ONLY_IMAGES_AND_PDF);
    expect(await storedFiles(t.server)).toEqual([]);
  });

  it('answers 422 when no file field is sent', async () => {
    const fd = new FormData();
    fd.append('naam', 'logo');
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenA,
      body: fd,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
  });

  it('answers 4xx (not 5xx) for a JSON body instead of multipart', async () => {
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenA,
      body: { file: PNG.toString('base64') },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toBeTruthy();
  });

  it('stores a real PNG and serves the same bytes with download headers', async () => {
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenA,
      body: form(PNG, 'mijn logo.png'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ logo_url: `/api/companysettings/${settingsA}/getcompanylogo` });
    expect(await storedFiles(t.server)).toHaveLength(1);
    expect(await storedFileCount(t, companyA)).toBe(1);

    for (const p of [res.body.logo_url as string, '/api/company/getcurrentcompanylogo']) {
      const logo = await fetchBytes(t, p, tokenA);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('x-imagestatus')).toBeNull();
      expect(decodeURIComponent(logo.headers.get('x-filename') ?? '')).toBe('mijn logo.png');
      expect(logo.headers.get('content-disposition')).toContain('filename="mijn logo.png"');
      expect(logo.bytes.equals(PNG)).toBe(true);
    }
  });

  it('keeps another company out: 404 on update, never the bytes on read', async () => {
    const update = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenB,
      body: form(PNG2, 'overname.png'),
    });
    expect(update.status).toBe(404);
    expect(update.body.message).toBeTruthy();

    const read = await fetchBytes(t, `/api/companysettings/${settingsA}/getcompanylogo`, tokenB);
    expect(read.status).toBe(404);
    expect(read.bytes.includes(PNG)).toBe(false);

    const own = await fetchBytes(t, '/api/company/getcurrentcompanylogo', tokenB);
    expect(own.headers.get('x-imagestatus')).toBe('unavailable');

    const mine = await fetchBytes(t, `/api/companysettings/${settingsA}/getcompanylogo`, tokenA);
    expect(mine.bytes.equals(PNG)).toBe(true);
  });

  it('answers 403 for a company without the SETTINGS module', async () => {
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenNoSettings,
      body: form(PNG, 'logo.png'),
    });
    expect(res.status).toBe(403);
  });

  it('answers 4xx for an id that is not a number', async () => {
    const res = await t.api('GET', '/api/companysettings/abc/getcompanylogo', { token: tokenA });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('replacing the logo deletes the old file from storage', async () => {
    const before = await storedFiles(t.server);
    expect(before).toHaveLength(1);
    const res = await t.api('POST', `/api/companysettings/${settingsA}/updatelogo`, {
      token: tokenA,
      body: form(PNG2, 'nieuw.png'),
    });
    expect(res.status).toBe(200);
    const after = await storedFiles(t.server);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(await storedFileCount(t, companyA)).toBe(1);
    const logo = await fetchBytes(t, '/api/company/getcurrentcompanylogo', tokenA);
    expect(logo.bytes.equals(PNG2)).toBe(true);
    expect(decodeURIComponent(logo.headers.get('x-filename') ?? '')).toBe('nieuw.png');
  });

  describe('branding by hostname (public)', () => {
    beforeAll(async () => {
      await t.server.deps.db.platform((tx) =>
        tx.execute(sql`update company_settings
          set hostnames = '["portal.zonnestroom.test"]'::jsonb, appname = 'Zonnestroom Portaal',
              appdescription = 'Uw zonnepanelen'
          where id = ${settingsA}`),
      );
    });

    it('answers the branding and serves the logo without login', async () => {
      const res = await t.api('GET', '/api/portal/branding/hostname/portal.zonnestroom.test');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        appname: 'Zonnestroom Portaal',
        appdescription: 'Uw zonnepanelen',
        logo_url: `/api/portal/branding/logo/${settingsA}`,
      });
      const logo = await fetchBytes(t, res.body.logo_url);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.bytes.equals(PNG2)).toBe(true);
    });

    it('matches the host case-insensitively', async () => {
      const res = await t.api('GET', '/api/portal/branding/hostname/Portal.Zonnestroom.TEST');
      expect(res.status).toBe(200);
      expect(res.body.appname).toBe('Zonnestroom Portaal');
    });

    it('answers 200 with the default branding for a host without its own (a normal answer)', async () => {
      const res = await t.api('GET', '/api/portal/branding/hostname/onbekend.example.test');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(DEFAULT_BRANDING);
    });
  });
});

describe('upload size limit (UPLOAD_MAX_BYTES=2048)', () => {
  let t: TestServer;
  let companyId: number;
  let settingsId: number;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ config: { ...NO_CHROMIUM, UPLOAD_MAX_BYTES: '2048' } });
    companyId = await t.createTestCompany();
    settingsId = await settingsIdOf(t, companyId);
    token = await t.login((await t.createTestUser({ companyId })).email);
  });
  afterAll(async () => t?.close());

  it('answers 413 with the Dutch text and leaves no file and no row behind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(100 * 1024 - PNG.length, 0)]);
    const res = await t.api('POST', `/api/companysettings/${settingsId}/updatelogo`, {
      token,
      body: form(big, 'groot.png'),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'Bestand groot.png konden niet worden geupload omdat het groter is dan: 2 KB',
    });
    expect(await storedFiles(t.server)).toEqual([]);
    expect(await storedFileCount(t, companyId)).toBe(0);
    const logo = await fetchBytes(t, '/api/company/getcurrentcompanylogo', token);
    expect(logo.headers.get('x-imagestatus')).toBe('unavailable');
  });

  it('still accepts a file under the limit', async () => {
    const res = await t.api('POST', `/api/companysettings/${settingsId}/updatelogo`, {
      token,
      body: form(PNG, 'klein.png'),
    });
    expect(res.status).toBe(200);
    expect(await storedFileCount(t, companyId)).toBe(1);
  });
});
