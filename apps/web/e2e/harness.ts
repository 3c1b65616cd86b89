import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { watchPage } from './failure-report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN = { email: 'admin@e2e.test', password: 'Beheer123' };
export const DEMO_PASSWORD = 'Welkom123';
export const SCREENSHOT_DIR = path.join(ROOT, 'apps/web/e2e/screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return found;
}

export interface E2eApp {
  baseUrl: string;
  browser: Browser;
  /**
   * A page in a fresh context: a 1280 x 800 desk by default, or a phone or tablet with touch. The app's
   * service worker is blocked unless `serviceWorker` asks for it (the offline test): a test that routes
   * the page's requests must see every one of them.
   */
  newPage(device?: {
    width: number;
    height: number;
    touch?: boolean;
    serviceWorker?: boolean;
  }): Promise<Page>;
  /**
   * A browser of its own whose profile (service worker, IndexedDB, local storage, cache) lives in
   * `userDataDir`: closed and launched again on the same directory, it is the phone's browser opened again
   * from what it stored, as after the app was swiped away. The service worker is allowed.
   */
  openProfile(
    userDataDir: string,
    device: { width: number; height: number; touch?: boolean },
  ): Promise<BrowserContext>;
  /**
   * Runs SQL on the app's embedded database as its superuser: for rows no call can make yet (a sent
   * invoice before the sales documents exist). The cluster's port is line 4 of its postmaster.pid.
   */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

async function embeddedSql<T extends pg.QueryResultRow>(dataDir: string, text: string, values?: unknown[]) {
  const creds = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'));
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: creds.user,
    password: creds.password,
    database: 'app',
  });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function serverMain(): string {
  // IM_E2E_SERVER_MAIN: a server bundle elsewhere (a snapshot taken while others rebuild dist/).
  const main = process.env.IM_E2E_SERVER_MAIN ?? path.join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('Build first: npm run build');
  return main;
}

/** Starts the built server on `dataDir` (its embedded cluster) and waits until it answers. */
async function startServer(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [serverMain(), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      INIT_ADMIN_EMAIL: ADMIN.email,
      INIT_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // IM_E2E_START_MS: a longer wait on a machine shared with other test runs (loading the demo takes longer).
  const deadline = Date.now() + Number(process.env.IM_E2E_START_MS || 120_000);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error('server did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { server, baseUrl };
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/**
 * The demo data loaded once per browser run (e2e/global-setup.ts): the server starts with `--demo` on
 * a new data directory, runs its workers until no job is due and every durable event consumer has
 * handled every event, and stops cleanly. Each test file's server then starts on a copy of that
 * directory (about 5 s instead of 17-22 s for loading the demo again).
 */
export async function makeDemoTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-e2e-template-'));
  const { server } = await startServer(dataDir, ['--demo']);
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [pending] = await embeddedSql<{ jobs: number; events: number; rules: number }>(
        dataDir,
        `select (select count(*)::int from pgboss.job
                  where state in ('created', 'retry', 'active') and start_after <= now()) as jobs,
                (select count(*)::int from event_consumer
                  where last_id < (select coalesce(max(id), 0) from domain_event)) as events,
                (select count(*)::int from delayed_rule where status = 'pending' and due_at <= now()) as rules`,
      );
      if (pending && !pending.jobs && !pending.events && !pending.rules) break;
      if (Date.now() > deadline) {
        // The copies then catch up themselves, as a server that loaded the demo itself would.
        console.warn('demo template: work still pending after 30 s', pending);
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await stopServer(server);
  }
  return dataDir;
}

/** The run's demo template; a bench run outside vitest (`npm run bench:web`) has none. */
function demoTemplate(): string | undefined {
  try {
    return inject('e2eDemoTemplate');
  } catch {
    return undefined;
  }
}

/**
 * Starts the built server with the demo data and a headless Chromium: on a copy of the run's demo
 * template (e2e/global-setup.ts), or, when a run has none, on a fresh embedded database with `--demo`.
 * `env`: extra server settings (an SMTP_URL of a test mail server).
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

function contextOptions(device?: {
  width: number;
  height: number;
  touch?: boolean;
  serviceWorker?: boolean;
}) {
  return {
    viewport: device ? { width: device.width, height: device.height } : { width: 1280, height: 800 },
    hasTouch: device?.touch ?? false,
    isMobile: device?.touch ?? false,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    serviceWorkers: device?.serviceWorker ? ('allow' as const) : ('block' as const),
  };
}

export async function startApp(options: { env?: Record<string, string> } = {}): Promise<E2eApp> {
  const template = demoTemplate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-e2e-'));
  if (template) {
    cpSync(template, dataDir, {
      recursive: true,
      // Files of a running server: the template's server has stopped, so they should not be there.
      filter: (source) => {
        const name = path.basename(source);
        return !['server.lock', 'postmaster.pid'].includes(name) && !name.startsWith('.s.PGSQL.');
      },
    });
  }
  const { server, baseUrl } = await startServer(dataDir, template ? [] : ['--demo'], options.env);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  return {
    baseUrl,
    browser,
    async newPage(device) {
      const context = await browser.newContext(contextOptions(device));
      const page = await context.newPage();
      watchPage(page);
      return page;
    },
    openProfile: (userDataDir, device) =>
      chromium.launchPersistentContext(userDataDir, {
        executablePath: findChromium(),
        args: CHROMIUM_ARGS,
        ...contextOptions({ ...device, serviceWorker: true }),
      }),
    sql: (text, values) => embeddedSql(dataDir, text, values),
    async stop() {
      await browser.close().catch(() => {});
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel(/^Wachtwoord/).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/**
 * How many pixels the page reaches past the device's width (0 when it fits). Against the width the page
 * was given (`page.viewportSize()`), not window.innerWidth: a phone's browser widens its layout viewport
 * to a page that overflows (and zooms out to show it), so innerWidth grows with the overflow it should
 * reveal. A sub-pixel remainder (1 px) counts as fitting.
 */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate((width) => {
    const over = document.documentElement.scrollWidth - width;
    return over > 1 ? over : 0;
  }, page.viewportSize()!.width);
}
