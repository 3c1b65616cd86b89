import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN, type E2eApp, login, SCREENSHOT_DIR } from './harness';

// Helpers of the platform-administration browser tests.

export const PROTECTED = 'Perhaps not such a good idea.';

/** Full page from the top; a dialog is photographed as the viewport shows it (its overlay covers that). */
export async function shot(page: Page, name: string, { isDialog = false } = {}) {
  // Tables that are still (re)fetching are dimmed: wait until they settled, and for the fade.
  await expect.poll(() => page.locator('.mantine-datatable-loader-fetching').count()).toBe(0);
  await page.waitForTimeout(250);
  if (!isDialog) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: !isDialog });
}

export async function loginAs(app: E2eApp, email: string, password: string, landing: RegExp): Promise<Page> {
  const page = await app.newPage();
  await login(page, app.baseUrl, email, password);
  await waitForHash(page, landing);
  // The shell is on screen: the landing page's redirect and lazy screen are done.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).waitFor();
  return page;
}

export async function loginAdmin(app: E2eApp): Promise<Page> {
  const page = await loginAs(app, ADMIN.email, ADMIN.password, /#\/dashboardadmin/);
  await page.getByRole('heading', { name: 'Platformbeheer' }).waitFor();
  return page;
}

/** Hash routes change the URL without a page load: wait for the commit only. */
export const waitForHash = (page: Page, expected: RegExp) =>
  page.waitForURL(expected, { waitUntil: 'commit' });

export async function go(
  app: E2eApp,
  page: Page,
  hash: string,
  expected = new RegExp(`#${escapeRegExp(hash)}`),
) {
  await page.goto(`${app.baseUrl}/#${hash}`);
  await waitForHash(page, expected);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A call with the page's own token, for test set-up only. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('im.token');
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() } as T;
    },
    { method, path, body },
  );
}

export async function createCompany(page: Page, name: string): Promise<number> {
  const res = await callApi<{ status: number; body: { id: number } }>(page, 'POST', '/api/company', {
    name,
    modules: ['BASIS', 'CRM'],
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A company in the trash (set up through the API; the trash job runs in the background). */
export async function trashedCompany(page: Page, name: string): Promise<number> {
  const id = await createCompany(page, name);
  expect((await callApi<{ status: number }>(page, 'DELETE', `/api/company/${id}`)).status).toBe(200);
  await expect
    .poll(
      async () =>
        (await callApi<{ body: { deleted_at: string | null } }>(page, 'GET', `/api/company/${id}`)).body
          .deleted_at,
    )
    .not.toBeNull();
  return id;
}

export async function pickOption(page: Page, field: RegExp, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

/** axe-core's source, put into a page once: the app changes screens without reloading the document. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core violations on the page. axe is injected once per document and run on
 * violations only (@axe-core/playwright injected it again on every call and collected every passed
 * check as well: about 2 s per screen). Sandboxed frames (document previews) run no script and are
 * left out, as are `exclude`d selectors.
 */
export async function seriousA11yViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await transitionsSettled(page);
  const found = await axeViolations(page, exclude);
  // A toast fading in or out while axe measures has the contrast of that moment's opacity (a toast shown
  // seconds before may start its fade-out during the run): measure again once it has settled. A colour
  // that really falls short fails the second run too.
  if (!found.some((v) => v.startsWith('color-contrast:'))) return found;
  await page.waitForTimeout(TOAST_TRANSITION_MS);
  await transitionsSettled(page);
  return axeViolations(page, exclude);
}

/** Longer than a Mantine toast's enter or leave transition. */
const TOAST_TRANSITION_MS = 500;

/**
 * Waits (at most 2 s) for the page's running transitions and finite animations to end; a loader's endless
 * spin is not waited for.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2_000))]).then(
      () => undefined,
    );
  });
}

async function axeViolations(page: Page, exclude: string[]): Promise<string[]> {
  return page.evaluate(
    async (excluded) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(
        { exclude: excluded },
        // axe-core 4.14 also checks "label in name" (WCAG 2.5.3) by default: a control's name holds its visible text.
        { resultTypes: ['violations'], iframes: false },
      );
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    },
    ['iframe[sandbox]', ...exclude],
  );
}
