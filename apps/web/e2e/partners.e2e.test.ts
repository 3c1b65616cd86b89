import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

// A manager creates a partner and a partner user and links a relation's flow to it; the partner user
// logs in, lands on /dashboard_partner, sees only that flow and its quotation, read-only, and gets the
// 403 page for a staff screen; at a phone's 390 px too (decision 056).

let app: E2eApp;
let page: Page;
const PARTNER = 'Woonstichting E2E Wonen';
const USER = { email: 'iris@e2e-wonen.nl', password: 'Partner123' };
type Target = {
  relation_id: number;
  fullname: string;
  flow_id: number;
  number: number;
  quotation_id: number;
};
let target: Target;

beforeAll(async () => {
  app = await startApp();
  // A demo relation with exactly one flow, which has a quotation and no partner yet.
  const rows = await app.sql<Target>(`select r.id as relation_id, r.fullname, f.id as flow_id, f.number,
      min(d.id)::int as quotation_id
    from relation r join flow f on f.relation_id = r.id and f.deleted_at is null
    join sales_document d on d.flow_id = f.id and d.kind = 'quotation' and d.deleted_at is null and not d.is_template
    where r.company_id = (select id from company where name = 'Zonnestroom Noord B.V.') and r.deleted_at is null
      and f.partner_id is null
      and (select count(*) from flow g where g.relation_id = r.id and g.deleted_at is null) = 1
    group by r.id, r.fullname, f.id, f.number order by r.id limit 1`);
  if (!rows[0]) throw new Error('no demo relation with one flow and a quotation');
  target = rows[0];
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
}, 240_000);
afterAll(async () => app?.stop());

async function shot(p: Page, name: string) {
  await p.waitForTimeout(300);
  await p.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

describe('partners end to end', () => {
  it('a manager creates a partner and a partner user, and links a flow', async () => {
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Partners' }).click();
    await page.waitForURL(/#\/partner_overview/);
    await page.getByRole('heading', { name: 'Partners' }).waitFor();
    await page.getByRole('button', { name: 'Nieuwe partner' }).click();
    const modal = page.getByRole('dialog', { name: 'Nieuwe partner' });
    await modal.getByLabel(/^Naam/).fill(PARTNER);
    await modal.getByLabel('Startdatum').fill('2026-01-01');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/#\/partner_detail\/\d+/);
    await page.getByRole('heading', { name: PARTNER }).waitFor();

    await page.getByRole('button', { name: 'Nieuwe gebruiker' }).click();
    const user = page.getByRole('dialog', { name: 'Nieuwe partnergebruiker' });
    await user.getByLabel(/^Voornaam/).fill('Iris');
    await user.getByLabel(/^Achternaam/).fill('Wonen');
    await user.getByLabel(/^E-mailadres/).fill(USER.email);
    await user.getByLabel(/^Wachtwoord/).fill(USER.password);
    await user.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText(USER.email).waitFor();
    await shot(page, 'partner-detail');

    await page.goto(`${app.baseUrl}/#/relation_detail/${target.relation_id}`);
    await page.getByRole('heading', { name: target.fullname }).waitFor();
    await page.getByRole('button', { name: 'Dossiers aan partner koppelen' }).click();
    const link = page.getByRole('dialog', { name: 'Dossiers aan partner koppelen' });
    await link.getByRole('combobox', { name: 'Partners' }).click();
    await page.getByRole('option', { name: PARTNER }).click();
    await link.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('1 dossier(s) gekoppeld').waitFor();

    await page.goto(`${app.baseUrl}/#/partner_overview`);
    await page.getByRole('link', { name: PARTNER }).click();
    await page.getByRole('link', { name: new RegExp(`^${target.number} · `) }).waitFor();
    await shot(page, 'partner-detail-flows');

    // The manager's partner screens at a phone's width.
    // (Reloaded: the toasts of the steps above are wider than a phone until they fade.)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: PARTNER }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'partner-detail-phone');
    await page.goto(`${app.baseUrl}/#/partner_overview`);
    await page.getByText(PARTNER).first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'partner-overview-phone');
  });

  for (const device of [
    { name: 'desk', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844, touch: true },
  ]) {
    it(`the partner user sees only that flow and its quotation, read-only (${device.name})`, async () => {
      const p = await app.newPage(device.name === 'phone' ? (device as never) : undefined);
      await login(p, app.baseUrl, USER.email, USER.password);
      await p.waitForURL(/#\/dashboard_partner/);
      await p.getByRole('heading', { name: `Dashboard ${PARTNER}` }).waitFor();
      const flows = p.getByRole('link', { name: / · / });
      await flows.first().waitFor();
      expect(await flows.count()).toBe(1);
      expect(await sidewaysOverflow(p)).toBe(0);
      await shot(p, `partner-dashboard-${device.name}`);

      await flows.first().click();
      await p.waitForURL(new RegExp(`#/flow_partner/${target.flow_id}`));
      await p.getByText('Alleen lezen').waitFor();
      expect(await p.getByRole('button', { name: 'Bewerken' }).count()).toBe(0);
      expect(await sidewaysOverflow(p)).toBe(0);
      await shot(p, `partner-flow-${device.name}`);
      await p.locator(`a[href*="/document_partner/${target.quotation_id}"]`).click();
      await p.waitForURL(/#\/document_partner\/\d+\?documentType=quotation/);
      await p.getByRole('button', { name: 'PDF downloaden' }).waitFor();
      expect(await p.getByRole('button', { name: 'Versturen' }).count()).toBe(0);
      await shot(p, `partner-document-${device.name}`);

      await p.goto(`${app.baseUrl}/#/relation_overview`);
      await p.waitForURL(/#\/403/);
      await p.getByRole('heading', { name: 'Verboden' }).waitFor();
      // Another flow of the company: the partner version says it is not theirs.
      const [other] = await app.sql<{ id: number }>(
        `select id from flow where partner_id is distinct from (select id from partner where name = $1) limit 1`,
        [PARTNER],
      );
      await p.goto(`${app.baseUrl}/#/flow_detail/${other!.id}`);
      await p.waitForURL(new RegExp(`#/flow_partner/${other!.id}`));
      await p.getByText('Dit dossier bestaat niet (meer) of hoort niet bij uw partner.').waitFor();
      await p.context().close();
    });
  }
});
