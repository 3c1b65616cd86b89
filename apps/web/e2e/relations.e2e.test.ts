import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, startApp } from './harness';

let app: E2eApp;
let page: Page;
let relationPath = '';
const NAME = 'Pieter van der Zon';

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => app?.stop());

// Dialogs cover the viewport only: those screenshots are not full-page. Tables settle first, and the
// toasts of earlier steps are hidden so they do not cover the screen.
async function shot(name: string, fullPage = true) {
  await page.waitForFunction(() => !document.querySelector('.mantine-datatable-loader-fetching'));
  await page.waitForTimeout(400); // the table's loader fades out
  // A full-page capture of a scrolled page would draw the fixed top bar halfway down.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const hideToasts = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none; }' });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
  await hideToasts.evaluate((style) => (style as Element).remove());
}
const dialog = (name: string) => page.getByRole('dialog', { name });

async function confirmDialog(title: string, button: string) {
  const confirm = dialog(title);
  await confirm.getByText('Dit item verwijderen?').waitFor();
  await confirm.getByRole('button', { name: button }).click();
}

describe('relations through the served app', () => {
  it('creates a relation with its flow from the overview, and opens its detail', async () => {
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Relaties' }).click();
    await page.waitForURL(/#\/relation_overview/);
    await page.getByRole('heading', { name: 'Relaties' }).waitFor();
    await page.getByText(/^1–25 van \d+$/).waitFor();
    await shot('relation-overview');

    await page.getByRole('button', { name: 'Nieuwe relatie' }).click();
    const modal = dialog('Nieuwe relatie');
    await modal.getByLabel('Volledige naam').fill(NAME);
    expect(await modal.getByLabel('Tussenvoegsel').inputValue()).toBe('van der');
    expect(await modal.getByLabel(/^Achternaam/).inputValue()).toBe('Zon');
    await modal.getByLabel('E-mailadres').fill('pieter@vanderzon.nl');
    await modal.getByLabel('Straat').fill('Dorpsstraat');
    await modal.getByLabel('Huisnummer').fill('12');
    await modal.getByLabel('Postcode').fill('8011 AB');
    await modal.getByLabel('Plaats').fill('Zwolle');
    await expect
      .poll(() => modal.getByRole('combobox', { name: 'Aanvraagprofiel' }).inputValue())
      .not.toBe('');
    await modal.getByLabel('Omschrijving dossier').fill('Zonnepanelen en thuisbatterij');
    await shot('relation-create', false);
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    // Possible duplicates only warn: continue when the demo data happens to resemble the new relation.
    const saveAnyway = modal.getByRole('button', { name: 'Toch opslaan' });
    await Promise.race([page.waitForURL(/#\/relation_detail\/\d+/), saveAnyway.waitFor()]);
    if (await saveAnyway.isVisible()) await saveAnyway.click();
    await page.waitForURL(/#\/relation_detail\/\d+/);
    relationPath = new URL(page.url()).hash.slice(1);

    await page.getByRole('heading', { name: NAME }).waitFor();
    const bar = page.getByRole('list', { name: 'Statusbalk van het hoofddossier' });
    await expect.poll(() => bar.locator('[aria-current="step"]').textContent()).toContain('Lead');
    const general = page.getByRole('region', { name: 'algemeen' });
    await general.getByRole('link', { name: 'Zonnepanelen en thuisbatterij' }).waitFor();
    expect(await page.locator('.leaflet-container').isVisible()).toBe(true);
    await page.getByText('Dorpsstraat 12, 8011 AB Zwolle').first().waitFor();
    await shot('relation-detail');
  });

  it('finds the new relation in the overview by searching', async () => {
    await page.goto(`${app.baseUrl}/#/relation_overview`);
    await page.getByRole('textbox', { name: 'Zoeken', exact: true }).fill('van der Zon');
    await page.getByRole('link', { name: NAME }).waitFor();
    await shot('relation-overview-search');
  });

  it('adds a second flow with "Nieuw dossier" and a location', async () => {
    await page.goto(`${app.baseUrl}/#${relationPath}`);
    await page.getByRole('button', { name: 'Nieuw dossier' }).click();
    const modal = dialog('Nieuw dossier');
    await modal.getByLabel('Omschrijving').fill('Laadpaal');
    await modal.getByRole('button', { name: 'Aanmaken' }).click();
    await page.getByRole('region', { name: 'algemeen' }).getByRole('link', { name: 'Laadpaal' }).waitFor();

    await page.getByRole('button', { name: 'Nieuwe locatie' }).click();
    const location = dialog('Nieuwe locatie');
    await location.getByLabel('Omschrijving').fill('Vakantiehuis');
    await location.getByRole('button', { name: 'Locatietypes beheren' }).click();
    const types = dialog('Locatietypes');
    await types.getByLabel('Nieuw locatietype').fill('Tweede woning');
    await types.getByRole('button', { name: 'Toevoegen' }).click();
    await types.getByText('Tweede woning').waitFor();
    await shot('location-types', false);
    await types
      .getByRole('button', { name: 'Close' })
      .or(types.locator('.mantine-Modal-close'))
      .first()
      .click();
    await location.getByRole('combobox', { name: 'Locatietype' }).click();
    await page.getByRole('option', { name: 'Tweede woning' }).click();
    await location.getByLabel('Straat').fill('Strandweg');
    await location.getByLabel('Huisnummer').fill('3');
    await location.getByLabel('Postcode').fill('8251 AA');
    await location.getByLabel('Plaats').fill('Dronten');
    await shot('location-modal', false);
    await location.getByRole('button', { name: 'Opslaan' }).click();
    await page
      .getByRole('row', { name: /Vakantiehuis Tweede woning Strandweg 3, 8251 AA Dronten/ })
      .waitFor();
    await shot('relation-detail-flows');
  });

  it('trashes the relation after confirmation and restores it from the trash', async () => {
    await page.goto(`${app.baseUrl}/#${relationPath}`);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await confirmDialog('Relatie verwijderen', 'Verwijderen');
    await page.waitForURL(/#\/relation_overview/);

    await page.getByRole('link', { name: 'Prullenbak' }).click();
    await page.waitForURL(/#\/relation_trashcan/);
    await page.getByRole('heading', { name: 'Prullenbak relaties' }).waitFor();
    await page.getByRole('cell', { name: NAME, exact: true }).waitFor();
    await shot('relation-trashcan');
    await page.getByRole('button', { name: `Terugzetten: ${NAME}` }).click();
    await page.getByRole('cell', { name: NAME, exact: true }).waitFor({ state: 'detached' });

    await page.goto(`${app.baseUrl}/#${relationPath}`);
    await page.getByRole('heading', { name: NAME }).waitFor();
  });

  it('bulk deletes the relation with the progress dialog reaching 100', async () => {
    await page.goto(`${app.baseUrl}/#/relation_bulkdelete`);
    await page.getByText('Geen verstuurde facturen').waitFor();
    await page.getByRole('combobox', { name: 'Criterium toevoegen' }).click();
    await page.getByRole('option', { name: 'Omschrijving dossier bevat', exact: true }).click();
    await page.getByLabel('Omschrijving dossier bevat: Tekst').fill('thuisbatterij');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.getByRole('checkbox', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Niets selecteren' }).isDisabled();
    await page.getByRole('checkbox', { name: NAME }).check();
    await page.getByText('Geselecteerd: 1').waitFor();
    await page.getByText('Gevonden relaties:').scrollIntoViewIfNeeded();
    await shot('relation-bulkdelete', false);
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await dialog('Relaties verwijderen').getByRole('button', { name: 'Verwijderen', exact: true }).click();

    const progress = dialog('Relaties verwijderen').getByRole('progressbar');
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe('100');
    await page.getByText('Klaar.').waitFor();
    await shot('relation-bulkdelete-progress', false);
    await dialog('Relaties verwijderen').getByRole('button', { name: 'Sluiten' }).click();

    await page.goto(`${app.baseUrl}/#/relation_trashcan`);
    await page.getByRole('cell', { name: NAME, exact: true }).waitFor();
  });

  it('shows the empty-trash screen with the count, and empties the trash', async () => {
    await page.goto(`${app.baseUrl}/#/relation_emptytrash`);
    await page.getByText(/Relaties in de prullenbak: [1-9]/).waitFor();
    await shot('relation-emptytrash');
    await page.getByRole('button', { name: 'Prullenbak legen' }).click();
    await dialog('Prullenbak legen').getByRole('button', { name: 'Prullenbak legen' }).click();
    await page.getByText('Klaar.').waitFor({ timeout: 20_000 });
    await dialog('Prullenbak legen').getByRole('button', { name: 'Sluiten' }).click();
    await page.getByText('Relaties in de prullenbak: 0').waitFor();
  });

  it('shows a breaking error for a relation that cannot be loaded', async () => {
    await page.goto(`${app.baseUrl}/#${relationPath}`);
    await page.getByText('De relatie kon niet worden geladen').waitFor();
    await shot('relation-detail-error');
  });

  it('shows a demo relation on the map with its files, and an organization with coordinates', async () => {
    await page.goto(`${app.baseUrl}/#/relation_overview`);
    // The overview kept the earlier search (saved table state): clear it.
    await page.getByRole('textbox', { name: 'Zoeken', exact: true }).fill('');
    await page.getByText(/^1–25 van \d+$/).waitFor();
    await page.locator('tbody a').first().click();
    await page.waitForURL(/#\/relation_detail\/\d+/);
    const relationId = Number(new URL(page.url()).hash.split('/').pop());
    // An assist file on the relation (uploaded through the API) shows in the files list.
    await page.evaluate(async (id) => {
      const body = new FormData();
      body.append('relation_id', String(id));
      body.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'offerte-schets.pdf');
      const token = localStorage.getItem('im.token');
      await fetch('/api/assistfile', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
    }, relationId);
    await page.reload();
    await page.locator('.leaflet-container .leaflet-interactive').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'offerte-schets.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('offerte-schets.pdf');
    await shot('relation-detail-map');

    await page.goto(`${app.baseUrl}/#/organization_overview`);
    await page.getByText(/^1–\d+ van \d+$/).waitFor();
    await page.locator('tbody a').first().click();
    await page.waitForURL(/#\/organization_detail\/\d+/);
    await page.locator('.leaflet-container .leaflet-interactive').first().waitFor();
    await shot('organization-detail-map');
  });

  it('creates an organization with a contact person and opens its detail', async () => {
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Organisaties' })
      .click();
    await page.waitForURL(/#\/organization_overview/);
    await page.getByRole('heading', { name: 'Organisaties' }).waitFor();
    await page.getByText(/^1–\d+ van \d+$/).waitFor();
    await shot('organization-overview');
    await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
    const modal = dialog('Nieuwe organisatie');
    await modal.getByLabel(/^Naam/).fill('Klimaatwerk Zwolle BV');
    await modal.getByLabel('Volledige naam contactpersoon').fill('Kees de Klaassen');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/#\/organization_detail\/\d+/);
    await page.getByRole('heading', { name: 'Klimaatwerk Zwolle BV' }).waitFor();
    await page.getByRole('link', { name: 'Kees de Klaassen' }).first().waitFor();

    await page.getByRole('button', { name: 'Contactpersoon wijzigen' }).click();
    const contact = dialog('Contactpersoon wijzigen');
    await contact.getByLabel(/^Contactpersoon/).fill('Kees');
    await page
      .getByRole('option', { name: /Kees de Klaassen/ })
      .first()
      .waitFor();
    await shot('organization-contactperson', false);
    await page
      .getByRole('option', { name: /Kees de Klaassen/ })
      .first()
      .click();
    await contact.getByRole('button', { name: 'Opslaan' }).click();
    await contact.waitFor({ state: 'hidden' });
    await shot('organization-detail');
  });
});
