import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// One search over a case file (issue 48, decision 055), on a phone: a word of a customer's message and a
// stemmed word of an intake's remarks each find their flow from the top bar and open the right place.

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
const shot = (name: string) => takeShot(page, name);

async function openSearch(words: string) {
  await page.getByRole('button', { name: 'Snel zoeken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snel zoeken' });
  await dialog.getByLabel('Snel zoeken').fill(words);
  return dialog;
}

describe('search on a phone', () => {
  it('finds a customer message by a word of it and opens it in the flow’s communicator', async () => {
    const flows = await api<{ data: { id: number; number: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=-created_at',
    );
    const flow = flows.data[0]!;
    const { hash } = await api<{ hash: string }>('GET', `/api/flow/${flow.id}`);
    // The customer writes through the dossier link (no login).
    const said = await page.evaluate(
      async (h) =>
        (
          await fetch(`/api/message/${h}/savebycustomer`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ content: 'Kunnen de zonnepanelen ook op het dak van de carport?' }),
          })
        ).status,
      hash,
    );
    expect(said).toBe(201);

    const dialog = await openSearch('carport zonnepaneel');
    const hit = dialog.getByRole('option', { name: /Bericht van de klant/ });
    await hit.waitFor();
    await expect(hit.locator('mark').allTextContents()).resolves.toEqual(['zonnepanelen', 'carport']);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('search-phone-topbar');
    await hit.click();
    await page.waitForURL(new RegExp(`#/flow_detail/${flow.id}\\?options=flowcommunicator$`));
    await page.getByText('Kunnen de zonnepanelen ook op het dak van de carport?').first().waitFor();
  });

  it('finds the intake by a stemmed word of its remarks (golfplaat → golfplaten) and opens the form', async () => {
    const dialog = await openSearch('golfplaat');
    const hit = dialog.getByRole('option', { name: /Opname zonnepanelen/ });
    await hit.waitFor();
    await expect(hit.locator('mark').allTextContents()).resolves.toEqual(['golfplaten']);
    await hit.click();
    await page.waitForURL(/#\/intake_detail\/\d+\?formId=\d+$/);
    await page.getByText('asbesthoudende golfplaten', { exact: false }).first().waitFor();
  });

  it('shows every kind on the results screen, fits the phone and has no serious accessibility violations', async () => {
    const dialog = await openSearch('zonnepanelen');
    await dialog.getByRole('option', { name: 'Alle resultaten voor ‘zonnepanelen’' }).click();
    await page.waitForURL(/#\/search\?query=zonnepanelen$/);
    await page.getByRole('heading', { name: 'Resultaten voor ‘zonnepanelen’' }).waitFor();
    await page.getByRole('region', { name: 'Berichten' }).waitFor();
    await page.getByRole('region', { name: 'Formulieren' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('search-phone-results');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Choosing one kind lists that kind alone.
    await page
      .locator('label')
      .filter({ hasText: /^Berichten$/ })
      .click();
    await page.waitForURL(/#\/search\?query=zonnepanelen&kind=message$/);
    // The other kinds go (waited for: the previous answer is on screen until the new one arrives).
    await page.getByRole('region', { name: 'Formulieren' }).waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Berichten' }).waitFor();
  });

  it('at a desk: the top bar lists the best hits per kind below the box, Enter opens every result', async () => {
    const desk = await app.newPage();
    await login(desk, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await desk.waitForURL(/#\/dashboard/);
    const box = desk.getByLabel('Snel zoeken');
    await box.fill('warmtepomp');
    await desk.getByRole('listbox').getByText('Dossiers', { exact: true }).waitFor();
    await takeShot(desk, 'search-desk-topbar');
    await box.press('Enter');
    await desk.waitForURL(/#\/search\?query=warmtepomp$/);
    await desk.getByRole('region', { name: 'Dossiers' }).waitFor();
    await takeShot(desk, 'search-desk-results');
  });
});
