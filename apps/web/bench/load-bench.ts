// `npm run bench:load`: how long a person waits for a usable login form, in Chromium at 390 px with a
// cold cache, unthrottled and on simulated 4G and slow 4G (the network on a roof). Needs a build
// (`npm run build`). Writes docs/benchmarks/load.md with `--write`.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types
import { measureEntries } from '../../../scripts/bundle-budget.mjs';
import { startApp } from '../e2e/harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUNS = Number(process.env.RUNS ?? 5);

const PROFILES = [
  { name: 'unthrottled', target: 800, conditions: null },
  { name: '4G (9 Mbit/s, 85 ms)', target: null, conditions: { mbit: 9, up: 3, latency: 85 } },
  { name: 'slow 4G (1.6 Mbit/s, 150 ms)', target: 2500, conditions: { mbit: 1.6, up: 0.75, latency: 150 } },
] as const;

// A string, not a function: the TypeScript runner would wrap named functions in helpers the page lacks.
const USABLE_PROBE = `(() => {
  const check = () => {
    if ('__usableAt' in window) return;
    const input = document.querySelector('input[type="email"]');
    if (input && !input.disabled && input.getBoundingClientRect().height > 0) window.__usableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  const timer = setInterval(() => { check(); if ('__usableAt' in window) clearInterval(timer); }, 4);
})();`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const app = await startApp();
const rows: string[] = [];
let allWithin = true;
try {
  for (const profile of PROFILES) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
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
      // The page notes, on the first frame that shows an enabled e-mail field, the time since the
      // navigation started (performance.now() counts from there): no polling delay of the driver.
      await page.addInitScript(USABLE_PROBE);
      await page.goto(`${app.baseUrl}/#/login`, { waitUntil: 'commit' });
      await page.getByLabel('E-mailadres').waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForFunction(() => '__usableAt' in window);
      times.push(await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt));
      await context.close();
    }
    const ms = Math.round(median(times));
    const within = profile.target === null || ms <= profile.target;
    allWithin &&= within;
    rows.push(
      `| ${profile.name} | ${ms} ms | ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))} ms | ${profile.target ? `${profile.target} ms` : '–'} | ${profile.target ? (within ? 'yes' : 'no') : '–'} |`,
    );
    console.log(`${profile.name}: median ${ms} ms over ${RUNS} runs`);
  }
} finally {
  await app.stop();
}

const staff = (measureEntries() as { entry: string; total: number; requests: number }[]).find(
  (e) => e.entry === 'index.html',
)!;
const report = `# Login screen load time

\`npm run bench:load\` (apps/web/bench/load-bench.ts): Chromium at 390 × 844 with touch, cold cache (a new
context per run, cache disabled), the built app served by the real server with its precompressed files.
Time from navigation to a visible, enabled e-mail field, median of ${RUNS} runs. Network throttling through the
DevTools protocol (\`Network.emulateNetworkConditions\`: latency per request, download and upload rate).

Initial load of the login screen: ${(staff.total / 1024).toFixed(1)} KiB gzip in ${staff.requests} files (index.html,
its statically imported chunks and CSS; budget 300 KiB, checked by \`apps/web/e2e/bundle.e2e.test.ts\`).

| network | median | range | target | within |
|---|---|---|---|---|
${rows.join('\n')}

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}.
`;
if (process.argv.includes('--write')) writeFileSync(path.join(ROOT, 'docs/benchmarks/load.md'), report);
console.log(report);
process.exit(allWithin ? 0 : 1);
