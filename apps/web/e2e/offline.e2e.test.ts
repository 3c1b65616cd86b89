import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json } from './flows-helpers';
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

  it('takes the day along, opens the intake form offline, keeps a change across closing the app, and back online shows the office’s change to the same field for a choice', async () => {
    const page = await app.newPage(PHONE);
    await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await page.waitForURL(/#\/dashboard/);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    const call = <T = Json>(method: string, path: string, body?: unknown) => api<T>(page, method, path, body);

    // Today's survey on the roof: a task for Sanne with the intake's solar form as its context.
    const me = await call<{ currentuser_id: number }>('GET', '/api/user/getcurrentuser');
    const intakes = await call<{ data: { id: number }[] }>('GET', '/api/intake/querypaginated?limit=50');
    let target: { intakeId: number; flowId: number; itemId: number; verticalId: number } | null = null;
    for (const { id } of intakes.data) {
      const detail = await call<{
        flow_id: number;
        flowdataitems: { id: number; vertical_id: number; vertical: { name: string } }[];
      }>('GET', `/api/intake/${id}`);
      const item = detail.flowdataitems.find((i) => i.vertical.name === 'Opname zonnepanelen');
      if (item)
        target = { intakeId: id, flowId: detail.flow_id, itemId: item.id, verticalId: item.vertical_id };
      if (target) break;
    }
    expect(target).not.toBeNull();
    const today = new Date();
    today.setHours(10, 0, 0, 0);
    const task = await call<{ id: number }>('POST', '/api/task', {
      description: 'Opname op het dak',
      type: 'opname',
      user_id: me.currentuser_id,
      start_date: today.toISOString(),
      flow_id: target!.flowId,
    });
    expect(task.id).toBeGreaterThan(0);
    const context = await call<{ status: number }>('POST', '/api/taskcontext', {
      task_id: task.id,
      vertical_id: target!.verticalId,
    });
    expect(context.status).toBe(201);

    await page.goto(`${app.baseUrl}/#/task_overview`);
    await page.getByRole('button', { name: 'Beschikbaar maken voor offline' }).tap();
    await page.getByText(/^Klaar: \d+ schermen staan op dit apparaat\.$/).waitFor({ timeout: 120_000 });
    await page.getByText(/gegevens van het werk offline beschikbaar/).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-take-along.png`, fullPage: true });

    const context2 = page.context();
    await context2.setOffline(true);
    await page.reload();
    await page.getByText('Geen verbinding', { exact: true }).waitFor();
    await page.goto(`${app.baseUrl}/#/intake_detail/${target!.intakeId}?formId=${target!.verticalId}`);
    const form = page.getByRole('region', { name: 'Opname zonnepanelen' });
    const count = form.getByLabel('Aantal panelen', { exact: true });
    await count.waitFor({ timeout: 30_000 });
    await count.fill('17');
    await form.getByText('Niet opgeslagen').waitFor({ timeout: 30_000 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-intake-form.png`, fullPage: true });

    // The app is closed offline and opened again: the change waits on the device, counted in the shell.
    await page.close();
    const again = await context2.newPage();
    await again.goto(`${app.baseUrl}/#/task_overview`);
    await again.getByText('1 wijziging wacht op dit apparaat op verzending.').waitFor({ timeout: 30_000 });
    // Meanwhile the office sets the same field to another value.
    const office = await app.newPage();
    await login(office, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await office.waitForURL(/#\/dashboard/);
    await api(office, 'PATCH', `/api/flowdataitem/${target!.itemId}`, { values: { aantal_panelen: '20' } });

    // Back online: nothing is overwritten silently; both values are shown and the user chooses.
    await context2.setOffline(false);
    await again
      .getByText('Een veld is intussen ook op kantoor gewijzigd. Kies welke waarde blijft.')
      .waitFor({
        timeout: 60_000,
      });
    await again.getByText('Van jou: 17 · Nu: 20').waitFor();
    await again.screenshot({ path: `${SCREENSHOT_DIR}/offline-conflict.png` });
    expect(
      (await api<{ values: Record<string, unknown> }>(office, 'GET', `/api/flowdataitem/${target!.itemId}`))
        .values.aantal_panelen,
    ).toBe('20');
    await again.getByRole('button', { name: 'Mijn waarde' }).tap();
    await expect
      .poll(
        async () =>
          (
            await api<{ values: Record<string, unknown> }>(
              office,
              'GET',
              `/api/flowdataitem/${target!.itemId}`,
            )
          ).values.aantal_panelen,
        { timeout: 60_000 },
      )
      .toBe('17');
    await again.getByText('Van jou: 17 · Nu: 20').waitFor({ state: 'detached' });
    await office.context().close();

    // Removing the copies leaves nothing of them on the device.
    await again.getByRole('button', { name: 'Verwijderen' }).tap();
    await again.getByText('De offline gegevens zijn van dit apparaat verwijderd.').waitFor();
    await again.getByText('Nog niets offline beschikbaar.').waitFor();
    await context2.close();
  });
});
