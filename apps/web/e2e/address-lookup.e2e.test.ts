// Postcode and house number fill street and city on a new relation, on a phone (decision 036). The
// server's GEOCODER_URL points at a local stand-in for the PDOK Locatieserver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

let pdok: Server;
let app: E2eApp;
let page: Page;
const asked: string[] = [];

beforeAll(async () => {
  pdok = createServer((req, res) => {
    const url = new URL(req.url!, 'http://pdok.test');
    const fq = url.searchParams.getAll('fq');
    asked.push(fq.join(' '));
    const found = fq.includes('postcode:8011AB') && fq.includes('huisnummer:12');
    const docs = found
      ? [
          {
            type: 'adres',
            straatnaam: 'Dorpsstraat',
            woonplaatsnaam: 'Zwolle',
            postcode: '8011AB',
            huisnummer: 12,
            centroide_ll: 'POINT(6.0936 52.5123)',
          },
        ]
      : [];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ response: { numFound: docs.length, start: 0, docs } }));
  });
  await new Promise<void>((resolve) => pdok.listen(0, '127.0.0.1', resolve));
  const port = (pdok.address() as AddressInfo).port;
  app = await startApp({
    env: { GEOCODER: 'pdok', GEOCODER_URL: `http://127.0.0.1:${port}/bzk/locatieserver/search/v3_1/free` },
  });
  page = await app.newPage({ width: 390, height: 844, touch: true });
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => pdok?.close(() => resolve()));
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
    expect(asked.at(-1)).toContain('postcode:8011AB');
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
