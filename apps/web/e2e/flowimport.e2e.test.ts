import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type E2eApp, login, SCREENSHOT_DIR, sidewaysOverflow, startApp } from './harness';

// A manager imports a spreadsheet of 50 homes (the README's example file, with one row twice and one home
// whose resident is already a relation): the preview shows every row, the duplicate is skipped, the known
// resident gets the flow on the existing relation; then the import is undone and imported again (decision 063).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'docs/examples/voorbeeld-import-woningen.csv'), 'utf8');
const lines = EXAMPLE.trimEnd().split('\r\n');
// Row 2 of the file again at the end: a duplicate within the file.
const FILE = Buffer.from(`${[...lines, lines[2]].join('\r\n')}\r\n`);
const MANAGER = 'sanne@zonnestroom-noord.nl';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  await app.sql(`insert into relation (company_id, name, surname, email)
    select id, 'Anna', 'de Vries', 'anna.devries1@voorbeeld.nl' from company where name = 'Zonnestroom Noord B.V.'`);
  page = await app.newPage();
  await login(page, app.baseUrl, MANAGER, DEMO_PASSWORD);
  await page.waitForURL(/#\/dashboard/);
}, 240_000);
afterAll(async () => app?.stop());

async function shot(p: Page, name: string) {
  await p.waitForTimeout(300);
  await p.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function chooseFile(p: Page) {
  await p
    .locator('input[type=file]')
    .setInputFiles({ name: 'woningen.csv', mimeType: 'text/csv', buffer: FILE });
  await p.getByRole('heading', { name: 'Voorbeeld' }).waitFor();
}

async function waitForBatch(p: Page, title: string) {
  const dialog = p.getByRole('dialog', { name: title });
  await dialog.getByText('Klaar.').waitFor({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Sluiten' }).first().click();
  await dialog.waitFor({ state: 'hidden' });
}

async function importAll(p: Page) {
  await p.getByRole('button', { name: 'Importeren (50)' }).click();
  const confirm = p.getByRole('dialog', { name: 'Dossiers importeren' });
  await confirm.getByText('Weet je zeker dat je deze dossiers wilt importeren?').waitFor();
  await confirm.getByRole('button', { name: 'Importeren (50)' }).click();
  await waitForBatch(p, 'Dossiers worden geïmporteerd');
  await p.getByText('50 dossiers aangemaakt: 49 nieuwe relaties, 1 bij bestaande relaties.').waitFor();
}

const importedFlows = async () =>
  (
    await app.sql<{ n: number }>(
      `select count(*)::int as n from flow where description like 'Spouwmuurisolatie en HR++ glas%' and deleted_at is null`,
    )
  )[0]!.n;

describe('bulk import end to end', () => {
  it('previews every row with dedupe, imports, undoes and imports again', async () => {
    await page.goto(`${app.baseUrl}/#/flow_bulkimport`);
    await page.getByRole('heading', { name: 'Dossiers importeren' }).waitFor();
    // The screen's example file is the README's.
    const href = await page.getByRole('link', { name: 'Voorbeeldbestand' }).getAttribute('href');
    const example = await page.request.get(new URL(href!, `${app.baseUrl}/`).toString());
    expect(example.status()).toBe(200);
    expect(await example.text()).toBe(EXAMPLE);
    await chooseFile(page);
    await page.getByText('Bestaand (1)').waitFor();
    await page.getByText('Dubbel (1)').waitFor();
    await page.getByText('Nieuw (49)').waitFor();
    await shot(page, 'flowimport-preview-desk');
    await page.getByText('Dubbel (1)').click();
    await page.getByText('Staat ook in regel 3').waitFor();
    await page.getByText('Bestaand (1)').click();
    await page.getByText(/Lijkt op Anna de Vries \(zelfde e-mailadres\)/).waitFor();

    await importAll(page);
    expect(await importedFlows()).toBe(50);
    await shot(page, 'flowimport-result-desk');

    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    const confirm = page.getByRole('dialog', { name: 'Import ongedaan maken' });
    await confirm.getByRole('button', { name: 'Ongedaan maken' }).click();
    await waitForBatch(page, 'Import wordt ongedaan gemaakt');
    await page.getByText('50 dossiers en 49 relaties van deze import zijn verwijderd.').waitFor();
    expect(await importedFlows()).toBe(0);
    const anna = await app.sql<{ n: number }>(
      `select count(*)::int as n from relation where email = 'anna.devries1@voorbeeld.nl' and deleted_at is null`,
    );
    expect(anna[0]!.n).toBe(1);

    await page.getByRole('button', { name: 'Nieuwe import' }).click();
    await chooseFile(page);
    await page.getByText('Bestaand (1)').waitFor();
    // This time with the residents' letter for every home: one stored file, a reference per flow (decision 066).
    await page
      .locator('input[type=file][accept*="pdf"]')
      .setInputFiles({ name: 'bewonersbrief.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('bewonersbrief.pdf').waitFor();
    await shot(page, 'flowimport-attachment-desk');
    await importAll(page);
    expect(await importedFlows()).toBe(50);
    const [shared] = await app.sql<{ files: number; refs: number }>(
      `select count(distinct s.stored_file_id)::int as files, count(*)::int as refs from flow_shared_file s
         join flow f on f.id = s.flow_id where f.description like 'Spouwmuurisolatie en HR++ glas%'`,
    );
    expect(shared).toEqual({ files: 1, refs: 50 });
  }, 240_000);

  it('works on a phone at 390 px', async () => {
    const phone = await app.newPage({ width: 390, height: 844, touch: true });
    await login(phone, app.baseUrl, MANAGER, DEMO_PASSWORD);
    await phone.waitForURL(/#\/dashboard/);
    await phone.goto(`${app.baseUrl}/#/flow_bulkimport`);
    await phone.getByRole('heading', { name: 'Dossiers importeren' }).waitFor();
    await chooseFile(phone);
    await phone
      .locator('input[type=file][accept*="pdf"]')
      .setInputFiles({ name: 'bewonersbrief.pdf', mimeType: 'application/pdf', buffer: PDF });
    await phone.getByText('bewonersbrief.pdf').waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'flowimport-preview-phone');
  }, 120_000);
});
