import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './admin-helpers';
import { api as callApi, shot } from './flows-helpers';
import {
  ADMIN,
  DEMO_PASSWORD,
  type E2eApp,
  login,
  SCREENSHOT_DIR,
  sidewaysOverflow,
  startApp,
} from './harness';

// Statistics (issue 45, decision 058): the demo's leads per week on the screen, exported as xlsx that opens
// with the same numbers; the screens at desk and phone size; the bragscreen on a 1920 x 1080 wall screen.

let app: E2eApp;
let desk: Page;

interface LeadStats {
  weeks: string[];
  totals: number[];
}

beforeAll(async () => {
  app = await startApp();
  desk = await app.newPage();
  await login(desk, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
  await desk.waitForURL(/#\/dashboard/);
});
afterAll(async () => app?.stop());

/** The 'Totaal' column of the leads chart's table, per week, as the screen shows it. */
async function screenTotals(page: Page): Promise<number[]> {
  const region = page.getByRole('region', { name: 'Aanvragen per week per leadbron' });
  await region.waitFor();
  await region.getByText('Tabel', { exact: true }).click();
  const table = region.getByRole('table');
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.indexOf('Totaal');
  const rows = await table.locator('tbody tr').all();
  const totals: number[] = [];
  for (const row of rows) totals.push(Number(await row.locator('th, td').nth(column).textContent()));
  return totals;
}

describe('statistics', () => {
  it('shows the demo’s leads per week and exports them as xlsx that opens with the same numbers', async () => {
    await desk.goto(`${app.baseUrl}/#/account/company_lead_statistics`);
    await desk.getByRole('heading', { name: 'Aanvraagstatistieken' }).waitFor();
    const totals = await screenTotals(desk);
    const answer = await callApi<LeadStats>(desk, 'GET', '/api/company/getleadstatistics');
    expect(totals).toEqual(answer.totals);
    expect(totals).toHaveLength(14);
    expect(totals.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await shot(desk, 'statistics-leads-desk');

    const downloading = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'Exporteren' }).click();
    await desk.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^statistieken-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'stats-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Aanvragen per week')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const weekColumn = header.indexOf('Week (maandag)') + 1;
    const totalColumn = header.indexOf('Aanvragen totaal') + 1;
    const weeks: unknown[] = [];
    const exported: unknown[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      weeks.push(sheet.getRow(r).getCell(weekColumn).value);
      exported.push(sheet.getRow(r).getCell(totalColumn).value);
    }
    expect(weeks).toEqual(answer.weeks);
    expect(exported).toEqual(totals);
  });

  it('shows every statistics screen at desk size without serious accessibility violations', async () => {
    await desk.goto(`${app.baseUrl}/#/account/company_statistics`);
    await desk.getByRole('region', { name: 'Aanvragen per maand per leadbron' }).waitFor();
    await desk.getByRole('region', { name: 'Aanvragen per behandelaar' }).waitFor();
    await shot(desk, 'statistics-months-desk');
    expect(await seriousA11yViolations(desk)).toEqual([]);
    await desk.goto(`${app.baseUrl}/#/account/company_realtime_statistics`);
    await desk.getByRole('region', { name: 'Dossiers per status nu' }).waitFor();
    await shot(desk, 'statistics-realtime-desk');
    expect(await seriousA11yViolations(desk)).toEqual([]);
  });

  it('fits a phone at 390 px', async () => {
    const phone = await app.newPage({ width: 390, height: 844, touch: true });
    await login(phone, app.baseUrl, 'sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    await phone.waitForURL(/#\/dashboard/);
    for (const [path, region] of [
      ['company_lead_statistics', 'Aanvragen per week per leadbron'],
      ['company_statistics', 'Aanvragen per maand per leadbron'],
      ['company_realtime_statistics', 'Dossiers per status nu'],
    ] as const) {
      await phone.goto(`${app.baseUrl}/#/account/${path}`);
      await phone.getByRole('region', { name: region }).waitFor();
      expect(await sidewaysOverflow(phone)).toBe(0);
      await shot(phone, `statistics-${path}-phone`);
    }
  });
});

describe('bragscreen', () => {
  it('shows the platform’s figures readable on a 1920 x 1080 wall screen', async () => {
    const wall = await app.newPage({ width: 1920, height: 1080 });
    await login(wall, app.baseUrl, ADMIN.email, ADMIN.password);
    await wall.waitForURL(/#\/dashboard/);
    await wall.goto(`${app.baseUrl}/#/bragscreen`);
    await wall.getByRole('heading', { name: 'Installatiemanager in cijfers' }).waitFor();
    const companies = wall.getByTestId('brag-Bedrijven');
    await companies.waitFor();
    expect(Number(await companies.textContent())).toBeGreaterThanOrEqual(3);
    // Six tiles within one screen, with the figures large enough to read across a room.
    const size = await companies.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(48);
    const bottom = await wall
      .getByRole('region', { name: 'Facturen per maand' })
      .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(1080);
    await wall.screenshot({ path: `${SCREENSHOT_DIR}/bragscreen-1920.png` });
    expect(await seriousA11yViolations(wall)).toEqual([]);
  });
});
