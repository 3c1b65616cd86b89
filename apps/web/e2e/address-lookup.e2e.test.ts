// Postcode and house number fill street and city on a new relation, on a phone (decision 036). The
// server's GEOCODER_URL points at a local stand-in for the PDOK Locatieserver.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';
import { type PdokFake, startPdokFake } from './pdok-fake';

let pdok: PdokFake;
let app: E2eApp;
let page: Page;

beforeAll(async () => {
  pdok = await startPdokFake([
    { postcode: '8011AB', number: 12, street: 'Dorpsstraat', city: 'Zwolle', point: 'POINT(6.0936 52.5123)' },
  ]);
  app = await startApp({ env: pdok.env });
  page = await app.newPage({ width: 390, height: 844, touch: true });
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await pdok?.close();
});

describe('address lookup on a phone', () => {
  it('fills street and city from postcode and house number on a new relation', async () => {
    await page.goto(`${app.baseUrl}/#/relation_overview`);
    await page.getByRole('button', { name: 'Nieuwe relatie' }).tap();
    const modal = page.getByRole('dialog', { name: 'Nieuwe relatie' });
    await modal.getByLabel('Volledige naam').fill('Anna Postma');
    // Postcode comes before street and city in the form.
    const postcodeBox = (await modal.getByLabel('Postcode').boundingBox())!;
    const streetBox = (await modal.getByLabel('Straat').boundingBox())!;
    expect(postcodeBox.y).toBeLessThan(streetBox.y);

    await modal.getByLabel('Postcode').fill('8011ab');
    await modal.getByLabel('Huisnummer').fill('12');
    await expect.poll(() => modal.getByLabel('Straat').inputValue(), { timeout: 10_000 }).toBe('Dorpsstraat');
    expect(await modal.getByLabel('Plaats').inputValue()).toBe('Zwolle');
    await modal.getByText('Straat en plaats ingevuld bij deze postcode en dit huisnummer.').waitFor();
    expect(pdok.asked.at(-1)).toContain('postcode:8011AB');
    expect(await sidewaysOverflow(page)).toBe(0);
    await modal.getByLabel('Straat').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/address-lookup-390.png` });

    // An address the register does not know: a note, and street and city stay typeable.
    await modal.getByLabel('Huisnummer').fill('99');
    await modal.getByText(/Geen adres gevonden bij deze postcode/).waitFor();
    await modal.getByLabel('Huisnummer').fill('12');
    await modal.getByText('Straat en plaats ingevuld bij deze postcode en dit huisnummer.').waitFor();

    await modal.getByLabel('Maak direct een dossier aan').uncheck();
    await modal.getByRole('button', { name: 'Opslaan' }).tap();
    const saveAnyway = modal.getByRole('button', { name: 'Toch opslaan' });
    await Promise.race([page.waitForURL(/#\/relation_detail\/\d+/), saveAnyway.waitFor()]);
    if (await saveAnyway.isVisible()) await saveAnyway.tap();
    await page.waitForURL(/#\/relation_detail\/\d+/);
    await page.getByText('Dorpsstraat 12, 8011 AB Zwolle').first().waitFor();
  });
});
