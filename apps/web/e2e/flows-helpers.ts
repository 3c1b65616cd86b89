import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './harness';

// Helpers of flows.e2e.test.ts: API calls with the page's token, screenshots, a real pointer drag.

export type Json = Record<string, unknown>;
export async function api<T = Json>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('im.token');
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, ...(await res.json()) };
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Screenshots without the toasts of earlier steps covering the screen. */
export async function shot(page: Page, name: string, dir = SCREENSHOT_DIR) {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('.mantine-Notification-closeButton'))
      button.click();
  });
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** An amount as the app writes it: '€ 1.724,51' (with a plain space). */
export const euro = (n: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(n).replace(/\s/g, ' ');

/** A PDF's text in its layout (poppler's pdftotext); `pages`: only these pages, e.g. the first. */
export function pdfText(pdf: Buffer, pages?: { first: number; last: number }): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
  writeFileSync(join(dir, 'f.pdf'), pdf);
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  return execFileSync('pdftotext', ['-layout', ...range, join(dir, 'f.pdf'), '-']).toString('utf8');
}

/**
 * A real pointer drag: press on the card, move a little (activation), then towards the column. A
 * column off screen is reached as a user would: holding the card at the board's edge scrolls it.
 */
export async function drag(page: Page, card: Locator, column: Locator) {
  // The board may be scrolled to another column (after an earlier drag): bring the card in view first.
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  if (!from) throw new Error('card not visible');
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 12);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height - 4, { steps: 3 });
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const to = await column.boundingBox();
    if (!to) throw new Error('column not found');
    const centre = to.x + to.width / 2;
    if (centre > 260 && centre < viewport.width - 40) {
      await page.mouse.move(centre, to.y + 200, { steps: 10 });
      break;
    }
    await page.mouse.move(centre > 0 ? viewport.width - 5 : 245, 400, { steps: 2 });
    await page.waitForTimeout(100);
  }
  await page.mouse.up();
}

export async function chooseSelect(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A pipeline answer with `count` open flows in the lead column (for the 10 000-card check). */
export function bigPipeline(count: number): string {
  const leads = Array.from({ length: count }, (_, i) => ({
    id: 500_000 + i,
    flow_id: 500_000 + i,
    flow_status: 'new',
    flow_phase_id: null,
    flow_phase_description: 'Eerste contact maken',
    flow_type: '',
    flow_tags: i % 3 === 0 ? ['Subsidie'] : [],
    flow_lead_source: 'Eigen website',
    partner: null,
    partner_project: null,
    user_fullname: 'Mark Jansen',
    date_lead: '2026-11-01T10:00:00+01:00',
    updated_at: '2026-11-01T10:00:00+01:00',
    flowstage_start_at: '2026-11-01T10:00:00+01:00',
    relation_fullname: `Klant ${i + 1}`,
    flow_description: `Zonnepanelen ${i + 1}`,
    turnover_weighted: 0,
    amount_inc_vat: '1250.50',
    kpi_values: [],
    current_start_date: null,
    current_end_date: null,
  }));
  const statuses = [
    'new',
    'intake',
    'quotation',
    'confirmation',
    'project',
    'invoice',
    'aftercare',
    'completed',
    'cancelled',
  ];
  return JSON.stringify({
    columns: statuses.map((s) => ({
      flow_status: s,
      total: s === 'new' ? count : 0,
      leads: s === 'new' ? leads : [],
    })),
  });
}
