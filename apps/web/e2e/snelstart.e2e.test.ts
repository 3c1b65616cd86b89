import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSnelstart, startFakeSnelstart } from '../../server/test/fake-snelstart';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// Sanne links SnelStart from the document settings with the koppelsleutel she copies from SnelStart Web (a local
// fake of SnelStart's B2B API; decision 068), maps the ledgers, sends an invoice, sees it booked once as a
// verkoopboeking; its open item is closed in SnelStart and the app marks it paid.

let app: E2eApp;
let page: Page;
let snel: FakeSnelstart;

beforeAll(async () => {
  snel = await startFakeSnelstart();
  app = await startApp({ env: { ...snel.env, INTEGRATION_PAYMENT_SYNC_SECONDS: '2' } });
  page = await app.newPage();
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await snel?.close();
});

const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);

async function choose(scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('SnelStart', () => {
  it('links with the koppelsleutel, maps the ledgers, books a sent invoice once and takes its payment over', {
    timeout: 240_000,
  }, async () => {
    await page.goto(`${app.baseUrl}/#/account/company_documentsettings`);
    const section = page.getByRole('region', { name: 'Koppelingen' });
    await section.getByText('Nog niet gekoppeld.').waitFor();
    await section.getByRole('button', { name: 'Koppelen met SnelStart' }).click();
    const dialog = page.getByRole('dialog', { name: 'SnelStart koppelen' });

    // SnelStart Web opens in a window; the key is copied from there.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'SnelStart Web openen' }).click(),
    ]);
    const key = (await popup.locator('#koppelsleutel').textContent({ timeout: 15_000 })) ?? '';
    expect(key).toBe(snel.clientKey);
    await popup.close();

    // A wrongly copied key is refused in Dutch; the right one links.
    await dialog.getByLabel('Koppelsleutel').fill(`${key}x`);
    await dialog.getByRole('button', { name: 'Koppelen', exact: true }).click();
    await dialog
      .getByText(
        'SnelStart accepteert deze koppelsleutel niet. Kopieer de sleutel opnieuw uit SnelStart Web.',
      )
      .waitFor();
    await takeShot(page, 'snelstart-key-dialog');
    await dialog.getByLabel('Koppelsleutel').fill(key);
    await dialog.getByRole('button', { name: 'Koppelen', exact: true }).click();
    await section.getByText('Gekoppeld als Installatiebedrijf Test BV').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Only the ledgers are chosen, from SnelStart's list.
    const settings = page.getByRole('region', { name: 'Boekhoudinstellingen' });
    await settings.getByText('SnelStart boekt per btw-tarief').waitFor();
    expect(await settings.getByLabel('Verkoopdagboek', { exact: true }).count()).toBe(0);
    const slots: [string, string][] = [
      ['Hoog tarief (21%)', '8000 · Omzet hoog'],
      ['Laag tarief (9%)', '8010 · Omzet laag'],
      ['0%', '8030 · Omzet 0%'],
      ['Btw verlegd', '8020 · Omzet verlegd'],
    ];
    for (const [group, option] of slots)
      await choose(settings.getByRole('group', { name: group, exact: true }), 'Grootboekrekening', option);
    await settings
      .getByRole('group', { name: 'Hoog tarief (21%)' })
      .getByRole('textbox', { name: 'Omschrijving' })
      .fill('Omzet installaties');
    await settings.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Boekhoudinstellingen opgeslagen').waitFor();
    expect(await api('GET', '/api/integrations/accounting/settings')).toMatchObject({
      gl_reference: '8000',
      gl_reference_low: '8010',
      gl_reference_zero: '8030',
      gl_reference_shifted: '8020',
    });
    await takeShot(page, 'snelstart-linked');

    // An invoice is sent (marked as sent): it is booked in SnelStart, once.
    const flows = await api<{ data: { id: number }[] }>('GET', '/api/flow/querypaginated?limit=1');
    const conf = await api<{ id: number; calculation_id: number }>('POST', '/api/confirmation', {
      flow_id: flows.data[0]!.id,
      title: 'Warmtepomp',
    });
    await api('POST', '/api/calculationitem', {
      calculation_id: conf.calculation_id,
      item_name: 'Warmtepomp 8 kW',
      unit_rate_exc_manual: '7000',
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
    const mine = snel.boekingen.filter((b) => b.factuurnummer === String(doc.number));
    expect(mine).toHaveLength(1);
    const high = mine[0]!.boekingsregels.find((l) => l.btwSoort === 'Hoog');
    expect(high).toMatchObject({ bedrag: doc.invoice.billed.exc_21, omschrijving: 'Omzet installaties' });
    expect(mine[0]!.btw).toContainEqual({ btwSoort: 'VerkopenHoog', btwBedrag: doc.invoice.billed.vat_21 });

    // The open item is closed in SnelStart: paid here, by the payment sync.
    snel.markPaid(String(doc.number));
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/api/invoice/${inv.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('paid');
    await row.getByText('betaling overgenomen', { exact: false }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('region', { name: 'Logboek' })
      .getByText(/geboekt in SnelStart/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await takeShot(page, 'snelstart-booked');

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page)).toBe(0);
    await takeShot(page, 'snelstart-phone');
  });
});
