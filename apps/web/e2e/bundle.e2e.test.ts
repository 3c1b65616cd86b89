import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { DIST, measureEntries } from '../../../scripts/bundle-budget.mjs';
import { type E2eApp, startApp } from './harness';

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
    const redirect = await fetch(`${app.baseUrl}/customer-redirect.js`);
    expect(redirect.status).toBe(200);
    expect(await redirect.text()).toContain('customer.html');
    const index = await (await fetch(`${app.baseUrl}/`)).text();
    expect(index.indexOf('/customer-redirect.js')).toBeLessThan(index.indexOf('type="module"'));
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
