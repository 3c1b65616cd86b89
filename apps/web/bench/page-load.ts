// Shared by the load benches: a cold-cache page load in Chromium at 390 px with touch, optionally on a
// throttled network, timed by the page itself from the navigation to the first frame a probe accepts.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { E2eApp } from '../e2e/harness';

export interface NetworkProfile {
  name: string;
  target: number | null;
  conditions: { mbit: number; up: number; latency: number } | null;
}

export const PROFILES: NetworkProfile[] = [
  { name: 'unthrottled', target: 800, conditions: null },
  { name: '4G (9 Mbit/s, 85 ms)', target: null, conditions: { mbit: 9, up: 3, latency: 85 } },
  { name: 'slow 4G (1.6 Mbit/s, 150 ms)', target: 2000, conditions: { mbit: 1.6, up: 0.75, latency: 150 } },
];

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A probe script (a string: the TypeScript runner would wrap named functions in helpers the page lacks)
 * that notes in `window.__usableAt` the first moment an element matching `selector` is visible and
 * enabled (and holds the optional text).
 */
export function usableProbe(selector: string, text?: string): string {
  return `(() => {
  const check = () => {
    if ('__usableAt' in window) return;
    const usable = [...document.querySelectorAll(${JSON.stringify(selector)})].some(
      (el) => !el.disabled && el.getBoundingClientRect().height > 0 ${text ? `&& el.textContent.includes(${JSON.stringify(text)})` : ''},
    );
    if (usable) { window.__usableAt = performance.now(); window.__usableEpoch = Date.now(); }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  const timer = setInterval(() => { check(); if ('__usableAt' in window) clearInterval(timer); }, 4);
})();`;
}

/** A new context at 390 px with touch, cache disabled, on `profile`'s network: a cold first visit. */
async function coldPage(app: E2eApp, profile: NetworkProfile) {
  const context = await app.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'nl-NL',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.conditions) {
    const { mbit, up, latency } = profile.conditions;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: (mbit * 1_000_000) / 8,
      uploadThroughput: (up * 1_000_000) / 8,
    });
  }
  return { context, page };
}

/**
 * One cold load of `url`: milliseconds from the navigation until the probe accepts a frame. `navigation`
 * reads the page's own clock (from its navigation start); `wall` the wall clock from just before the
 * driver navigates, which also counts a redirect to another document (the mail link to the customer entry).
 */
export async function timeToUsable(
  app: E2eApp,
  url: string,
  probe: string,
  waitFor: (page: Page) => Promise<unknown>,
  profile: NetworkProfile,
  clock: 'navigation' | 'wall' = 'navigation',
): Promise<number> {
  const { context, page } = await coldPage(app, profile);
  try {
    await page.addInitScript(probe);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await waitFor(page);
    await page.waitForFunction(() => '__usableAt' in window, undefined, { timeout: 60_000 });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __usableAt: number; __usableEpoch: number };
      return { at: w.__usableAt, epoch: w.__usableEpoch };
    });
    return clock === 'navigation' ? seen.at : seen.epoch - started;
  } finally {
    await context.close();
  }
}

/**
 * A cold first visit that logs in: the login form as soon as it is usable (or after `typingMs`, the
 * time a person takes to type), then milliseconds from the submit (the page's own clock, at the form's
 * submit event) until the first frame that shows `landmark` (the dashboard's welcome).
 */
export async function timeToDashboard(
  app: E2eApp,
  profile: NetworkProfile,
  credentials: { email: string; password: string },
  landmark: string,
  typingMs = 0,
): Promise<number> {
  const { context, page } = await coldPage(app, profile);
  try {
    await page.addInitScript(`(() => {
  document.addEventListener('submit', () => { if (!('__submitAt' in window)) window.__submitAt = performance.now(); }, true);
  const check = () => {
    if ('__shownAt' in window || !('__submitAt' in window)) return;
    if (document.body && document.body.innerText.includes(${JSON.stringify(landmark)})) window.__shownAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`);
    await page.goto(`${app.baseUrl}/#/login`, { waitUntil: 'commit' });
    await page.getByLabel('E-mailadres').waitFor({ state: 'visible', timeout: 60_000 });
    if (typingMs) await page.waitForTimeout(typingMs);
    await page.getByLabel('E-mailadres').fill(credentials.email);
    await page.getByLabel(/^Wachtwoord/).fill(credentials.password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForFunction(() => '__shownAt' in window, undefined, { timeout: 60_000 });
    return page.evaluate(() => {
      const w = window as unknown as { __submitAt: number; __shownAt: number };
      return w.__shownAt - w.__submitAt;
    });
  } finally {
    await context.close();
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The report's last line: when and on what it was measured, with the machine's load then. */
export function measuredOn(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), load ${load}.`;
}

/** Prints the report, writes it to docs/benchmarks/`file` with `--write`, and exits 1 when a target is missed. */
export function finishReport(report: string, file: string, isWithin: boolean): never {
  if (process.argv.includes('--write')) writeFileSync(path.join(ROOT, 'docs/benchmarks', file), report);
  console.log(report);
  process.exit(isWithin ? 0 : 1);
}
