import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

const PHONE = { width: 390, height: 844, touch: true, serviceWorker: true };

describe('the staff app without a connection (decision 059)', () => {
  it('is installable: a manifest with its icons, served as the browser expects', async () => {
    const page = await app.newPage(PHONE);
    await page.goto(`${app.baseUrl}/#/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), body: await res.json() };
    }, href!);
    expect(manifest.type).toMatch(/application\/manifest\+json/);
    expect(manifest.body).toMatchObject({ name: 'Installatiemanager', lang: 'nl', display: 'standalone' });
    const sizes = (manifest.body.icons as { sizes: string; purpose?: string; src: string }[]).map(
      (i) => i.sizes,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.body.icons as { src: string }[]) {
      const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
      expect(status).toBe(200);
    }
    await page.context().close();
  });

  it('opens on a phone where it was opened before, says it is offline, and follows the connection back', async () => {
    const page = await app.newPage(PHONE);
    await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await page.waitForURL(/#\/dashboard/);
    await page.getByText('Welkom, Sanne de Vries').waitFor();
    // The worker has installed (every file of the app precached) and controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const context = page.context();
    await context.setOffline(true);
    const started = Date.now();
    await page.reload();
    await page.getByText('Geen verbinding', { exact: true }).waitFor();
    await page.getByText('Welkom, Sanne de Vries').waitFor();
    const offlineStartMs = Date.now() - started;
    console.info(`offline start at 390 px: ${offlineStartMs} ms`);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-phone.png`, fullPage: true });

    // Another screen's code comes from the worker too: the task list opens (its data waits for the network).
    await page.goto(`${app.baseUrl}/#/task_overview`);
    await page.getByRole('heading', { name: 'Taken' }).first().waitFor();
    await page.getByText('Geen verbinding', { exact: true }).waitFor();

    await context.setOffline(false);
    await page.getByText('Geen verbinding', { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('a logged-out visit offline shows the login page from the worker, not a browser error', async () => {
    const page = await app.newPage(PHONE);
    await page.goto(`${app.baseUrl}/#/login`);
    await page.getByLabel('E-mailadres').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.context().setOffline(true);
    await page.reload();
    await page.getByLabel('E-mailadres').waitFor();
    await page.context().close();
  });
});
