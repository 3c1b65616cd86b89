import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

const PHONE = { width: 390, height: 844, touch: true, serviceWorker: true };

/** Sanne logged in on a phone, the app's service worker in control (the app is installed). */
async function sanneOnPhoneWithWorker(page?: Page): Promise<Page> {
  page ??= await app.newPage(PHONE);
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page;
}

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
    const page = await sanneOnPhoneWithWorker();
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

    // A photo of the roof on the form already: its thumbnail is taken along too.
    const jpeg = [
      ...(await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a63' } })
        .jpeg()
        .toBuffer()),
    ];
    const uploaded = await page.evaluate(
      async ({ bytes, itemId }) => {
        const data = new FormData();
        data.append('flow_data_item_id', String(itemId));
        data.append('field_name', 'foto_dak');
        data.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'schuur.jpg');
        const token = localStorage.getItem('im.token');
        return (
          await fetch('/api/picture', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: data,
          })
        ).status;
      },
      { bytes: jpeg, itemId: target!.itemId },
    );
    expect(uploaded).toBe(201);

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
    // The photo's thumbnail shows from the device's copy.
    const thumbnail = form.getByRole('img', { name: 'Foto schuur.jpg' });
    await thumbnail.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
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

  it('offline: fills every field type, takes three photos, adds a note and completes the task; the phone’s browser closed and opened again; back online each arrives exactly once', async () => {
    // The phone's browser keeps its profile on disk: closed and launched again, it opens from what it stored.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'im-phone-'));
    let context = await app.openProfile(profile, PHONE);
    const page = await sanneOnPhoneWithWorker(context.pages()[0] ?? (await context.newPage()));
    const call = <T = Json>(method: string, path: string, body?: unknown) => api<T>(page, method, path, body);

    // A form with one field of every type, on an intake planned for today with its task.
    const vertical = await call<{ id: number }>('POST', '/api/vertical', {
      name: 'Veldwerk alle velden',
      type: 'intake',
    });
    const fields: Record<string, unknown>[] = [
      { field_label: 'Dakbedekking', field_name: 'dakbedekking', field_type: 'text' },
      { field_label: 'Bijzonderheden', field_name: 'bijzonderheden', field_type: 'textarea' },
      { field_label: 'Aantal panelen', field_name: 'aantal_panelen', field_type: 'number' },
      { field_label: 'Wattpiek', field_name: 'wattpiek', field_type: 'number' },
      {
        field_label: 'Dakvorm',
        field_name: 'dakvorm',
        field_type: 'selectbox',
        options: ['Schuin dak', 'Plat dak'],
      },
      { field_label: 'Asbest aanwezig', field_name: 'asbest', field_type: 'checkbox' },
      { field_label: 'Datum opname', field_name: 'datum_opname', field_type: 'date' },
      {
        field_label: 'Totaal vermogen',
        field_name: 'totaal_vermogen',
        field_type: 'calculated',
        calculationrules: [{ formula: 'aantal_panelen * wattpiek', showrules: [] }],
      },
      { field_label: 'Intern kenmerk', field_name: 'intern', field_type: 'hidden' },
      { field_label: 'Foto van het dak', field_name: 'foto_dak', field_type: 'photo' },
    ];
    for (const field of fields) {
      const made = await call<{ status: number }>('POST', '/api/verticaldatafield', {
        vertical_id: vertical.id,
        ...field,
      });
      expect(made.status).toBe(201);
    }
    const me = await call<{ currentuser_id: number }>('GET', '/api/user/getcurrentuser');
    const intakes = await call<{ data: { id: number; flow_id: number }[] }>(
      'GET',
      '/api/intake/querypaginated?limit=1',
    );
    const intake = intakes.data[0]!;
    const item = await call<{ id: number }>('POST', '/api/flowdataitem', {
      vertical_id: vertical.id,
      intake_id: intake.id,
    });
    expect(item.id).toBeGreaterThan(0);
    const today = new Date();
    today.setHours(14, 0, 0, 0);
    const task = await call<{ id: number }>('POST', '/api/task', {
      description: 'Veldwerk zonder bereik',
      type: 'opname',
      user_id: me.currentuser_id,
      start_date: today.toISOString(),
      flow_id: intake.flow_id,
    });
    await call('POST', '/api/taskcontext', { task_id: task.id, vertical_id: vertical.id });

    await page.goto(`${app.baseUrl}/#/task_overview`);
    await page.getByRole('button', { name: 'Beschikbaar maken voor offline' }).tap();
    await page.getByText(/^Klaar: \d+ schermen staan op dit apparaat\.$/).waitFor({ timeout: 120_000 });
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Geen verbinding', { exact: true }).waitFor();

    // Every field type, filled offline; the formula runs on the device.
    await page.goto(`${app.baseUrl}/#/intake_detail/${intake.id}?formId=${vertical.id}`);
    const form = page.getByRole('region', { name: 'Veldwerk alle velden' });
    await form.getByLabel('Dakbedekking').waitFor({ timeout: 30_000 });
    await form.getByLabel('Dakbedekking').fill('Golfplaten');
    await form.getByLabel('Bijzonderheden').fill('Schoorsteen midden op het dak');
    await form.getByLabel('Aantal panelen', { exact: true }).fill('12');
    await form.getByLabel('Wattpiek').fill('430');
    await form
      .getByRole('textbox', { name: 'Dakvorm' })
      .or(form.getByRole('combobox', { name: 'Dakvorm' }))
      .first()
      .tap();
    await page.getByRole('option', { name: 'Plat dak' }).tap();
    await form.getByLabel('Asbest aanwezig').check();
    await form.getByLabel('Datum opname').fill('2026-12-07');
    await expect.poll(() => form.getByLabel('Totaal vermogen').inputValue()).toBe('5.160');
    expect(await form.getByLabel('Intern kenmerk').count()).toBe(0);
    await form.getByText('Niet opgeslagen').waitFor({ timeout: 30_000 });

    // Three photos from the phone, kept on the device and shown as waiting.
    const photos = await Promise.all(
      ['#a63', '#36a', '#3a6'].map(async (background, i) => ({
        name: `dak-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        // The first carries where it was taken, as a phone's camera writes it (52° 5' 30" N, 6° 30' E).
        buffer: await sharp({ create: { width: 2400, height: 1800, channels: 3, background } })
          .jpeg()
          .withExif(
            i === 0
              ? {
                  IFD3: {
                    GPSLatitudeRef: 'N',
                    GPSLatitude: '52/1 5/1 3000/100',
                    GPSLongitudeRef: 'E',
                    GPSLongitude: '6/1 30/1 0/1',
                  },
                }
              : {},
          )
          .toBuffer(),
      })),
    );
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Foto toevoegen' }).tap();
    await (await chooser).setFiles(photos);
    await expect.poll(() => form.getByTestId('waiting-photo').count(), { timeout: 30_000 }).toBe(3);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-every-field.png`, fullPage: true });

    // A note and the task's completion on the dossier, offline.
    await page.goto(`${app.baseUrl}/#/flow_detail/${intake.flow_id}`);
    const notes = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Notities', exact: true }),
    });
    await notes.getByRole('button', { name: 'Nieuwe notitie' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Notitie').fill('Ladder van 9 meter nodig bij de montage');
    await dialog.getByRole('button', { name: 'Opslaan' }).tap();
    await page
      .getByText('Notitie bewaard op dit apparaat. Ze wordt verstuurd zodra er verbinding is.')
      .waitFor();
    await notes.getByTestId('waiting-note').getByText('Ladder van 9 meter nodig bij de montage').waitFor();
    const tasks = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Taken', exact: true }),
    });
    await tasks.getByRole('button', { name: 'Afronden: Veldwerk zonder bereik' }).tap();
    await tasks.getByText('Afgerond · wacht op verzending').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-note-task.png`, fullPage: true });

    // The browser closed and launched again on its stored profile, still offline: all of it waits on the
    // device (the form, 3 photos, the note, the task).
    await context.close();
    context = await app.openProfile(profile, PHONE);
    await context.setOffline(true);
    const again = context.pages()[0] ?? (await context.newPage());
    await again.goto(`${app.baseUrl}/#/task_overview`);
    await again
      .getByText('6 wijzigingen wachten op dit apparaat op verzending.')
      .waitFor({ timeout: 30_000 });

    // Online: everything goes, once.
    await context.setOffline(false);
    await again
      .getByText(/wachten op dit apparaat|worden verstuurd/)
      .waitFor({ state: 'detached', timeout: 120_000 });
    const office = await app.newPage();
    await login(office, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await office.waitForURL(/#\/dashboard/);
    const arrived = async () => ({
      values: (await api<{ values: Record<string, unknown> }>(office, 'GET', `/api/flowdataitem/${item.id}`))
        .values,
      photos: await count(office, `/api/picture?flow_data_item_id=${item.id}`),
      notes: (await list<{ content: string }>(office, `/api/note?flow_id=${intake.flow_id}`)).filter(
        (n) => n.content === 'Ladder van 9 meter nodig bij de montage',
      ).length,
      task: (await api<{ status: string }>(office, 'GET', `/api/task/${task.id}`)).status,
    });
    const expected = {
      values: expect.objectContaining({
        dakbedekking: 'Golfplaten',
        bijzonderheden: 'Schoorsteen midden op het dak',
        aantal_panelen: '12',
        wattpiek: '430',
        dakvorm: 'Plat dak',
        asbest: true,
        datum_opname: '2026-12-07',
      }),
      photos: 3,
      notes: 1,
      task: 'afgerond',
    };
    await expect.poll(arrived, { timeout: 60_000 }).toEqual(expected);
    // The photo made small on the device lost its EXIF; where it was taken travelled beside it (decision 073).
    const stored = await list<{ filename: string; lat: number | null; lng: number | null }>(
      office,
      `/api/picture?flow_data_item_id=${item.id}`,
    );
    const located = stored.find((p) => p.filename === 'dak-1.jpg')!;
    expect(located.lat).toBeCloseTo(52 + 5 / 60 + 30 / 3600, 6);
    expect(located.lng).toBeCloseTo(6.5, 6);
    expect(stored.filter((p) => p.lat === null)).toHaveLength(2);
    // Another round (the app started again) sends nothing twice.
    await again.reload();
    await again.getByText('Taken', { exact: true }).first().waitFor();
    await again.waitForTimeout(4000);
    expect(await arrived()).toEqual(expected);
    await office.context().close();
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
});

async function list<T>(page: Page, path: string): Promise<T[]> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${localStorage.getItem('im.token')}` },
    });
    return (await res.json()) as T[];
  }, path);
}

const count = async (page: Page, path: string) => (await list(page, path)).length;
