import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSolar, startFakeSolar } from '../../server/test/fake-solar';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, type Json, shot as takeShot } from './flows-helpers';
import { DEMO_PASSWORD, type E2eApp, login, sidewaysOverflow, startApp } from './harness';

// A site survey on a phone, one hand, as Sanne (manager): the solar intake of a demo flow gets more
// panels (the calculated power follows while typing, autosave after 1.5 s) and a camera photo; she
// marks it submitted and rolls it back; the draft quotation on the flow picks up the panel count.

let app: E2eApp;
let page: Page;
let solar: FakeSolar;

beforeAll(async () => {
  solar = await startFakeSolar();
  app = await startApp({ env: solar.env });
  page = await app.newPage({ width: 390, height: 844, touch: true });
  await login(page, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
});
afterAll(async () => {
  await app?.stop();
  await solar?.close();
});

const go = async (hash: string) => page.goto(`${app.baseUrl}/#${hash}`);
const api = <T = Json>(method: string, path: string, body?: unknown) => callApi<T>(page, method, path, body);
const shot = (name: string) => takeShot(page, name);

interface IntakeRow {
  id: number;
  flow_id: number;
  number: number;
}
interface Item {
  id: number;
  vertical: { name: string };
  status: string;
  values: Record<string, unknown>;
  pictures: { field_name: string | null }[];
}

async function fitsThePhone() {
  expect(await sidewaysOverflow(page)).toBe(0);
}

describe('forms on a phone', () => {
  it('fills in the solar intake: calculated field, autosave, camera photo, submit and roll back; the quotation follows', async () => {
    const intakes = await api<{ data: IntakeRow[] }>('GET', '/api/intake/querypaginated?limit=50');
    let intake: IntakeRow | undefined;
    for (const candidate of intakes.data) {
      const detail = await api<{ flowdataitems: Item[] }>('GET', `/api/intake/${candidate.id}`);
      if (detail.flowdataitems.some((i) => i.vertical.name === 'Opname zonnepanelen')) intake = candidate;
    }
    expect(intake).toBeDefined();
    await go(`/intake_detail/${intake!.id}`);
    await page.getByRole('heading', { name: `Opname ${intake!.number}`, level: 1 }).waitFor();
    const form = page.getByRole('region', { name: 'Opname zonnepanelen' });
    await form.getByLabel('Aantal panelen', { exact: true }).waitFor();
    await fitsThePhone();

    // The calculated field follows while typing (the domain's engine in the browser).
    const count = form.getByLabel('Aantal panelen', { exact: true });
    await count.tap();
    await count.fill('16');
    await expect.poll(() => form.getByLabel('Totaal vermogen (Wp)').inputValue()).toBe('6.880');
    // Autosave after 1.5 s: the server computed the same.
    await form.getByRole('status').filter({ hasText: 'Opgeslagen' }).waitFor({ timeout: 10_000 });
    // (The page's api helper spreads an answer into an object, so the intake detail holds the list.)
    const { flowdataitems } = await api<{ flowdataitems: Item[] }>('GET', `/api/intake/${intake!.id}`);
    const item = flowdataitems.find((i) => i.vertical.name === 'Opname zonnepanelen')!;
    expect(item.values).toMatchObject({ aantal_panelen: '16', totaal_vermogen: 6880 });

    // A hidden field: a flat roof has no pitch.
    await form.getByLabel('Dakhelling (graden)').waitFor();
    await form.getByLabel('Dakvorm', { exact: true }).click();
    await page.getByRole('option', { name: 'Plat dak' }).click();
    await expect.poll(() => form.getByLabel('Dakhelling (graden)').count()).toBe(0);

    // A camera photo for the roof field (the phone opens the camera: accept image/*, capture).
    const photo = join(tmpdir(), 'dak-e2e.png');
    writeFileSync(
      photo,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const before = item.pictures.filter((p) => p.field_name === 'foto_dak').length;
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Foto maken' }).first().tap();
    await (await chooser).setFiles(photo);
    await page.getByText('Foto is met succes geupload').waitFor();
    await expect
      .poll(async () => {
        const now = await api<Item>('GET', `/api/flowdataitem/${item.id}`);
        return now.pictures.filter((p) => p.field_name === 'foto_dak').length;
      })
      .toBe(before + 1);
    await expect
      .poll(() => form.getByRole('button', { name: /^Foto .* vergroten$/ }).count())
      .toBeGreaterThan(before);
    await shot('forms-intake-phone');

    // Submit, then roll back (a manager's actions).
    await form.getByRole('button', { name: 'Markeer als ingediend' }).tap();
    await form.getByText('ingediend', { exact: true }).waitFor();
    expect((await api<Item>('GET', `/api/flowdataitem/${item.id}`)).status).toBe('sent');
    await form.getByRole('button', { name: 'Terugzetten naar open' }).tap();
    await form.getByText('open', { exact: true }).waitFor();
    expect((await api<Item>('GET', `/api/flowdataitem/${item.id}`)).status).toBe('open');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The draft quotation's panel line took its amount from the intake.
    const quotations = await api<{ data: { id: number; title: string }[] }>(
      'GET',
      `/api/quotation?flow_id=${intake!.flow_id}&limit=50`,
    );
    const quotation = quotations.data.find((q) => q.title === 'Zonnepanelen volgens opname')!;
    const detail = await api<{
      calculation: { calculationitems: { item_name: string; product_amount: number }[] };
    }>('GET', `/api/quotation/${quotation.id}`);
    expect(
      detail.calculation.calculationitems.find((i) => i.item_name.startsWith('Zonnepaneel'))?.product_amount,
    ).toBe(16);
    await go(`/quotation_detail/${quotation.id}`);
    // 16 panels at € 165 excl. btw: the quotation's total follows the intake.
    await page
      .getByText(/2\.640,00/)
      .first()
      .waitFor();
    await shot('forms-quotation-from-intake');
  });

  it('refuses an SVG as a photo and shows the failure toast', async () => {
    const intakes = await api<{ data: IntakeRow[] }>('GET', '/api/intake/querypaginated?limit=1');
    await go(`/intake_detail/${intakes.data[0]!.id}`);
    const svg = join(tmpdir(), 'foto.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('region', { name: "Foto's" }).getByRole('button', { name: 'Foto toevoegen' }).tap();
    await (await chooser).setFiles(svg);
    await page.getByText('Foto is niet geupload').waitFor();
  });

  it('Quickr and Glbl on the intake: linked in the settings, scan, design and a report with its PDF, at 390 and 1280 px', {
    timeout: 120_000,
  }, async () => {
    // The manager links Quickr at 1280 px: a wrong password shows the spec's text.
    const wide = await app.newPage({ width: 1280, height: 900 });
    await login(wide, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await wide.waitForURL(/#\/dashboard/);
    await wide.goto(`${app.baseUrl}/#/account/company_intakesettings`);
    const card = wide.getByRole('region', { name: 'Zonnepanelenontwerp en rapporten' });
    await card.getByRole('button', { name: 'Koppelen met Quickr' }).click();
    const dialog = wide.getByRole('dialog', { name: 'Quickr koppelen' });
    await dialog.getByLabel('Gebruikersnaam').fill(solar.quickrUser.username);
    await dialog.getByLabel('Wachtwoord').fill('fout');
    await dialog.getByRole('button', { name: 'Koppelen' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Installatiemanager kan geen verbinding maken met Quickr met deze inloggegevens.' })
      .waitFor();
    await dialog.getByLabel('Wachtwoord').fill(solar.quickrUser.password);
    await dialog.getByRole('button', { name: 'Koppelen' }).click();
    await card.getByText('Gekoppeld als Zonnig Installatie BV').waitFor();
    await card.getByRole('button', { name: 'Koppelen met Glbl' }).click();
    const glblDialog = wide.getByRole('dialog', { name: 'Glbl koppelen' });
    await glblDialog.getByLabel('API-sleutel').fill(solar.glblKey);
    await glblDialog.getByRole('button', { name: 'Koppelen' }).click();
    await expect.poll(() => card.getByText('Gekoppeld als Zonnig Installatie BV').count()).toBe(2);
    await takeShot(wide, 'solar-links-1280');

    // The solar intake form gets a Quickr and a Glbl field; its flow has an address.
    const intakes = await api<{ data: IntakeRow[] }>('GET', '/api/intake/querypaginated?limit=50');
    let intake: IntakeRow | undefined;
    let formId = 0;
    for (const candidate of intakes.data) {
      const detail = await api<{ flowdataitems: (Item & { vertical_id: number })[] }>(
        'GET',
        `/api/intake/${candidate.id}`,
      );
      const solarForm = detail.flowdataitems.find((i) => i.vertical.name === 'Opname zonnepanelen');
      if (solarForm) [intake, formId] = [candidate, solarForm.vertical_id];
    }
    for (const [name, label, type] of [
      ['zonnepanelenontwerp', 'Zonnepanelenontwerp', 'quickr'],
      ['rapport', 'Rapport', 'glbl'],
    ]) {
      const field = await api('POST', '/api/verticaldatafield', {
        vertical_id: formId,
        field_label: label,
        field_name: name,
        field_type: type,
      });
      expect(field.status).toBe(201);
    }
    const flow = await api<{ relation_id: number }>('GET', `/api/flow/${intake!.flow_id}`);
    await api('POST', '/api/location', {
      relation_id: flow.relation_id,
      address: 'Dorpsstraat',
      number: '12',
      postcode: '8441AB',
      city: 'Heerenveen',
    });

    // On the phone: scan, design, report (loaded afresh: the form got its new fields since the last visit).
    await go(`/intake_detail/${intake!.id}`);
    await page.reload();
    const region = page.getByRole('region', { name: 'Opname zonnepanelen' });
    const quickr = region.getByTestId('quickr-zonnepanelenontwerp');
    await quickr.getByRole('button', { name: 'Scannen' }).tap();
    await quickr.getByText('Max. panelen').waitFor();
    await quickr.getByRole('button', { name: 'Ontwerp maken' }).tap();
    await quickr.getByText('6.800 Wp').waitFor();
    await quickr.getByRole('link', { name: 'Legplan' }).waitFor();
    expect(solar.designs.size).toBe(1);
    const glbl = region.getByTestId('glbl-rapport');
    await glbl.getByRole('button', { name: 'Rapport maken' }).tap();
    await glbl.getByText(/Aangevraagd|Wordt gemaakt/).waitFor();
    await expect.poll(() => solar.reports.size, { timeout: 20_000 }).toBe(1);
    solar.finishReports();
    await glbl.getByText('Klaar').waitFor({ timeout: 20_000 });
    await glbl.getByRole('button', { name: 'Rapport (PDF)' }).waitFor();
    await fitsThePhone();
    await shot('solar-intake-390');
    const files = await api<{ files: { filename: string }[] }>('GET', `/api/flow/${intake!.flow_id}`);
    expect(files.files.filter((f) => f.filename.startsWith('Glbl-rapport'))).toHaveLength(1);

    // The same form at 1280 px.
    await wide.goto(`${app.baseUrl}/#/intake_detail/${intake!.id}`);
    await wide.getByTestId('quickr-zonnepanelenontwerp').getByText('6.800 Wp').waitFor();
    await takeShot(wide, 'solar-intake-1280');
    await wide.close();
  });
});
