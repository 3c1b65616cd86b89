import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { PDF_UNAVAILABLE_MESSAGE } from '../../platform/pdf/pdf-service';

const TIMEOUT = 90_000;

async function postPdf(t: TestServer, token: string | undefined, body: unknown) {
  const res = await fetch(`${t.baseUrl}/api/pdf/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    json: isJson ? JSON.parse(bytes.toString('utf8')) : null,
  };
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-api-test-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each non-empty page. */
function pagesOf(pdf: Buffer): string[] {
  return pdfText(pdf)
    .split('\f')
    .filter((p) => p.trim() !== '');
}

function twoPageHtml(): string {
  return `<!doctype html><html><body>
    <section style="break-after: page;"><h1>Offerte deel 1</h1><p>Zonnepanelen en omvormer.</p></section>
    <section><h1>Offerte deel 2</h1><p>Voorwaarden.</p></section>
  </body></html>`;
}

describe('POST /api/pdf/preview with Chromium', { timeout: TIMEOUT }, () => {
  let t: TestServer;
  let token: string;
  let tokenNoSettings: string;

  beforeAll(async () => {
    t = await startTestServer({ config: { CHROMIUM_PATH: '/usr/bin/chromium' } });
    const companyId = await t.createTestCompany({ name: 'PDF Bedrijf' });
    token = await t.login((await t.createTestUser({ companyId })).email);
    const other = await t.createTestCompany({ name: 'Zonder Instellingen', modules: ['BASIS', 'CRM'] });
    tokenNoSettings = await t.login((await t.createTestUser({ companyId: other })).email);
  }, TIMEOUT);
  afterAll(async () => t?.close(), TIMEOUT);

  it('reports the PDF service as available on /api/health', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', pdf: 'available', pdf_message: null });
  });

  it('renders a PDF with download headers', async () => {
    const res = await postPdf(t, token, { html: '<p>Hallo wereld</p>', filename: 'offerte 12.pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(decodeURIComponent(res.headers.get('x-filename') ?? '')).toBe('offerte 12.pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="offerte 12.pdf"');
    expect(pdfText(res.bytes)).toContain('Hallo wereld');
  });

  it('uses voorbeeld.pdf as the default file name', async () => {
    const res = await postPdf(t, token, { html: '<p>x</p>' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-filename')).toBe('voorbeeld.pdf');
  });

  it('shows the given header and footer on every page', async () => {
    const res = await postPdf(t, token, {
      html: twoPageHtml(),
      header_html: '<span>KOPTEKST-ZONNESTROOM</span>',
      footer_html: '<span>VOETTEKST-KVK-1234</span>',
    });
    expect(res.status).toBe(200);
    const pages = pagesOf(res.bytes);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toContain('KOPTEKST-ZONNESTROOM');
      expect(page).toContain('VOETTEKST-KVK-1234');
    }
  });

  it('shows "Pagina x van N" on a plain preview without header or footer', async () => {
    const res = await postPdf(t, token, { html: twoPageHtml() });
    expect(res.status).toBe(200);
    const pages = pagesOf(res.bytes);
    expect(pages).toHaveLength(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Pagina ${i + 1} van 2`);
    });
  });

  it('renders landscape when asked', async () => {
    const res = await postPdf(t, token, { html: '<p>Liggend</p>', landscape: true });
    expect(res.status).toBe(200);
    // A4 landscape: the media box is wider than high (842 x 595 points).
    const box = res.bytes.toString('latin1').match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
    expect(box).not.toBeNull();
    expect(Number(box![1])).toBeGreaterThan(Number(box![2]));
  });

  it('refuses html over 512 KB with 4xx, not 5xx', async () => {
    const res = await postPdf(t, token, { html: `<p>${'x'.repeat(600 * 1024)}</p>` });
    expect([413, 422]).toContain(res.status);
    expect(res.json?.message).toBeTruthy();
  });

  it('answers 422 when html is missing or empty', async () => {
    for (const body of [{}, { html: '' }, { html: 42 }]) {
      const res = await postPdf(t, token, body);
      expect(res.status).toBe(422);
      expect(res.json?.message).toBeTruthy();
    }
    const res = await postPdf(t, token, {});
    expect(res.json.errors.html).toBeDefined();
  });

  it('answers 422 for a file name with a path in it', async () => {
    const res = await postPdf(t, token, { html: '<p>x</p>', filename: '../../etc/passwd' });
    expect(res.status).toBe(422);
  });

  it('answers 403 without the SETTINGS module', async () => {
    const res = await postPdf(t, tokenNoSettings, { html: '<p>x</p>' });
    expect(res.status).toBe(403);
    expect(res.json?.message).toBeTruthy();
  });

  it('answers 401 without a token', async () => {
    const res = await postPdf(t, undefined, { html: '<p>x</p>' });
    expect(res.status).toBe(401);
    expect(res.json?.message).toBeTruthy();
  });
});

describe('without Chromium', { timeout: TIMEOUT }, () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ config: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    const companyId = await t.createTestCompany();
    token = await t.login((await t.createTestUser({ companyId })).email);
  }, TIMEOUT);
  afterAll(async () => t?.close(), TIMEOUT);

  it('the server runs and /api/health reports the PDF service as unavailable', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', pdf: 'unavailable' });
    expect(res.body.pdf_message).toContain('/nonexistent/chromium');
  });

  it('POST /api/pdf/preview answers 503 with the Dutch message', async () => {
    const res = await postPdf(t, token, { html: '<p>x</p>' });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: PDF_UNAVAILABLE_MESSAGE });
  });

  it('still validates before answering 503', async () => {
    const res = await postPdf(t, token, {});
    expect(res.status).toBe(422);
  });
});
