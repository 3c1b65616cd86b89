// `npm run bench:web` (alias `bench:load`): how long a person waits for a usable login form, in Chromium
// at 390 px with a cold cache, unthrottled and on simulated 4G and slow 4G (the network on a roof), and
// on slow 4G how long the dashboard takes after the login (issue 50). Builds first; writes
// docs/benchmarks/load.md with `--write`.
// @ts-expect-error plain ESM script without types
import { BUDGETS, measureEntries } from '../../../scripts/bundle-budget.mjs';
import { DEMO_PASSWORD, startApp } from '../e2e/harness';
import {
  finishReport,
  measuredOn,
  median,
  PROFILES,
  timeToDashboard,
  timeToUsable,
  usableProbe,
} from './page-load';

const RUNS = Number(process.env.RUNS ?? 5);
const DASHBOARD_TARGET_MS = 3500;
const INSTALLER = { email: 'sanne@zonnestroom-noord.nl', password: DEMO_PASSWORD };
const WELCOME = 'Welkom, Sanne de Vries';
/** A person needs a few seconds to type an address and a password; the app loads meanwhile. */
const TYPING_MS = 5000;

const row = (name: string, network: string, times: number[], target: number | null) => {
  const ms = Math.round(median(times));
  const within = target === null || ms <= target;
  console.log(`${name}, ${network}: median ${ms} ms over ${times.length} runs`);
  return {
    within,
    line: `| ${name} | ${network} | ${ms} ms | ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))} ms | ${target ? `${target} ms` : '–'} | ${target ? (within ? 'yes' : 'no') : '–'} |`,
  };
};

const app = await startApp();
const rows: { within: boolean; line: string }[] = [];
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
    rows.push(row('login form usable', profile.name, times, profile.target));
  }
  const slow = PROFILES.find((p) => p.name.startsWith('slow 4G'))!;
  for (const [name, typingMs] of [
    ['dashboard after login, submitted at once', 0],
    [`dashboard after login, submitted after ${TYPING_MS / 1000} s of typing`, TYPING_MS],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++)
      times.push(await timeToDashboard(app, slow, INSTALLER, WELCOME, typingMs));
    rows.push(row(name, slow.name, times, DASHBOARD_TARGET_MS));
  }
} finally {
  await app.stop();
}

const staff = (measureEntries() as { entry: string; total: number; requests: number }[]).find(
  (e) => e.entry === 'index.html',
)!;
const report = `# Login screen and dashboard load time

\`npm run bench:web\` (apps/web/bench/load-bench.ts; \`bench:load\` is the same): Chromium at 390 × 844 with
touch, cold cache (a new context per run, cache disabled), the built app served by the real server with its
precompressed files. Network throttling through the DevTools protocol (\`Network.emulateNetworkConditions\`:
latency per request, download and upload rate). Median of ${RUNS} runs.

- Login form usable: from navigation to a visible, enabled e-mail field.
- Dashboard after login (slow 4G): from the form's submit to the first frame showing "${WELCOME}"
  (an installer of the demo data), submitted as soon as the form is usable (the worst case: the app is
  still downloading) or after ${TYPING_MS / 1000} s, as a person typing (the app loads in idle time meanwhile).
  While the form waits, the files of the first screen after a login load at low priority, so the login's
  request and the dashboard's first read (started with the login's answer) go before them (decision 076).

Initial load of the login screen: ${(staff.total / 1024).toFixed(1)} KiB gzip in ${staff.requests} files (index.html,
its statically imported chunks and CSS; budget ${Math.round(BUDGETS['index.html'] / 1024)} KiB, checked by \`apps/web/e2e/bundle.e2e.test.ts\`).

| measure | network | median | range | target | within |
|---|---|---|---|---|---|
${rows.map((r) => r.line).join('\n')}

${measuredOn()}
`;
finishReport(
  report,
  'load.md',
  rows.every((r) => r.within),
);
