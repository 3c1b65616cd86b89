import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from './admin-helpers';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

// The demo's partner project of 40 homes (decision 062): the manager starts the project phase for all 40 in
// bulk and watches the progress, combines them into one invoice on the main flow, and a partner user of the
// housing corporation sees that project's flows only, read-only; at a phone's 390 px too.

let app: E2eApp;
let page: Page;
const LABEL = 'Isolatie Selwerd – 40 woningen';
let projectId: number;

beforeAll(async () => {
  app = await startApp();
  const [row] = await app.sql<{ id: number }>('select id from partner_project where label = $1', [LABEL]);
  if (!row) throw new Error('no demo partner project');
  projectId = row.id;
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
}, 240_000);
afterAll(async () => app?.stop());

async function shot(p: Page, name: string) {
  await p.waitForTimeout(300);
  await p.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The settings dialog scrolled to its model flows (one typeahead per house type), as the viewport shows it. */
async function settingsShot(p: Page, name: string) {
  await p.getByRole('button', { name: 'Bewerken' }).click();
  const settings = p.getByRole('dialog', { name: 'Project bewerken' });
  const models = settings.getByText('Typemodellen', { exact: true });
  await models.waitFor();
  await settings.getByRole('textbox', { name: 'rijwoning', exact: true }).waitFor();
  await models.scrollIntoViewIfNeeded();
  expect(await sidewaysOverflow(p)).toBe(0);
  await p.waitForTimeout(300);
  await p.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
  await settings.getByRole('button', { name: 'Annuleren' }).click();
  await settings.waitFor({ state: 'hidden' });
}

async function selectAll(p: Page) {
  await p.getByLabel('Selecteer deze pagina').check();
  await p.getByRole('button', { name: 'Alle 40 gevonden dossiers selecteren' }).click();
  await p.getByText('40 geselecteerd').waitFor();
}

async function runBulk(p: Page, action: string, shotName?: string) {
  await p.getByRole('button', { name: 'Acties' }).click();
  await p.getByRole('menuitem', { name: action }).click();
  const dialog = p.getByRole('dialog', { name: action });
  await dialog.getByText(`${action} voor 40 dossiers?`).waitFor();
  if (shotName) await shot(p, shotName);
  await dialog.getByRole('button', { name: 'Starten' }).click();
  const progress = p.getByRole('dialog', { name: action });
  const seen = new Set<string>();
  // Polled every second: the dialog reads 'Bezig… n%' until the batch is done.
  for (let i = 0; i < 120; i++) {
    const text =
      (await progress
        .getByRole('status')
        .textContent()
        .catch(() => '')) ?? '';
    seen.add(text);
    if (text === 'Klaar.') break;
    await p.waitForTimeout(250);
  }
  expect([...seen]).toContain('Klaar.');
  await progress.getByRole('button', { name: 'Sluiten' }).click();
  return seen;
}

describe('partner project cockpit end to end', () => {
  it('starts the project phase for 40 flows in bulk and combines them into one invoice', async () => {
    await page.goto(`${app.baseUrl}/#/partner_overview`);
    await page.getByRole('link', { name: 'Woonstichting Groninger Huis' }).click();
    await page.getByRole('link', { name: LABEL }).click();
    await page.waitForURL(new RegExp(`#/partnerproject_detail/${projectId}`));
    await page.getByRole('heading', { name: LABEL }).waitFor();
    await page.getByLabel('Project starten: huidig').waitFor();
    await page.getByText('Dossiers (40)').waitFor();
    await shot(page, 'partnerproject-cockpit');

    await selectAll(page);
    const seen = await runBulk(page, 'Projectfase starten');
    expect([...seen].some((s) => /^Bezig… \d+%$/.test(s) || s === 'Klaar.')).toBe(true);
    const statuses = await app.sql<{ flow_status: string; n: number }>(
      `select flow_status, count(*)::int as n from flow where partner_project_id = $1
         and id <> (select mainflow_id from partner_project where id = $1) group by flow_status order by 1`,
      [projectId],
    );
    expect(Object.fromEntries(statuses.map((s) => [s.flow_status, s.n]))).toEqual({
      project: 25,
      invoice: 5,
      aftercare: 5,
      completed: 5,
    });
    await page.getByText('Uitvoering 25').waitFor();

    // The demo project invoices finished flows (invoice method) once 25 % of them are finished (threshold),
    // with a header per house type (calculation method; decision 066).
    await page.getByText('37,5% van de dossiers afgerond (drempel 25%)').waitFor();
    await selectAll(page);
    await runBulk(page, 'Combineren tot één factuur', 'partnerproject-combine-invoice');
    await page.getByRole('link', { name: 'Document op het hoofddossier openen' }).click();
    await page.waitForURL(/#\/invoice_detail\/\d+/);
    const invoiceId = Number(page.url().split('/').pop());
    const [invoice] = await app.sql<{ flow_id: number; headers: number; amount: string }>(
      `select d.flow_id, (select count(*)::int from calculation_item i where i.calculation_id = d.calculation_id
           and i.item_type = 'header') as headers, c.amount_exc_vat::text as amount
         from sales_document d join calculation c on c.id = d.calculation_id where d.id = $1`,
      [invoiceId],
    );
    const [project] = await app.sql<{ mainflow_id: number; types: number }>(
      `select p.mainflow_id, (select count(distinct f.type)::int from flow f where f.partner_project_id = p.id
           and f.id <> p.mainflow_id and f.flow_status in ('invoice', 'aftercare', 'completed')) as types
         from partner_project p where p.id = $1`,
      [projectId],
    );
    expect(invoice!.flow_id).toBe(project!.mainflow_id);
    expect(invoice!.headers).toBe(project!.types);
    expect(Number(invoice!.amount)).toBeGreaterThan(15 * 1000);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot(page, 'partnerproject-invoice');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/#/partnerproject_detail/${projectId}`);
    await page.getByRole('heading', { name: LABEL }).waitFor();
    await page.getByText('Dossiers (40)').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'partnerproject-cockpit-phone');
    await settingsShot(page, 'partnerproject-settings-phone');
    await page.goto(`${app.baseUrl}/#/partnerproject_logitems/${projectId}`);
    await page.getByText(/Projectfase starten: 40 van 40 dossiers verwerkt/).waitFor();
    await page.getByText(/Dossiers combineren: 15 van 40 dossiers verwerkt; 25 overgeslagen/).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'partnerproject-logitems-phone');
  });

  it('finds model flows by typing; pipeline cards name their partner (desk and phone)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.baseUrl}/#/partnerproject_detail/${projectId}`);
    await page.getByRole('heading', { name: LABEL }).waitFor();
    await page.getByRole('button', { name: 'Bewerken' }).click();
    const settings = page.getByRole('dialog', { name: 'Project bewerken' });
    // A model flow is any of the project's flows, found on the server by number, customer or address.
    const hoek = settings.getByRole('textbox', { name: 'hoekwoning', exact: true });
    await hoek.fill('');
    await hoek.fill('Selwerderdwarsstraat 40');
    await page.getByRole('option', { name: /Isolatie Selwerderdwarsstraat 40/ }).waitFor();
    await page.keyboard.press('Escape');
    await settings.getByRole('button', { name: 'Annuleren' }).click();
    await settingsShot(page, 'partnerproject-settings-desk');

    for (const [width, name] of [
      [1280, 'desk'],
      [390, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${app.baseUrl}/#/pipeline`);
      await page.getByText('Energie Noord Levering').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pipeline-partner-${name}.png` });
    }
    // The copy source by typing, and the combine dialog, at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/#/partnerproject_detail/${projectId}`);
    await page.getByRole('heading', { name: LABEL }).waitFor();
    await page
      .getByRole('checkbox', { name: /^Dossier \d+$/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Acties' }).click();
    await page.getByRole('menuitem', { name: 'Documenten kopiëren' }).click();
    const copy = page.getByRole('dialog', { name: 'Documenten kopiëren' });
    await copy.getByRole('textbox', { name: 'Kopiëren van dossier' }).fill('Selwerderdwarsstraat 39');
    await page.getByRole('option', { name: /Isolatie Selwerderdwarsstraat 39/ }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/partnerproject-copy-source-phone.png` });
    await page.keyboard.press('Escape');
    await copy.getByRole('button', { name: 'Annuleren' }).click();
    await copy.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Acties' }).click();
    await page.getByRole('menuitem', { name: 'Combineren tot één factuur' }).click();
    const combine = page.getByRole('dialog', { name: 'Combineren tot één factuur' });
    await combine.getByText(/Voortgangsdrempel bereikt/).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/partnerproject-combine-invoice-phone.png` });
    await combine.getByRole('button', { name: 'Annuleren' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  for (const device of [
    { name: 'desk', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844, touch: true },
  ]) {
    it(`a partner user sees only that project's flows, read-only (${device.name})`, async () => {
      const p = await app.newPage(device.name === 'phone' ? (device as never) : undefined);
      await login(p, app.baseUrl, 'anouk@groningerhuis.nl', DEMO_PASSWORD);
      await p.waitForURL(/#\/dashboard_partner/);
      await p.getByRole('heading', { name: 'Uw projecten' }).waitFor();
      await p.getByText(LABEL).waitFor();
      await p.getByText('Dossiers (40)').waitFor();
      expect(await p.getByRole('checkbox').count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Acties' }).count()).toBe(0);
      expect(await sidewaysOverflow(p)).toBe(0);
      await shot(p, `partnerproject-partner-${device.name}`);
      const first = p.getByRole('link', { name: /Isolatie Selwerderdwarsstraat/ }).first();
      await first.click();
      await p.waitForURL(/#\/flow_partner\/\d+/);
      await p.getByText('Alleen lezen').waitFor();
      await p.goto(`${app.baseUrl}/#/partnerproject_detail/${projectId}`);
      await p.waitForURL(/#\/403/);
      await p.context().close();
    });
  }

  it('the platform admin sets every lead of a company back to open after a confirm (desk and phone)', async () => {
    const admin = await loginAdmin(app);
    const [company] = await app.sql<{ id: number }>(
      "select id from company where name = 'Zonnestroom Noord B.V.'",
    );
    await app.sql(
      `update flow set flow_status = 'unread' where company_id = $1 and flow_status = 'new'
         and id in (select id from flow where company_id = $1 and flow_status = 'new' limit 2)`,
      [company!.id],
    );
    for (const [width, name] of [
      [1280, 'desk'],
      [390, 'phone'],
    ] as const) {
      await admin.setViewportSize({ width, height: 844 });
      await admin.goto(`${app.baseUrl}/#/company_detail/${company!.id}`);
      const button = admin.getByRole('button', { name: 'Alle leads terugzetten' });
      await button.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(admin)).toBe(0);
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: `${SCREENSHOT_DIR}/company-relations-card-${name}.png` });
      await button.click();
      const dialog = admin.getByRole('dialog', { name: 'Alle leads terugzetten' });
      await dialog.getByText(/nog lead zijn \(ongelezen of nieuw\)/).waitFor();
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: `${SCREENSHOT_DIR}/company-resetallleads-${name}.png` });
      if (name === 'desk') {
        await dialog.getByRole('button', { name: 'Bevestigen' }).click();
        await admin.getByText(/\d+ leads teruggezet naar open\./).waitFor();
      } else await dialog.getByRole('button', { name: 'Annuleren' }).click();
    }
    const [unread] = await app.sql<{ n: number }>(
      "select count(*)::int as n from flow where company_id = $1 and flow_status = 'unread' and deleted_at is null",
      [company!.id],
    );
    expect(unread!.n).toBe(0);
  });
});
