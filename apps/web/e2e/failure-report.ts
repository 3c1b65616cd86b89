import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './harness';

// What a failed browser test leaves behind, for a failure that happens once in ten runs on a busy machine:
// per open page its address, the dialogs on it and a screenshot, and the page's last failed calls, errors
// and console errors. The CI script prints the notes at its end (scripts/test-all.mjs); locally they sit
// beside the screenshots.

/** Where the notes go: the CI script names a directory of its own, else e2e/screenshots/failures. */
const failureDir = () => process.env.E2E_FAILURE_DIR ?? path.join(SCREENSHOT_DIR, 'failures');
const KEPT = 40;

const pages = new Set<Page>();
const events: string[] = [];

function note(text: string) {
  events.push(`${new Date().toISOString().slice(11, 23)} ${text}`);
  if (events.length > KEPT) events.shift();
}

/** Records what goes wrong on a page of the harness, to be reported when its test fails. */
export function watchPage(page: Page): void {
  pages.add(page);
  page.on('close', () => pages.delete(page));
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // Cancelled reads (a query fetched again, a page left) are the app's normal work.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') note(`failed ${request.method()} ${request.url()}: ${reason}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console: ${message.text()}`);
  });
}

/** Starts a test's record afresh. */
export function clearFailureRecord(): void {
  events.length = 0;
}

/** Writes the record of a failed test: one text file, and one screenshot per open page. */
export async function writeFailureReport(testName: string): Promise<void> {
  const dir = failureDir();
  mkdirSync(dir, { recursive: true });
  const base = testName.replace(/[^\w-]+/g, '-').slice(0, 80);
  const lines = [`# ${testName}`];
  let index = 0;
  for (const page of pages) {
    index += 1;
    lines.push(`page ${index}: ${page.url()}`);
    const dialogs = await page
      .getByRole('dialog')
      .evaluateAll((nodes) =>
        nodes.map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').slice(0, 300)),
      )
      .catch(() => []);
    for (const dialog of dialogs) lines.push(`  dialog: ${dialog}`);
    await page
      .screenshot({ path: path.join(dir, `${base}-${index}.png`), timeout: 5_000 })
      .catch(() => undefined);
  }
  lines.push(...(events.length ? events : ['(no failed call, page error or console error)']));
  writeFileSync(path.join(dir, `${base}.txt`), `${lines.join('\n')}\n`);
}
