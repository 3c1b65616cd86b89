// What the HTTP benchmarks share: the database (embedded or DATABASE_URL, kept between runs when
// loaded), timing a case by the Server-Timing header, waiting for a quiet machine, the result table.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/platform/config';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/platform/db/embedded';
import { createLogger } from '../src/platform/log';
import { createServer } from '../src/server';

export const RUNS = Number(process.env.BENCH_RUNS ?? 20);
export const log = (line: string) => process.stdout.write(`${line}\n`);

export interface Case {
  group: string;
  name: string;
  target: number;
  urls: string[];
  token: string;
  /** GET unless said (a download such as exportstatistics is a POST). */
  method?: 'GET' | 'POST';
}

export interface Result extends Case {
  p50: number;
  p95: number;
  max: number;
  n: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A database `name` on DATABASE_URL or an embedded server; reused when a previous load finished. */
export async function databaseUrl(name: string): Promise<{
  url: string;
  embedded: EmbeddedPostgres | null;
  cleanup: () => void;
}> {
  let adminUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | null = null;
  let cleanup = () => {};
  if (!adminUrl) {
    const keep = process.env.BENCH_DATA_DIR;
    const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'im-bench-'));
    embedded = await startEmbeddedPostgres({ dataDir: dir, logger: createLogger('warn') });
    adminUrl = embedded.url;
    if (!keep) cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  let loaded = false;
  if (exists.rowCount) {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const probe = new pg.Client({ connectionString: u.toString() });
    await probe.connect();
    const done = await probe.query(`select to_regclass('bench_loaded') is not null as ok`);
    loaded = done.rows[0].ok;
    await probe.end();
    // A load that did not finish (indexes dropped, half the rows): start over.
    if (!loaded) await admin.query(`drop database ${name} with (force)`);
  }
  if (!loaded) await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), embedded, cleanup };
}

export async function waitForQuiet(): Promise<void> {
  const limit = Date.now() + Number(process.env.BENCH_WAIT_SECONDS ?? 600) * 1000;
  const quiet = Number(process.env.BENCH_QUIET_LOAD ?? 1);
  while (os.loadavg()[0]! >= quiet && Date.now() < limit) {
    log(`waiting for a quieter machine (load ${os.loadavg()[0]!.toFixed(1)}) ...`);
    await new Promise((r) => setTimeout(r, 15_000));
  }
}

export async function runCase(base: string, c: Case): Promise<Result> {
  const times: number[] = [];
  const call = async (url: string) => {
    const res = await fetch(base + url, {
      method: c.method ?? 'GET',
      headers: { authorization: `Bearer ${c.token}` },
    });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    return Number(timing?.[1] ?? Number.NaN);
  };
  for (const url of c.urls) await call(url); // warm-up: plans, caches
  const rounds = Math.max(RUNS, c.urls.length * 3);
  for (let i = 0; i < rounds; i++) times.push(await call(c.urls[i % c.urls.length]!));
  times.sort((a, b) => a - b);
  const result = {
    ...c,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    n: times.length,
  };
  log(
    `${result.p95 <= c.target ? 'PASS' : 'FAIL'} ${c.group}: ${c.name}  p50 ${result.p50.toFixed(1)}  p95 ${result.p95.toFixed(1)} ms`,
  );
  return result;
}

export function renderTable(results: Result[]): string {
  const lines = [
    '| group | case | target p95 | p50 ms | p95 ms | max ms | n | result |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.group} | ${r.name} | ${r.target} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.n} | ${r.p95 <= r.target ? 'PASS' : '**FAIL**'} |`,
    );
  }
  return lines.join('\n');
}

/** The benchmark's login password (every bench user has it). */
export const BENCH_PASSWORD = 'Bench-wachtwoord-1';

/**
 * The bench company of `email` (a manager), or a new one with `users - 1` role-100 colleagues and
 * the CRM data (relations, flows) loaded; answers its id and user ids (the manager first).
 */
export async function ensureBenchCompany(
  server: import('../src/server').Server,
  client: import('pg').PoolClient,
  options: { email: string; name: string; users: number; relations: number; flows: number },
): Promise<{ companyId: number; userIds: number[] }> {
  const { createCompany } = await import('../src/features/companies/create-company');
  const { createUser } = await import('../src/features/users/create-user');
  const { loadCompanyData } = await import('./crm-data');
  const found = await client.query<{ company_id: number }>('select company_id from "user" where email = $1', [
    options.email,
  ]);
  let companyId = found.rows[0]?.company_id;
  if (companyId) log(`reusing company ${companyId}`);
  else {
    companyId = await server.deps.db.platform((tx) =>
      createCompany(tx, { name: options.name, modules: ['BASIS', 'CRM', 'SETTINGS'] }),
    );
    const id = companyId;
    const loginId = await server.deps.db.platform((tx) =>
      createUser(tx, {
        companyId: id,
        name: 'Bench',
        surname: 'Beheerder',
        email: options.email,
        password: BENCH_PASSWORD,
        role: 1000,
        userType: 'standard',
      }),
    );
    await client.query(
      `insert into "user" (company_id, name, surname, email, password_hash, role, user_type)
       select $1::int, 'Monteur', 'Nummer ' || i, 'monteur' || i || '-' || $1::text || '@bench.local', u.password_hash, 100, 'project'
       from generate_series(1, $2::int) i, "user" u where u.id = $3`,
      [id, options.users - 1, loginId],
    );
    log(`loading ${options.relations} relations and ${options.flows} flows ...`);
    const ids = await client.query<{ id: number }>(
      'select id from "user" where company_id = $1 order by id',
      [id],
    );
    await loadCompanyData(client, {
      companyId: id,
      relations: options.relations,
      flows: options.flows,
      userIds: ids.rows.map((u) => u.id),
      log,
    });
  }
  const users = await client.query<{ id: number }>(
    'select id from "user" where company_id = $1 order by id',
    [companyId],
  );
  return { companyId, userIds: users.rows.map((u) => u.id) };
}

/** Listens on a free loopback port; answers the base URL. */
export async function listen(server: import('../src/server').Server): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export async function benchLogin(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed for ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The real server in-process on the bench database `name` (job workers only with `work`; Chromium only with `pdf`), with its
 * database handle for loading data and stopping afterwards.
 */
export async function startBenchServer(
  name: string,
  options: { pdf?: boolean; work?: boolean; config?: Record<string, string> } = {},
) {
  const db = await databaseUrl(name);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'im-bench-files-')),
    LOG_LEVEL: 'warn',
    ...(options.pdf ? {} : { CHROMIUM_PATH: '/nonexistent/chromium' }),
    DB_POOL_SIZE: '10',
    ...options.config,
  });
  const server = await createServer({
    config,
    databaseUrl: db.url,
    logger: createLogger('error'),
    work: options.work ?? false,
  });
  return { db, server };
}

/** "18.4, shared_buffers 1GB": the PostgreSQL a benchmark table was measured on. */
export async function serverVersion(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ v: string }>(
    "select current_setting('server_version') || ', shared_buffers ' || current_setting('shared_buffers') as v",
  );
  return rows[0]!.v;
}
