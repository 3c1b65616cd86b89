import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, loginAdmin, loginAs, seriousA11yViolations } from './admin-helpers';
import { DEMO_PASSWORD, type E2eApp, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

// Workflow rules in the browser against the real server: a rule made in the modal, the flow's
// Workflow card after a change sets it off (scheduled rule, why log with conditions, dry run,
// changed time, delete), the trigger admin screens; at a desk and on a phone, with axe.

const SANNE = 'sanne@zonnestroom-noord.nl';
const DIR = `${SCREENSHOT_DIR}/workflow`;
const TAG = 'e2e-workflow';

let app: E2eApp;
let flowId: number;

beforeAll(async () => {
  app = await startApp();
  mkdirSync(DIR, { recursive: true });
  const company = "(select id from company where name = 'Zonnestroom Noord B.V.')";
  const rows = await app.sql<{ id: number }>(
    `select id from flow where company_id = ${company} and deleted_at is null and relation_id is not null order by id limit 1`,
  );
  flowId = Number(rows[0]?.id);
});
afterAll(async () => app?.stop());

/** A select inside `scope`; its options open in a portal on the page. */
async function pick(scope: Locator, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).first().click();
}

async function quiet(page: Page) {
  await expect.poll(() => page.locator('main .mantine-Loader').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForTimeout(300);
}

/** Console errors and uncaught exceptions of a page (map tiles from the internet are not the app's). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.location().url?.startsWith('https://tile.openstreetmap.org/')) return;
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url ?? ''}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('workflow rules', () => {
  it('a rule made in the modal shows in its trigger group, runs on the flow and explains itself there', async () => {
    const page = await loginAs(app, SANNE, DEMO_PASSWORD, /#\/dashboard/);
    const errors = consoleErrors(page);
    await page.goto(`${app.baseUrl}/#/account/company_eventtriggerrules`);
    await page.getByRole('heading', { level: 1, name: 'Workflowregels' }).waitFor();
    await quiet(page);

    // A delayed note when the tags change, if the flow has tags.
    await page.getByRole('button', { name: 'Nieuwe regel' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nieuwe workflowregel' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Opslaan' }).isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByText('Kies een trigger.').count()).toBeGreaterThan(0);
    await pick(dialog, 'Trigger', 'Tags van het dossier gewijzigd');
    await pick(dialog, 'Actie', 'Notitie aanmaken');
    await dialog.getByRole('textbox', { name: 'Tekst' }).fill('Tags gewijzigd op {{ dossier.nummer }}');
    await dialog
      .getByRole('textbox', { name: 'Omschrijving' })
      .fill('Notitie twee dagen na een tagwijziging');
    await dialog.getByRole('switch', { name: 'Vertraagd uitvoeren' }).check();
    await dialog.getByRole('textbox', { name: 'Aantal' }).fill('2');
    await dialog.getByRole('button', { name: 'Voorwaarde toevoegen' }).click();
    const row = dialog.getByRole('group', { name: 'Voorwaarde 1' });
    await pick(row, 'Veld', 'Tags');
    await pick(row, 'Operator', 'is ingevuld');
    await page.screenshot({ path: `${DIR}/desk-rule-modal.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Workflowregel opgeslagen').waitFor();

    // One that is skipped: its condition does not hold.
    await page.getByRole('button', { name: 'Nieuwe regel' }).click();
    dialog = page.getByRole('dialog', { name: 'Nieuwe workflowregel' });
    await pick(dialog, 'Trigger', 'Tags van het dossier gewijzigd');
    await pick(dialog, 'Actie', 'Uitvoering afronden');
    await dialog.getByRole('button', { name: 'Voorwaarde toevoegen' }).click();
    const second = dialog.getByRole('group', { name: 'Voorwaarde 1' });
    await pick(second, 'Veld', 'Status');
    await pick(second, 'Operator', 'is gelijk aan');
    await pick(second, 'Waarde', 'Afgerond');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Workflowregel opgeslagen').first().waitFor();

    const section = page.getByRole('region', { name: 'Tags van het dossier gewijzigd' });
    await section.getByText('Notitie twee dagen na een tagwijziging').waitFor();
    await section.getByText('2 dagen na').waitFor();
    await section.getByRole('button', { name: 'Uitvoering afronden', exact: true }).waitFor();
    await quiet(page);
    await page.screenshot({ path: `${DIR}/desk-rules.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The change that sets them off.
    const patched = await callApi<{ status: number }>(page, 'PATCH', `/api/flow/${flowId}`, { tags: [TAG] });
    expect(patched.status).toBe(200);
    await page.goto(`${app.baseUrl}/#/flow_detail/${flowId}`);
    const card = page.getByRole('region', { name: 'Workflow' });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText('Geplande regels').waitFor({ timeout: 20_000 });
    await card.getByText('Notitie twee dagen na een tagwijziging').first().waitFor();
    await card.getByText('Overgeslagen').first().waitFor({ timeout: 20_000 });
    await card
      .getByRole('button', { name: /^Voorwaarden/ })
      .first()
      .click();
    await card.getByRole('img', { name: 'Geldt niet' }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${DIR}/desk-flow-card.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Dry run for the trigger.
    await card.getByRole('button', { name: 'Proefdraaien' }).click();
    dialog = page.getByRole('dialog', { name: 'Proefdraaien op dit dossier' });
    await pick(dialog, 'Trigger', 'Tags van het dossier gewijzigd');
    await dialog.getByRole('button', { name: 'Uitvoeren' }).click();
    await dialog.getByText('Zou uitvoeren').first().waitFor();
    await dialog.getByText('Zou niet uitvoeren').first().waitFor();
    await page.screenshot({ path: `${DIR}/desk-dry-run.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sluiten' }).first().click();

    // Change the time, then delete the scheduled rule.
    const menu = card.getByRole('button', { name: /^Acties voor geplande regel/ }).first();
    await menu.click();
    await page.getByRole('menuitem', { name: 'Tijdstip wijzigen' }).click();
    dialog = page.getByRole('dialog', { name: 'Tijdstip wijzigen' });
    await dialog.getByLabel(/Nieuw tijdstip/).fill('2030-01-02T09:15');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await card.getByText('Gepland op 02-01-2030 09:15').waitFor();
    await menu.click();
    await page.getByRole('menuitem', { name: 'Verwijderen' }).click();
    await page
      .getByRole('dialog', { name: 'Geplande regel verwijderen' })
      .getByRole('button', { name: 'Verwijderen' })
      .click();
    await card.getByText('Geplande regels').waitFor({ state: 'detached', timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('fits a phone: rules as cards, the modal as a sheet, the flow card', async () => {
    const page = await app.newPage({ width: 390, height: 844, touch: true });
    const errors = consoleErrors(page);
    await page.goto(`${app.baseUrl}/#/login`);
    await page.getByLabel('E-mailadres').fill(SANNE);
    await page.getByLabel(/^Wachtwoord/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
    await page.goto(`${app.baseUrl}/#/account/company_eventtriggerrules`);
    await page.getByText('Notitie twee dagen na een tagwijziging').waitFor();
    await quiet(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `${DIR}/phone-rules.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Notitie twee dagen na een tagwijziging', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Workflowregel bewerken' });
    await dialog.getByRole('switch', { name: 'Vertraagd uitvoeren' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Aantal' }).inputValue()).toBe('2');
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width).toBe(390);
    await page.waitForTimeout(400); // the sheet's fade-in
    await page.screenshot({ path: `${DIR}/phone-rule-modal.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuleren' }).tap();

    await page.goto(`${app.baseUrl}/#/flow_detail/${flowId}`);
    const card = page.getByRole('region', { name: 'Workflow' });
    await card.getByText('Overgeslagen').first().waitFor({ timeout: 20_000 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${DIR}/phone-flow-card.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('the platform administrator edits a trigger; the tag stays', async () => {
    const page = await loginAdmin(app);
    await page.getByRole('link', { name: 'Triggers' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Triggers' }).waitFor();
    await page.getByText('quotation_sent', { exact: true }).waitFor();
    await page.screenshot({ path: `${DIR}/desk-admin-triggers.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByText('quotation_sent', { exact: true }).click();
    await page.waitForURL(/#\/eventtrigger_detail\/\d+/, { waitUntil: 'commit' });
    const description = page.getByRole('textbox', { name: 'Omschrijving' });
    await expect.poll(() => description.inputValue()).toBe('Offerte verstuurd');
    expect(await page.getByRole('textbox', { name: 'Tag' }).getAttribute('readonly')).not.toBeNull();
    await description.fill('Offerte naar de klant verstuurd');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Trigger opgeslagen').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Offerte naar de klant verstuurd' }).waitFor();
    await page.screenshot({ path: `${DIR}/desk-admin-trigger-detail.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
