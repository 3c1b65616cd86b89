import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { DIST, measureEntries } from '../../../scripts/bundle-budget.mjs';
import { DEMO_PASSWORD, type E2eApp, startApp } from './harness';

interface EntryMeasure {
  entry: string;
  total: number;
  budget: number;
  within: boolean;
  files: { file: string; gzip: number }[];
}

let app: E2eApp;
const entries = measureEntries() as EntryMeasure[];
const staff = entries.find((e) => e.entry === 'index.html')!;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

/** A phone at 390 px on slow 4G (1.6 Mbit/s, 150 ms), recording each request's start and end (path and query). */
async function slow4GPhone() {
  const page = await app.newPage({ width: 390, height: 844, touch: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const events: string[] = [];
  const name = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
  page.on('request', (r) => events.push(`start ${name(r.url())}`));
  page.on('requestfinished', (r) => events.push(`end ${name(r.url())}`));
  return { page, events };
}

describe('what the browser downloads first', () => {
  it('every HTML entry stays within its gzip budget (staff login 150 KiB, customer pages 100 KiB)', () => {
    expect(staff).toBeDefined();
    for (const entry of entries) {
      expect({ entry: entry.entry, kib: Math.round(entry.total / 1024) }).toEqual({
        entry: entry.entry,
        kib: expect.any(Number),
      });
      expect(entry.total, `${entry.entry} ${entry.total} bytes`).toBeLessThanOrEqual(entry.budget);
    }
  });

  it('libraries of one screen do not load with the login screen', () => {
    const first = staff.files.map((f) => f.file).join(' ');
    for (const screenOnly of ['pipeline.screen', 'map-', 'server-data-table', 'app-shell']) {
      expect(first).not.toContain(screenOnly);
    }
  });

  it('serves the customer entry, and the staff entry hands customer links to it first', async () => {
    const customer = entries.find((e) => e.entry === 'customer.html');
    expect(customer?.files.map((f) => f.file).join(' ')).not.toContain('vendor-router');
    const html = await fetch(`${app.baseUrl}/customer.html`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    // The pages carry the security headers as every API answer does.
    expect(html.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await html.text()).toContain('<div id="root">');
    // The hand-over is inline, before the staff app's first module; the CSP allows it by its hash alone.
    const indexAnswer = await fetch(`${app.baseUrl}/`);
    const index = await indexAnswer.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(index);
    expect(inline?.[1]).toContain('customer.html');
    expect(inline!.index).toBeLessThan(index.indexOf('type="module"'));
    const csp = indexAnswer.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(inline![1]!).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect((await fetch(`${app.baseUrl}/customer-redirect.js`)).status).not.toBe(200);
  });

  it('the login screen names the files the first screen after a login needs, to fetch them at low priority', async () => {
    const index = await (await fetch(`${app.baseUrl}/`)).text();
    const listed = JSON.parse(
      /<script type="application\/json" id="im-after-login">(.*?)<\/script>/.exec(index)![1]!,
    ) as string[];
    expect(listed.some((f) => /\/assets\/app-shell-/.test(f))).toBe(true);
    expect(listed.some((f) => /\/assets\/dashboard\.screen-/.test(f))).toBe(true);
    // None of the login screen's own files, no editor code, and every one is served.
    const first = staff.files.map((f) => `/${f.file}`);
    expect(listed.filter((f) => first.includes(f))).toEqual([]);
    expect(listed.filter((f) => /tiptap|prosemirror/i.test(f))).toEqual([]);
    for (const file of listed) expect((await fetch(`${app.baseUrl}${file}`)).status, file).toBe(200);

    // A login on slow 4G as soon as the form is usable: the login's request does not wait for those files,
    // and the dashboard's first answer is asked for once, beside them.
    const { page, events } = await slow4GPhone();
    await page.goto(`${app.baseUrl}/#/login`);
    await page.getByLabel('E-mailadres').fill('sanne@zonnestroom-noord.nl');
    await page.getByLabel(/^Wachtwoord/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('Welkom, Sanne de Vries').waitFor();
    const lastFile = Math.max(...listed.map((f) => events.indexOf(`end ${f}`)));
    expect(events.indexOf('end /api/authenticate')).toBeLessThan(lastFile);
    const layout = '/api/user/getdashboard?usecase=standard';
    expect(events.filter((e) => e === `start ${layout}`)).toHaveLength(1);
    expect(events.indexOf(`end ${layout}`)).toBeLessThan(lastFile);
    await page.context().close();
  });

  it("a mail link on slow 4G: the dossier is asked for while the page's scripts still load, once", async () => {
    const { page, events } = await slow4GPhone();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${app.baseUrl}/#/customer_flow_detail/demo-dossier-formulier-01`);
    await page.waitForURL(/customer\.html#/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const read = '/api/flow/demo-dossier-formulier-01/getbycustomer';
    expect(events.filter((e) => e === `start ${read}`)).toHaveLength(1);
    const entryScript = events.findIndex((e) => /^end \/assets\/customer-[^/]+\.js$/.test(e));
    expect(entryScript).toBeGreaterThan(-1);
    expect(events.indexOf(`start ${read}`)).toBeLessThan(entryScript);
    // The staff entry hands the link over at once: none of the staff app's scripts runs (their fetch by
    // the browser's look-ahead is cancelled with the old page).
    expect(events).toContain('start /customer.html');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('both entries name an icon the server has (no 404 for /favicon.ico on a first visit)', async () => {
    for (const entry of ['/', '/customer.html']) {
      const html = await (await fetch(`${app.baseUrl}${entry}`)).text();
      const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
      expect(icon, entry).toBe('/favicon.svg');
      const answer = await fetch(`${app.baseUrl}${icon}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('image/svg+xml');
    }
  });

  it('serves brotli and gzip written at build time, hashed assets cached for a year, index.html revalidated', async () => {
    const script = staff.files.find((f) => f.file.startsWith('assets/') && f.file.endsWith('.js'))!.file;
    expect(existsSync(path.join(DIST, `${script}.br`))).toBe(true);
    expect(existsSync(path.join(DIST, `${script}.gz`))).toBe(true);

    const br = await fetch(`${app.baseUrl}/${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toContain('javascript');
    await br.arrayBuffer();

    const gz = await fetch(`${app.baseUrl}/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    await gz.arrayBuffer();

    for (const page of ['/', '/index.html']) {
      const html = await fetch(`${app.baseUrl}${page}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(html.status).toBe(200);
      expect(html.headers.get('cache-control')).toBe('no-cache');
      expect(await html.text()).toContain('<div id="root">');
    }
  });
});
