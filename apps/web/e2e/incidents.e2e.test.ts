import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Incidents through the served app, as Sanne (demo company with the types 'Storing' and 'Klacht').

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

const TEXT = 'Omvormer geeft foutcode 12 na onweer';

describe('incidents', () => {
  it('creates an incident on a flow, resolves it and reopens it, each after the prompt', async () => {
    const flows = await api<{ data: { id: number }[] }>(
      'GET',
      '/api/flow/querypaginated?limit=1&sort=-created_at',
    );
    const flowId = flows.data[0]!.id;
    await go(`/flow_detail/${flowId}`);
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Incidenten', exact: true }),
    });
    await card.getByRole('button', { name: 'Nieuw incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw incident' });
    // Type and content are required: nothing is sent without them.
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('Beschrijf het incident.').waitFor();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Storing' }).click();
    await dialog.getByLabel('Omschrijving').fill(TEXT);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/incident') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    expect((await created).status()).toBe(201);
    await card.getByText(TEXT).waitFor();
    await shot('flow-incidents');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const row = card.locator('div.mantine-Group-root', { hasText: TEXT }).last();
    const menu = card.getByRole('button', { name: `Acties voor incident: ${TEXT}` });

    // Resolve: asks first; cancelling changes nothing.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Oplossen' }).click();
    let prompt = page.getByRole('dialog', { name: 'Oplossen' });
    await prompt.getByText('Dit incident als opgelost markeren?').waitFor();
    await prompt.getByRole('button', { name: 'Annuleren' }).click();
    await prompt.waitFor({ state: 'detached' });
    await row.getByText('Open', { exact: true }).waitFor();

    await menu.click();
    await page.getByRole('menuitem', { name: 'Oplossen' }).click();
    prompt = page.getByRole('dialog', { name: 'Oplossen' });
    const resolved = page.waitForResponse(
      (r) => r.url().endsWith('/resolve') && r.request().method() === 'POST',
    );
    await prompt.getByRole('button', { name: 'Oplossen' }).click();
    expect((await resolved).status()).toBe(200);
    await row.getByText('Opgelost', { exact: true }).waitFor();

    // Reopen: back to ongoing ('In behandeling').
    await menu.click();
    await page.getByRole('menuitem', { name: 'Heropenen' }).click();
    prompt = page.getByRole('dialog', { name: 'Heropenen' });
    await prompt.getByText('Dit incident heropenen?').waitFor();
    const reopened = page.waitForResponse(
      (r) => r.url().endsWith('/reopen') && r.request().method() === 'POST',
    );
    await prompt.getByRole('button', { name: 'Heropenen' }).click();
    expect((await reopened).status()).toBe(200);
    await row.getByText('In behandeling', { exact: true }).waitFor();
    await shot('flow-incident-reopened');

    // The helper spreads the answer into an object: a list arrives keyed by index, next to `status`.
    const answer = await api<Record<string, { content: string; status: string; resolved_at: string | null }>>(
      'GET',
      `/api/incident?flow_id=${flowId}`,
    );
    const mine = Object.values(answer).find((i) => typeof i === 'object' && i.content === TEXT);
    expect(mine).toMatchObject({ status: 'ongoing', resolved_at: null });
  });

  it('lists incidents in the overview, usable at 390 px wide', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await go('/incident_overview');
    await page.getByRole('heading', { name: 'Incidenten', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Alle' }).click();
    await page.getByText(TEXT).first().waitFor();
    // Demo incidents in all three statuses, one card each on a phone; the page never scrolls sideways.
    for (const label of ['Open', 'In behandeling', 'Opgelost'])
      await page.getByTestId('record-card').getByText(label, { exact: true }).first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('incident-overview-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('manages incident types in the document settings', async () => {
    await go('/account/company_documentsettings');
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Incidenttypes' }),
    });
    await card.getByText('Storing', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Nieuw incidenttype' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nieuw incidenttype' });
    await dialog.getByLabel('Naam').fill('Lekkage');
    // Empty is refused with the domain's text (the field itself keeps numbers within 0..120).
    await dialog.getByLabel('Zichtbaar voor de klant (maanden)').fill('');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('Kies een aantal maanden van 0 tot en met 120.').waitFor();
    await dialog.getByLabel('Zichtbaar voor de klant (maanden)').fill('3');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await card.getByText('Lekkage', { exact: true }).waitFor();
    await card.getByText('3 maanden zichtbaar · 0 incidenten').waitFor();

    await card.getByRole('button', { name: 'Bewerken: Lekkage' }).click();
    dialog = page.getByRole('dialog', { name: 'Incidenttype bewerken' });
    await dialog.getByLabel('Naam').fill('Lekkage dak');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await card.getByText('Lekkage dak', { exact: true }).waitFor();
    await shot('incident-types');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Verwijderen: Lekkage dak' }).click();
    const prompt = page.getByRole('dialog', { name: 'Incidenttype verwijderen' });
    await prompt.getByText('Dit item verwijderen?').waitFor();
    await prompt.getByRole('button', { name: 'Verwijderen' }).click();
    await card.getByText('Lekkage dak', { exact: true }).waitFor({ state: 'detached' });
  });
});
