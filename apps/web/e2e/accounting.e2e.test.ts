import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendar, startFakeGoogleCalendar } from '../../server/test/fake-calendars';
import { type FakeExact, startFakeExact } from '../../server/test/fake-exact';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Sanne links Exact Online from the document settings (a local fake of Exact; decision 065), maps the ledgers
// from its lists, sends an invoice, sees it booked once; the books mark it paid and so does the app. She also
// links her own Google Agenda from her profile (a local fake; decision 070): her appointment appears there, an
// event from there shows in the agenda, and unlinking while Google is away offers the forced removal.

let app: E2eApp;
let page: Page;
let exact: FakeExact;
let google: FakeCalendar;

beforeAll(async () => {
  exact = await startFakeExact();
  google = await startFakeGoogleCalendar();
  app = await startApp({ env: { ...exact.env, ...google.env, INTEGRATION_PAYMENT_SYNC_SECONDS: '2' } });
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await exact?.close();
  await google?.close();
});

const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);

async function choose(scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('accounting', () => {
  it('links Exact Online, maps the ledgers, books a sent invoice once and takes its payment over', {
    timeout: 240_000,
  }, async () => {
    await page.goto(`${app.baseUrl}/#/account/company_documentsettings`);
    const section = page.getByRole('region', { name: 'Koppelingen' });
    await section.getByText('Nog niet gekoppeld.').waitFor();

    // The consent window: the fake approves at once and sends the window back to the app, which closes it.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      section.getByRole('button', { name: 'Koppelen met Exact Online' }).click(),
    ]);
    await popup.getByText('De koppeling is gelukt').waitFor();
    await section.getByText('Gekoppeld als Installatiebedrijf Test BV (administratie 123456)').waitFor();
    await popup.waitForEvent('close', { timeout: 10_000 }).catch(() => {});

    // The settings choose from the package's lists.
    const settings = page.getByRole('region', { name: 'Boekhoudinstellingen' });
    await choose(settings, 'Verkoopdagboek', '70 · Verkoopboek');
    const high = settings.getByRole('group', { name: 'Hoog tarief (21%)' });
    await choose(high, 'Grootboekrekening', '8000 · Omzet hoog tarief');
    await high.getByRole('textbox', { name: 'Omschrijving' }).fill('Omzet installaties');
    await choose(high, 'Btw-code', '2 · BTW hoog 21%');
    const low = settings.getByRole('group', { name: 'Laag tarief (9%)' });
    await choose(low, 'Grootboekrekening', '8010 · Omzet laag tarief');
    await choose(low, 'Btw-code', '1 · BTW laag 9%');
    await settings.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Boekhoudinstellingen opgeslagen').waitFor();
    expect(await api('GET', '/api/integrations/accounting/settings')).toMatchObject({
      journal: '70',
      gl_reference: '8000',
      vat_code_high: '2',
      gl_reference_low: '8010',
      vat_code_low: '1',
    });
    await takeShot(page, 'accounting-linked');

    // An invoice is sent (marked as sent): it is booked in Exact, once.
    const flows = await api<{ data: { id: number }[] }>('GET', '/api/flow/querypaginated?limit=1');
    const conf = await api<{ id: number; calculation_id: number }>('POST', '/api/confirmation', {
      flow_id: flows.data[0]!.id,
      title: 'Thuisbatterij',
    });
    await api('POST', '/api/calculationitem', {
      calculation_id: conf.calculation_id,
      item_name: 'Thuisbatterij 10 kWh',
      unit_rate_exc_manual: '5000',
      percentage_vat_21: 100,
    });
    const inv = await api<{ id: number }>(
      'POST',
      `/api/confirmation/${conf.id}/createinvoicefromconfirmation`,
      {},
    );
    await api('POST', `/api/invoice/${inv.id}/sendemail`, { dontsentbutmarksent: 1 });
    const doc = await api<{ number: number; invoice: { billed: { exc_21: number; vat_21: number } } }>(
      'GET',
      `/api/invoice/${inv.id}`,
    );
    const pushes = page.getByRole('region', { name: 'Geboekte facturen' });
    const row = pushes.locator('.mantine-Card-root').filter({ hasText: `Factuur ${doc.number}` });
    await row.getByText('Geboekt').waitFor({ timeout: 30_000 });
    expect(exact.entries.filter((e) => e.YourRef === String(doc.number))).toHaveLength(1);
    const entry = exact.entries.find((e) => e.YourRef === String(doc.number))!;
    // What the invoice billed at 21 % (the confirmation starts from the flow's standard calculation too).
    expect(entry.SalesEntryLines).toEqual([
      expect.objectContaining({
        AmountFC: doc.invoice.billed.exc_21,
        VATAmountFC: doc.invoice.billed.vat_21,
        VATCode: '2',
        Description: 'Omzet installaties',
      }),
    ]);

    // Paid in the books: paid here, by the payment sync.
    exact.markPaid(entry.EntryNumber);
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/api/invoice/${inv.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('paid');
    await row.getByText('betaling overgenomen', { exact: false }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('region', { name: 'Logboek' })
      .getByText(/geboekt in Exact Online/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await takeShot(page, 'accounting-booked');

    // On a phone the section fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page)).toBe(0);
    await takeShot(page, 'accounting-phone');
  });
});

describe('own calendar', () => {
  it('links Google Agenda on the profile, pushes an appointment, shows an event from there and unlinks', {
    timeout: 120_000,
  }, async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/#/account/user_profile`);
    const card = page.getByRole('region', { name: 'Agenda koppelen' });
    await card.getByRole('button', { name: 'Koppelen met Google Agenda' }).waitFor();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      card.getByRole('button', { name: 'Koppelen met Google Agenda' }).click(),
    ]);
    await popup.getByText('De agenda is gekoppeld').waitFor();
    await card.getByText('Gekoppeld als monteur@gmail.test').waitFor();
    // Outlook has no app registered on this server: not offered.
    expect(await card.getByText('Microsoft 365 / Outlook').count()).toBe(0);
    await popup.waitForEvent('close', { timeout: 10_000 }).catch(() => {});

    // An appointment made here lands in her Google calendar, once.
    const start = new Date(Date.now() + 2 * 86_400_000);
    await api('POST', '/api/agendaitem', {
      title: 'Omvormer vervangen',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await expect
      .poll(() => google.live().filter((e) => e.summary === 'Omvormer vervangen').length, { timeout: 30_000 })
      .toBe(1);

    // An event made in Google shows in the agenda (around now: always in the shown week) and does nothing on a click.
    google.addOwnEvent('Tandarts', new Date(Date.now() - 1_800_000), new Date(Date.now() + 1_800_000));
    await page.goto(`${app.baseUrl}/#/calendar`);
    const external = page.locator('.im-calendar-external').filter({ hasText: 'Tandarts' });
    await external.first().waitFor({ timeout: 20_000 });
    await external.first().click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/#\/calendar$/);
    await takeShot(page, 'calendar-external');
    // On a phone the agenda opens on today's day view, the event in it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await external.first().waitFor({ timeout: 20_000 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await takeShot(page, 'calendar-external-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Google away while unlinking: the link keeps its error flag and the forced removal is offered.
    await page.goto(`${app.baseUrl}/#/account/user_profile`);
    await card.getByText('Gekoppeld als monteur@gmail.test').waitFor();
    google.failRevoke(1);
    await card.getByRole('button', { name: 'Ontkoppelen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ontkoppelen' }).click();
    const force = page.getByRole('dialog', { name: 'Agenda geforceerd verwijderen' });
    await force
      .getByText(
        'Er is iets fout gegaan met het ontkoppelen. Weet u zeker dat u deze agenda geforceerd wilt verwijderen?',
      )
      .waitFor();
    await card.getByText('Fout: koppel opnieuw').waitFor();
    await takeShot(page, 'calendar-force-remove');
    await force.getByRole('button', { name: 'Geforceerd verwijderen' }).click();
    await page.getByText('Google Agenda is ontkoppeld.').first().waitFor();
    await card.getByRole('button', { name: 'Koppelen met Google Agenda' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // On a phone the card fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page)).toBe(0);
    await takeShot(page, 'calendar-profile-phone');
  });
});
