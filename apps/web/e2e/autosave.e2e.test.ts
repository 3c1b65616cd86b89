import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api as callApi, type Json } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

// An installer on site, on a phone: a change followed at once by '← Opnames' is saved; a save the
// network drops says 'Niet opgeslagen', survives a reload and goes out on 'Opnieuw proberen' (decision 032).

let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage({ width: 390, height: 844, touch: true });
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => app?.stop());

const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);

interface Item {
  id: number;
  vertical: { name: string };
  values: Record<string, unknown>;
}

async function solarIntake(): Promise<{ id: number; number: number; item: Item }> {
  const intakes = await api<{ data: { id: number; number: number }[] }>(
    'GET',
    '/api/intake/querypaginated?limit=50',
  );
  for (const intake of intakes.data) {
    const detail = await api<{ flowdataitems: Item[] }>('GET', `/api/intake/${intake.id}`);
    const item = detail.flowdataitems.find((i) => i.vertical.name === 'Opname zonnepanelen');
    if (item) return { ...intake, item };
  }
  throw new Error('no solar intake in the demo');
}

const storedCount = async (itemId: number) =>
  (await api<Item>('GET', `/api/flowdataitem/${itemId}`)).values.aantal_panelen;

describe('autosave of a form on a phone', () => {
  it('saves a change followed at once by the back link, also across a reload', async () => {
    const intake = await solarIntake();
    await page.goto(`${app.baseUrl}/#/intake_detail/${intake.id}`);
    const form = page.getByRole('region', { name: 'Opname zonnepanelen' });
    const count = form.getByLabel('Aantal panelen', { exact: true });
    await count.waitFor();
    // Leaving while a save is under way asks first; the user goes anyway.
    page.on('dialog', (dialog) => void dialog.accept());

    await count.fill('21');
    await page.getByRole('link', { name: '← Opnames' }).tap();
    await page.waitForURL(/#\/intake_overview/);
    await page.reload();
    await page.getByRole('heading', { name: 'Opnames', level: 1 }).waitFor();
    await expect.poll(() => storedCount(intake.item.id), { timeout: 10_000 }).toBe('21');

    await page.goto(`${app.baseUrl}/#/intake_detail/${intake.id}`);
    await expect.poll(() => count.inputValue()).toBe('21');
  });

  it('shows "Niet opgeslagen" for a dropped save, keeps it across a reload and saves it on retry', async () => {
    const intake = await solarIntake();
    let isFailing = true;
    let failed = 0;
    await page.route('**/api/flowdataitem/*', async (route) => {
      if (route.request().method() === 'PATCH' && isFailing) {
        failed += 1;
        await route.abort('internetdisconnected');
      } else await route.continue();
    });
    await page.goto(`${app.baseUrl}/#/intake_detail/${intake.id}`);
    const form = page.getByRole('region', { name: 'Opname zonnepanelen' });
    const count = form.getByLabel('Aantal panelen', { exact: true });
    await count.waitFor();
    const status = form.getByRole('status');
    const retry = form.getByRole('button', { name: 'Opnieuw proberen' });

    await count.fill('22');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Niet opgeslagen: /);
    await retry.waitFor();
    expect(failed).toBeGreaterThan(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    const box = await status.boundingBox();
    const retryBox = await retry.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(retryBox!.x + retryBox!.width).toBeLessThanOrEqual(390);
    await status.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/autosave-not-saved-phone.png` });

    isFailing = false;
    await retry.tap();
    await expect.poll(() => status.textContent()).toBe('Opgeslagen');
    expect(await storedCount(intake.item.id)).toBe('22');

    // Failing again, the page reloaded: the typed value comes back from the browser and is saved.
    isFailing = true;
    await count.fill('23');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Niet opgeslagen: /);
    isFailing = false;
    await page.reload();
    await count.waitFor();
    expect(await count.inputValue()).toBe('23');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Opgeslagen');
    expect(await storedCount(intake.item.id)).toBe('23');
    await page.unroute('**/api/flowdataitem/*');
  });

  it('saves a calculation line typed into and left with Escape at once (no blur)', async () => {
    const flows = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=-created_at',
    );
    await page.goto(`${app.baseUrl}/#/flow_detail/${flows.data[0]!.id}`);
    const section = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Calculaties' }),
    });
    await section.getByRole('button', { name: 'Nieuwe calculatie' }).tap();
    await page.getByRole('menuitem', { name: 'Leeg beginnen' }).tap();
    const dialog = page.getByRole('dialog', { name: /^Calculatie \d+/ });
    await dialog.waitFor();
    const calculationId = Number(
      (await dialog.getByRole('heading').first().textContent())?.match(/\d+/)?.[0],
    );
    await dialog.getByRole('button', { name: 'Handmatige regel' }).tap();
    const line = dialog.locator('[data-testid^="calculation-line-"]').first();
    await line.waitFor();
    const name = line.getByLabel('Omschrijving', { exact: true });
    await name.fill('Dakdoorvoer afkitten');
    await name.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (
            await api<{ calculationitems: { item_name: string }[] }>(
              'GET',
              `/api/calculation/${calculationId}`,
            )
          ).calculationitems.map((i) => i.item_name),
        { timeout: 10_000 },
      )
      .toEqual(['Dakdoorvoer afkitten']);
  });

  it('warns before the tab closes only while a change is not saved', async () => {
    const intake = await solarIntake();
    await page.goto(`${app.baseUrl}/#/intake_detail/${intake.id}`);
    const form = page.getByRole('region', { name: 'Opname zonnepanelen' });
    const count = form.getByLabel('Aantal panelen', { exact: true });
    await count.waitFor();
    const dialogs: string[] = [];
    page.removeAllListeners('dialog');
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });

    await count.fill('24');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await expect.poll(() => form.getByRole('status').textContent(), { timeout: 10_000 }).toBe('Opgeslagen');
    expect(await storedCount(intake.item.id)).toBe('24');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(dialogs).toEqual(['beforeunload']);
  });
});
