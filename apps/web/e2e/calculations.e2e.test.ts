import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// Products and calculations through the served app, as Sanne (demo company with its catalogue).

let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => app?.stop());

const go = async (hash: string) => page.goto(`${app.baseUrl}/#${hash}`);
const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);
const shot = (name: string) => takeShot(page, name);
const euro = (n: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(n);

/** Types into a field of a line and leaves it, which saves it; waits for the server's answer. */
async function editField(line: ReturnType<Page['getByTestId']>, label: string, value: string) {
  const field = line.getByLabel(label, { exact: true });
  await field.fill(value);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/calculationitem/') && r.request().method() === 'PATCH',
  );
  await field.press('Enter');
  expect((await saved).status()).toBe(200);
}

describe('products and calculations', () => {
  it('creates a product that starts with two empty price rows and derives the inc rate', async () => {
    await go('/product_overview');
    await page.getByRole('heading', { name: 'Producten' }).waitFor();
    await page.getByText('Zonnepaneel 410 Wp full black').waitFor();
    await shot('product-overview');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Nieuw product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw product' });
    await dialog.getByLabel('Productnaam').fill('Vogelwering per meter');
    // The description follows the name while untouched.
    expect(await dialog.getByLabel('Omschrijving', { exact: true }).inputValue()).toBe(
      'Vogelwering per meter',
    );
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/#\/product_detail\/\d+/);
    const rates = page.getByLabel('Prijs excl. btw', { exact: true });
    await expect.poll(() => rates.count()).toBe(2);
    await rates.first().fill('12,50');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/producttablerow/') && r.request().method() === 'PATCH',
    );
    await rates.first().blur();
    expect((await saved).status()).toBe(200);
    // 12.50 x 1.21 = 15.125 -> shown with its 4 decimals.
    await page.getByText('€ 15,125').waitFor();
    await shot('product-detail');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('builds a calculation with a tiered product, a manual line, a header and a discount; the totals equal the server’s', async () => {
    const flows = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=-created_at',
    );
    const flowId = flows.data[0]!.id;
    await go(`/flow_detail/${flowId}`);
    const section = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Calculaties' }),
    });
    await section.getByRole('button', { name: 'Nieuwe calculatie' }).click();
    await page.getByRole('menuitem', { name: 'Leeg beginnen' }).click();
    const dialog = page.getByRole('dialog', { name: /^Calculatie \d+/ });
    await dialog.waitFor();
    const calculationId = Number(
      (await dialog.getByRole('heading').first().textContent())?.match(/\d+/)?.[0],
    );

    // A product from the demo catalogue, tiered: 12 panels reach the tier from 10 (165.00).
    await dialog.getByLabel('Product toevoegen').fill('Zonnepaneel 410');
    await page.getByRole('option', { name: /Zonnepaneel 410 Wp full black/ }).click();
    const panel = dialog.locator('[data-testid^="calculation-line-"]').first();
    await panel.waitFor();
    await editField(panel, 'Aantal', '12');
    await expect.poll(() => panel.getByLabel('Prijs excl.', { exact: true }).inputValue()).toBe('165');

    await dialog.getByRole('button', { name: 'Handmatige regel' }).click();
    const manual = dialog.locator('[data-testid^="calculation-line-"]').nth(1);
    await manual.waitFor();
    await editField(manual, 'Omschrijving', 'Meterkast aanpassen');
    await editField(manual, 'Prijs excl.', '250');
    await dialog.getByRole('button', { name: 'Kopregel' }).click();
    await expect.poll(() => dialog.locator('[data-testid^="calculation-line-"]').count()).toBe(3);

    const discount = dialog.getByLabel('Korting over alles');
    await discount.fill('10');
    // The browser engine shows the new total before the server has it.
    await expect.poll(() => dialog.getByTestId('total-inc').textContent()).toBe(euro(2054.25));
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/calculation/${calculationId}`) && r.request().method() === 'PATCH',
    );
    await discount.press('Enter');
    expect((await saved).status()).toBe(200);

    const server = await api<{
      amount_inc_vat: number;
      amount_exc_vat: number;
      amount_vat_21: number;
      amount_discount_exc: number;
    }>('GET', `/api/calculation/${calculationId}`);
    expect(server).toMatchObject({
      amount_exc_vat: 2007,
      amount_vat_21: 47.25,
      amount_inc_vat: 2054.25,
      amount_discount_exc: 223,
    });
    // The editor shows the server's totals once its answer is in (the save and the refetch may still run).
    const shows = (id: string) => () => dialog.getByTestId(id).textContent();
    await expect.poll(shows('total-inc')).toBe(euro(server.amount_inc_vat));
    await expect.poll(shows('total-exc')).toBe(euro(server.amount_exc_vat));
    await expect.poll(shows('total-vat-21')).toBe(euro(server.amount_vat_21));
    await expect.poll(shows('total-discount')).toBe(`− ${euro(server.amount_discount_exc)}`);
    await shot('calculation-detail');
    const inDialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      inDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    // A line switched off stops counting, on screen and on the server.
    await manual.getByLabel('Telt mee').click();
    await expect
      .poll(
        async () =>
          (await api<Json & { amount_inc_vat: number }>('GET', `/api/calculation/${calculationId}`))
            .amount_inc_vat,
      )
      .toBe(1782);
    await expect.poll(() => dialog.getByTestId('total-inc').textContent()).toBe(euro(1782));
  });
});
