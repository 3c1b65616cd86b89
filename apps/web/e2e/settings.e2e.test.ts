import { mkdirSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../server/test/smtp-sink';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, startApp } from './harness';

// Issue 45, the settings screens: a manager adds a sub-status and a cancel reason and uses both on a
// flow; gives a request profile its own logo and sender name and sees them on the customer page and
// in a mail. Screenshots of each screen at desk size and at 390 px in /tmp/settings-shots/.

const SHOTS = process.env.IM_SETTINGS_SHOTS ?? '/tmp/settings-shots';
mkdirSync(SHOTS, { recursive: true });

/** A 2x2 PNG (red), the request profile's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4ISd3Qk6OAUIBAB8mBBG4glMAAAAAAElFTkSuQmCC',
  'base64',
);

let app: E2eApp;
let page: Page;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Zonnestroom Noord <info@zonnestroom.test>' },
  });
  page = await app.newPage();
  await login(page, app.baseUrl, 'mark@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const go = async (hash: string) => page.goto(`${app.baseUrl}/#${hash}`);
const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);
const shot = (name: string) => takeShot(page, name, SHOTS);

type FlowRow = { id: number };
type FlowDetail = { id: number; hash: string; flow_phase_id: number | null; cancel_reason: string | null };

async function newFlows(count: number): Promise<number[]> {
  const page = await api<{ data: FlowRow[] }>('GET', `/api/flow/querypaginated?status=new&limit=${count}`);
  return page.data.map((f) => f.id);
}

async function changeStatus(flowId: number, status: string | null, field: string, option: string) {
  await go(`/flow_detail/${flowId}`);
  await page.getByRole('button', { name: 'Status wijzigen' }).first().click();
  const dialog = page.getByRole('dialog');
  if (status) {
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: status, exact: true }).click();
  }
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  // The dialog closes once the change is saved (a toast of an earlier change may still show).
  await dialog.waitFor({ state: 'detached' });
}

describe('settings', () => {
  it('a new sub-status and cancel reason, used on flows', { timeout: 240_000 }, async () => {
    const [first, second] = await newFlows(2);

    // Dossier settings: a sub-status in the lead stage, placed first with the keyboard.
    await go('/account/company_flowprofiles');
    await page.getByRole('heading', { name: 'Dossierinstellingen' }).waitFor();
    await page.getByRole('button', { name: 'Nieuwe substatus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe substatus' });
    await dialog.getByLabel('Omschrijving').fill('Wacht op subsidie');
    await dialog.getByRole('combobox', { name: 'Kleur' }).click();
    await page.getByRole('option', { name: 'Groen', exact: true }).click();
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    const cards = page.getByTestId('flow-phase');
    await expect.poll(() => cards.last().textContent()).toContain('Wacht op subsidie');
    // The drag handle by keyboard: pick up, up four times, drop.
    await dialog.waitFor({ state: 'detached' });
    const handle = page.getByRole('button', { name: 'Wacht op subsidie verplaatsen' });
    await handle.focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 5; i++) {
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowUp');
    }
    await page.waitForTimeout(300);
    const reordered = page.waitForResponse((r) => r.url().endsWith('/api/flowphase/reorder'));
    await page.keyboard.press('Space');
    expect((await reordered).status()).toBe(200);
    await expect.poll(() => cards.first().textContent(), { timeout: 10_000 }).toContain('Wacht op subsidie');
    const phases = await api<{ id: number; description: string; order: number }[]>(
      'GET',
      '/api/flowphase?flowstage=new',
    );
    expect(phases[0]!.description).toBe('Wacht op subsidie');
    await shot('flow-settings-desk');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Company profile: a cancel reason.
    await go('/account/company_profile');
    const lists = page.getByRole('region', { name: 'Lijsten voor dossiers' });
    const reasons = lists.getByRole('combobox', { name: 'Redenen van annuleren' });
    await reasons.fill('Gekozen voor een ander');
    await reasons.press('Enter');
    await lists.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Opgeslagen').first().waitFor();
    await shot('company-profile-desk');

    // Both used on flows: the sub-status on one, the cancel reason on another.
    await changeStatus(first!, null, 'Fase', 'Wacht op subsidie');
    await changeStatus(second!, 'Geannuleerd', 'Reden annulering', 'Gekozen voor een ander');
    await expect
      .poll(async () => (await api<FlowDetail>('GET', `/api/flow/${first}`)).flow_phase_id)
      .toBe(phases[0]!.id);
    await expect
      .poll(async () => {
        const two = await api<FlowDetail & { flow_status: string }>('GET', `/api/flow/${second}`);
        return [two.flow_status, two.cancel_reason];
      })
      .toEqual(['cancelled', 'Gekozen voor een ander']);
    // The flow shows its sub-status and its cancel reason.
    await go(`/flow_detail/${second}`);
    await page.getByText('Gekozen voor een ander').first().waitFor();
    await go(`/flow_detail/${first}`);
    await page
      .getByText(/Wacht op subsidie/)
      .first()
      .waitFor();
  });

  it("a request profile's own logo and sender name on its customer page and in its mail", {
    timeout: 240_000,
  }, async () => {
    await go('/account/company_flowprofiles');
    await page.getByRole('button', { name: 'Nieuw aanvraagprofiel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw aanvraagprofiel' });
    await dialog.getByLabel('Naam').fill('Warmtepompen');
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await page.getByRole('heading', { name: 'Warmtepompen', level: 1 }).waitFor();
    const profileId = Number(page.url().split('/').at(-1));

    const branding = page.getByRole('region', { name: 'Eigen branding' });
    await branding.getByRole('button', { name: 'Eigen branding aanmaken' }).click();
    const sender = branding.getByLabel('Naam van de afzender');
    await sender.waitFor();
    await sender.fill('Warmte Noord');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/flowprofile/${profileId}/settings`));
    await branding.getByRole('button', { name: 'Opslaan' }).click();
    expect((await (await saved).json()).branding.sender_name).toBe('Warmte Noord');
    const chooser = page.waitForEvent('filechooser');
    await branding.getByRole('button', { name: 'Logo uploaden' }).click();
    await (await chooser).setFiles({ name: 'warmte.png', mimeType: 'image/png', buffer: PNG });
    await branding.getByRole('img', { name: 'Logo' }).waitFor();
    await expect.poll(() => sender.inputValue()).toBe('Warmte Noord');
    await shot('flow-profile-desk');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The standard profile says why it has no branding of its own.
    const settings = await api<{ standard_flowprofile_id: number }>(
      'GET',
      '/api/company/getcurrentflowsettings',
    );
    await go(`/account/company_flowprofiles/${settings.standard_flowprofile_id}`);
    await page
      .getByText('Dit is het standaard aanvraagprofiel. Gebruik de reguliere branding settings.')
      .waitFor();

    // A flow with that profile: its customer page and its mail carry the profile's brand.
    const [flowId] = await newFlows(1);
    await api('PATCH', `/api/flow/${flowId}`, { flowprofile_id: profileId });
    const flow = await api<FlowDetail>('GET', `/api/flow/${flowId}`);
    const customer = await app.newPage();
    await customer.goto(`${app.baseUrl}/#/customer_flow_detail/${flow.hash}`);
    await customer.locator('.c-company', { hasText: 'Warmte Noord' }).waitFor();
    const logo = customer.getByRole('img', { name: /Warmte Noord/ });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await takeShot(customer, 'customer-page-desk', SHOTS);
    await customer.close();

    const status = await page.evaluate(
      async ({ flowId }) => {
        const body = new FormData();
        body.append('to', 'klant@voorbeeld.nl');
        body.append('subject', 'Uw aanvraag voor een warmtepomp');
        body.append('message', '<p>Beste klant, hierbij de informatie.</p>');
        const res = await fetch(`/api/flow/${flowId}/sendemail`, {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('im.token')}` },
          body,
        });
        return res.status;
      },
      { flowId },
    );
    expect(status).toBe(201);
    const [mail] = await smtp.waitFor(1, 30_000);
    const parsed = await simpleParser(mail!.raw, { keepCidLinks: true });
    expect(parsed.from?.value[0]?.name).toBe('Warmte Noord');
    expect(parsed.html).toContain('cid:profilelogo@installatiemanager');
    expect(parsed.attachments.some((a) => a.content.equals(PNG))).toBe(true);
  });

  it('the settings screens at 390 px', { timeout: 120_000 }, async () => {
    const phone = await app.newPage({ width: 390, height: 844, touch: true });
    await login(phone, app.baseUrl, 'mark@zonnestroom-noord.nl', DEMO_PASSWORD);
    await phone.waitForURL(/#\/dashboard/);
    for (const [hash, heading, name] of [
      ['/account/company_profile', 'Bedrijfsgegevens', 'company-profile-phone'],
      ['/account/company_flowprofiles', 'Dossierinstellingen', 'flow-settings-phone'],
    ] as const) {
      await phone.goto(`${app.baseUrl}/#${hash}`);
      await phone.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await phone.waitForTimeout(500);
      // Nothing wider than the screen.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await takeShot(phone, name, SHOTS);
    }
    await phone.getByRole('link', { name: 'Warmtepompen openen' }).click();
    await phone.getByRole('heading', { name: 'Warmtepompen', level: 1 }).waitFor();
    await phone.getByRole('region', { name: 'Eigen branding' }).getByRole('img', { name: 'Logo' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await takeShot(phone, 'flow-profile-phone', SHOTS);
  });
});
