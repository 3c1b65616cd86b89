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
import { median, PROFILES, timeToUsable, usableProbe } from './page-load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUNS = Number(process.env.RUNS ?? 5);

const app = await startApp();
const rows: string[] = [];
let allWithin = true;
try {
  for (const profile of PROFILES) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++)
      times.push(
        await timeToUsable(
          app,
          `${app.baseUrl}/#/login`,
          usableProbe('input[type="email"]'),
          (page) => page.getByLabel('E-mailadres').waitFor({ state: 'visible', timeout: 60_000 }),
          profile,
        ),
      );
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
