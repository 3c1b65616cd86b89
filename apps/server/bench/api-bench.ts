/**
 * `npm run bench:api [-- --write]`: load benchmark of the hot calls (autocannon, 20 connections) against
 * the real server in its own process, each beside a raw baseline: the same SQL statements through
 * plain `pg` in a bare Fastify route (api-baseline.ts). Reports req/s, p50, p99, errors and the
 * server's CPU per request (from /proc), and writes docs/benchmarks/api.md with --write.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureMainCompany } from '../src/features/companies/bootstrap';
import { loadDemoData } from '../src/features/demo/load-demo';
import { loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { type PipelineStatement, PreparingClient } from '../src/platform/db/preparing-client';
import { createLogger } from '../src/platform/log';
import { createServer } from '../src/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/**
 * Measured rounds per call, real and raw taking turns: this machine's speed drifts by tens of percent
 * within minutes, so one long run of each compares two different machines; the median of alternating
 * rounds compares like with like.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
/**
 * Server processes (the server's WORKERS, default 1). On two cores shared with PostgreSQL and the load
 * generator a second worker cost more CPU per request than it gained (docs/decisions/014, twelfth round).
 */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** Unmeasured load before each measured one: JIT compilation and statement preparation are start-up costs. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const log = (line: string) => process.stdout.write(`${line}\n`);
const tmp = (name: string) => path.join(os.tmpdir(), `im-api-bench-${process.pid}-${name}`);

interface Case {
  name: string;
  target: number;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: () => unknown;
  /**
   * Paths the call rotates over (each connection's next request takes the next one), each with its own
   * captured statements for the baseline: 20 users changing 20 relations, not 20 users queueing on one
   * row lock (which measures the lock, not the request).
   */
  rotate?: string[];
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The processes on this machine: pid, parent and name. */
function processes(): { pid: number; ppid: number; name: string }[] {
  const out: { pid: number; ppid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(entry), ppid, name });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** CPU time of the given processes, skipping any that ended meanwhile. */
function sumCpuMs(pids: Iterable<number>): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuMs(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/** A process and every process under it. */
function tree(root: number, all = processes()): Set<number> {
  const pids = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (!pids.has(p.pid) && pids.has(p.ppid)) {
        pids.add(p.pid);
        grew = true;
      }
  }
  return pids;
}

/** CPU time of a process and every process under it (the server's workers, WORKERS > 1). */
function treeCpuMs(root: number): number {
  return sumCpuMs(tree(root));
}

/**
 * CPU time of the database's processes (its share of a load run) and of a PgBouncer in front of it (decision
 * 053): the embedded PostgreSQL's, which this
 * process started (other PostgreSQL servers on a shared machine, other benchmarks' and tests', are not
 * counted); with DATABASE_URL every PostgreSQL process on this machine.
 */
function postgresCpuMs(): number {
  const all = processes();
  const own = embedded ? tree(process.pid, all) : null;
  return sumCpuMs(
    all
      .filter((p) => (p.name === 'postgres' || p.name === 'pgbouncer') && (!own || own.has(p.pid)))
      .map((p) => p.pid),
  );
}

async function waitForLoad(): Promise<number> {
  for (let i = 0; i < 30 && os.loadavg()[0]! > 0.7; i++) await new Promise((r) => setTimeout(r, 2000));
  return os.loadavg()[0]!;
}

// --- database with demo data ---------------------------------------------------------------------
let databaseUrl = process.env.DATABASE_URL;
const dataDir = tmp('pg');
const embedded = databaseUrl ? null : await startEmbeddedPostgres({ dataDir, logger: createLogger('warn') });
if (embedded) {
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query('create database im_api_bench');
  await admin.end();
  const u = new URL(embedded.url);
  u.pathname = '/im_api_bench';
  databaseUrl = u.toString();
}
const config = loadConfig({ ...process.env, DATA_DIR: tmp('data'), LOG_LEVEL: 'warn', GEOCODER: 'none' });
const setup = await createServer({
  config,
  databaseUrl: databaseUrl!,
  logger: createLogger('warn'),
  work: false,
});
await ensureMainCompany(setup.deps.db, config, createLogger('warn'), () => {});
await loadDemoData(setup.deps.db, createLogger('warn'), setup.deps.storage);
const login = await setup.app.inject({
  method: 'POST',
  url: '/api/authenticate',
  payload: { email: 'sanne@zonnestroom-noord.nl', password: 'Welkom123' },
});
const token = login.json().token as string;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const ids = await setup.deps.db.platform(async (tx) => {
  const r = await tx.execute<{ relation_id: number; flow_id: number }>(
    `select r.id as relation_id, f.id as flow_id from relation r join flow f on f.relation_id = r.id
     join company c on c.id = r.company_id where c.name = 'Zonnestroom Noord B.V.' limit 1` as never,
  );
  return r.rows[0]!;
});
const updatable = await setup.deps.db.platform(async (tx) => {
  const r = await tx.execute<{ id: number }>(
    `select r.id from relation r join company c on c.id = r.company_id
     where c.name = 'Zonnestroom Noord B.V.' and r.deleted_at is null order by r.id limit 20` as never,
  );
  return r.rows.map((row) => `/api/relation/${row.id}`);
});
let serial = 0;
const CASES: Case[] = [
  { name: 'current-user', target: 3000, method: 'GET', path: '/api/user/getcurrentuser' },
  { name: 'relation-detail', target: 1200, method: 'GET', path: `/api/relation/${ids.relation_id}` },
  { name: 'flow-detail', target: 1200, method: 'GET', path: `/api/flow/${ids.flow_id}` },
  // The overviews' first pages as the screens ask for them (a manager: every flow of the company).
  {
    name: 'flow-overview',
    target: 1500,
    method: 'GET',
    path: '/api/flow/querypaginated?offset=0&limit=25&status=all',
  },
  {
    name: 'invoice-overview',
    target: 1500,
    method: 'GET',
    path: '/api/invoice?offset=0&limit=25&sort=-documentdate',
  },
  {
    name: 'relation-overview',
    target: 800,
    method: 'GET',
    path: '/api/relation/querypaginated?offset=0&limit=25',
  },
  { name: 'typeahead', target: 800, method: 'GET', path: '/api/relation/search?query=van' },
  { name: 'pipeline', target: 0, method: 'GET', path: '/api/user/getleadpipeline?limit=100' },
  { name: 'dashboard', target: 0, method: 'GET', path: '/api/user/getdashboard' },
  {
    name: 'create',
    target: 0,
    method: 'POST',
    path: '/api/relation',
    body: () => ({ surname: `Bench ${++serial}`, createnewflow: 0 }),
  },
  {
    name: 'update',
    target: 0,
    method: 'PATCH',
    path: `/api/relation/${ids.relation_id}`,
    rotate: updatable,
    body: () => ({ phone: `06-${String(++serial).padStart(8, '0')}` }),
  },
];

// --- capture the SQL of each call (one in-process run per case) -----------------------------------
/** A statement the call sent, or a group it sent in one round trip (`PreparingClient.pipelined`). */
type Captured = { text: string; values?: unknown[] } | { pipeline: PipelineStatement[] };
const captured: Record<string, Captured[]> = {};
const originalQuery = pg.Client.prototype.query;
type RunPipeline = (statements: readonly PipelineStatement[], options: object) => Promise<unknown>;
const originalRunPipeline = (PreparingClient.prototype as unknown as { runPipeline: RunPipeline })
  .runPipeline;
let sink: Captured[] | null = null;
pg.Client.prototype.query = function capture(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [
    string | { text: string; values?: unknown[]; submit?: unknown },
    unknown[] | undefined,
  ];
  // pg-boss's own statements (a job a call schedules, its polling) run on pg-boss's pool, not in the call's
  // transaction: the baseline's tenant connection may not replay them. A pipeline is captured whole below.
  const text = typeof first === 'string' ? first : first.text;
  const ownProtocol = typeof first !== 'string' && typeof first.submit === 'function';
  if (sink && !ownProtocol && !/\bpgboss\./.test(text))
    sink.push(
      typeof first === 'string'
        ? { text: first, values: second }
        : { text: first.text, values: first.values ?? second },
    );
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
// Every pipeline the call sends (its reads, and a transaction's begin and set-up with its first statement).
const pipelineOwner = PreparingClient.prototype as unknown as { runPipeline: RunPipeline };
pipelineOwner.runPipeline = function capturePipeline(this: PreparingClient, statements, options) {
  sink?.push({ pipeline: statements.map((s) => ({ text: s.text, values: s.values })) });
  return originalRunPipeline.call(this, statements, options);
};
for (const c of CASES) {
  for (const [i, url] of (c.rotate ?? [c.path]).entries()) {
    // The call as it runs under load: once unmeasured first (the caller's session is then remembered,
    // session-cache.ts), then captured.
    sink = null;
    await setup.app.inject({ method: c.method, url, headers: auth, payload: c.body?.() as never });
    await setup.deps.db.notificationsSettled();
    sink = [];
    const res = await setup.app.inject({
      method: c.method,
      url,
      headers: auth,
      payload: c.body?.() as never,
    });
    if (res.statusCode >= 300) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    // A change's notification goes out after its commit: part of this call, not of the next one.
    await setup.deps.db.notificationsSettled();
    captured[c.rotate ? `${c.name}/${i}` : c.name] = sink;
  }
}
sink = null;
pg.Client.prototype.query = originalQuery;
pipelineOwner.runPipeline = originalRunPipeline;
await setup.close();
writeFileSync(tmp('cases.json'), JSON.stringify(captured));

// --- the two servers, each in its own process -----------------------------------------------------
async function startChild(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(readyUrl, { headers: auth });
      if (r.status < 500) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${args.join(' ')} did not start`);
}
const appPort = await freePort();
const basePort = await freePort();
// BENCH_CPU_PROF=<dir>: the real server writes a V8 CPU profile there when it stops (open it in Chrome's
// DevTools or read it with any .cpuprofile viewer).
const profileDir = process.env.BENCH_CPU_PROF;
const appServer = await startChild(
  [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    path.join(ROOT, 'apps/server/dist/main.js'),
  ],
  {
    DATABASE_URL: databaseUrl!,
    PORT: String(appPort),
    DATA_DIR: tmp('data'),
    LOG_FORMAT: 'json',
    GEOCODER: 'none',
    WORKERS: String(WORKERS),
  },
  `http://127.0.0.1:${appPort}/api/health`,
);
const baseServer = await startChild(
  ['--import', 'tsx', path.join(ROOT, 'apps/server/bench/api-baseline.ts')],
  // Behind PgBouncer (DATABASE_URL a pooler, DATABASE_DIRECT_URL set) the baseline stays direct: its client
  // names statements (decision 053).
  {
    DATABASE_URL: process.env.DATABASE_DIRECT_URL ?? databaseUrl!,
    PORT: String(basePort),
    BASELINE_CASES: tmp('cases.json'),
  },
  `http://127.0.0.1:${basePort}/case/current-user`,
);

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequest: number;
  /** PostgreSQL's CPU per request (all its processes). */
  dbPerRequest: number;
}

async function warm(requests: autocannon.Request[], url: string): Promise<void> {
  if (WARMUP_SECONDS > 0)
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, requests });
}

async function load(pid: number, requests: autocannon.Request[], url: string): Promise<Measure> {
  const cpuBefore = treeCpuMs(pid);
  const dbBefore = postgresCpuMs();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  const cpu = treeCpuMs(pid) - cpuBefore;
  const db = postgresCpuMs() - dbBefore;
  const done = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuPerRequest: done ? cpu / done : Number.NaN,
    dbPerRequest: done ? db / done : Number.NaN,
  };
}

let turn = 0;
const request = (c: Case, pathOf: (c: Case, i?: number) => string): autocannon.Request => ({
  method: c.method,
  path: pathOf(c),
  headers: auth,
  ...(c.body || c.rotate
    ? {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          ...(c.rotate ? { path: pathOf(c, turn++ % c.rotate.length) } : {}),
          ...(c.body ? { body: JSON.stringify(c.body()) } : {}),
        }),
      }
    : {}),
});

const load0 = await waitForLoad();
const rows: string[] = [];
let allMet = true;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The median of each figure over the rounds; errors summed. */
function summary(rounds: Measure[]): Measure {
  return {
    rps: median(rounds.map((m) => m.rps)),
    p50: median(rounds.map((m) => m.p50)),
    p99: median(rounds.map((m) => m.p99)),
    errors: rounds.reduce((n, m) => n + m.errors, 0),
    cpuPerRequest: median(rounds.map((m) => m.cpuPerRequest)),
    dbPerRequest: median(rounds.map((m) => m.dbPerRequest)),
  };
}

const measureCase = async (name: string, target: number, cases: Case[]) => {
  const realUrl = `http://127.0.0.1:${appPort}`;
  const baseUrl = `http://127.0.0.1:${basePort}`;
  const realRequests = () =>
    cases.map((c) => request(c, (x, i) => (i === undefined ? x.path : x.rotate![i]!)));
  const baseRequests = () =>
    cases.map((c) => request(c, (x, i) => (i === undefined ? `/case/${x.name}` : `/case/${x.name}/${i}`)));
  await warm(realRequests(), realUrl);
  await warm(baseRequests(), baseUrl);
  const realRounds: Measure[] = [];
  const baseRounds: Measure[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    realRounds.push(await load(appServer.pid!, realRequests(), realUrl));
    baseRounds.push(await load(baseServer.pid!, baseRequests(), baseUrl));
    ratios.push(realRounds.at(-1)!.cpuPerRequest / baseRounds.at(-1)!.cpuPerRequest);
  }
  // The spread of the rounds, to say how noisy the machine was (not in the table).
  log(
    `  ${name} rounds: req/s ${realRounds.map((m) => m.rps).join(', ')}; raw ${baseRounds.map((m) => m.rps).join(', ')}; CPU ratio ${ratios.map((x) => x.toFixed(2)).join(', ')}`,
  );
  const real = summary(realRounds);
  const base = summary(baseRounds);
  const ratio = median(ratios);
  const met = (target === 0 || real.rps >= target) && ratio <= 2 && real.errors === 0 && base.errors === 0;
  allMet &&= met;
  const lists = cases.map((c) => (captured[c.name] ?? captured[`${c.name}/0`])!);
  const statements =
    lists.reduce(
      (n, list) => n + list.reduce((m, s) => m + ('pipeline' in s ? s.pipeline.length : 1), 0),
      0,
    ) / cases.length;
  const roundTrips = lists.reduce((n, list) => n + list.length, 0) / cases.length;
  rows.push(
    `| ${name} | ${real.rps} | ${real.p50} / ${real.p99} ms | ${real.cpuPerRequest.toFixed(2)} ms | ${real.dbPerRequest.toFixed(2)} ms | ${base.rps} | ${base.cpuPerRequest.toFixed(2)} ms | ${base.dbPerRequest.toFixed(2)} ms | ${ratio.toFixed(2)} | ${statements.toFixed(1)} / ${roundTrips.toFixed(1)} | ${target || '–'} | ${real.errors} / ${base.errors} | ${met ? 'yes' : 'no'} |`,
  );
  log(rows.at(-1)!);
};
log(
  '| call | req/s | p50 / p99 | CPU/req | DB CPU/req | raw req/s | raw CPU/req | raw DB CPU/req | CPU ratio | statements / round trips | target req/s | errors (real / raw) | met |',
);
// BENCH_CASES=a,b measures only those calls (and no mixed run unless named 'mixed').
const only = process.env.BENCH_CASES?.split(',');
for (const c of CASES) if (!only || only.includes(c.name)) await measureCase(c.name, c.target, [c]);
const mixed = CASES.filter((c) =>
  ['relation-detail', 'flow-detail', 'relation-overview', 'create', 'update'].includes(c.name),
);
if (!only || only.includes('mixed'))
  await measureCase('mixed CRUD (detail, list, create, update)', 1500, mixed);

appServer.kill('SIGTERM');
baseServer.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 1500));
await embedded?.stop();
for (const name of ['cases.json', 'data', 'pg']) rmSync(tmp(name), { recursive: true, force: true });

const report = `# API request cost

\`npm run bench:api\` (apps/server/bench/api-bench.ts): autocannon with ${CONNECTIONS} connections on the demo data,
load generator on the same machine; per call ${WARMUP_SECONDS} s of unmeasured load, then ${ROUNDS} rounds of ${SECONDS} s with real
and raw taking turns (each figure is the median of its rounds, the CPU ratio the median of the rounds'
ratios). The real server runs in its own process (\`node apps/server/dist/main.js\`, ${WORKERS > 1 ? `WORKERS=${WORKERS}: a primary and ${WORKERS} workers, otherwise default settings` : 'default settings'}, logs
as JSON to a pipe); beside it a raw baseline (apps/server/bench/api-baseline.ts) runs exactly the SQL
statements the real call ran (captured once per call, including transaction set-up and the session
lookup) through plain \`pg\` in a bare Fastify route; statements the call sent in one round trip (one Sync)
go out that way there too. The update rotates over 20 relations (20 users changing 20 relations, not queueing on
one row lock), each with its own captured statements. CPU per request is the server's user + system time
(every process of it) over the requests it answered; DB CPU per request the same for the embedded PostgreSQL's processes.
Targets: current user >= 3,000 req/s, details >= 1,200, the flow and invoice overviews' first pages >= 1,500
(issue 50; the flow overview as a manager, every status), the relation overview >= 800, mixed CRUD >= 1,500
with p99 < 100 ms and no errors; every call within 2x of its baseline's CPU per request.

| call | req/s | p50 / p99 | CPU/req | DB CPU/req | raw req/s | raw CPU/req | raw DB CPU/req | CPU ratio | statements / round trips | target req/s | errors (real / raw) | met |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load ${load0.toFixed(2)} at the start.

This machine's speed drifts: req/s of the same code and the same baseline differ by up to 40 % between
runs an hour apart; compare CPU ratios between runs, and req/s only beside the raw req/s of the same run.
What changed, what is left and why: docs/decisions/014-request-cost.md; every hot read's statements and round trips:
docs/benchmarks/hot-reads.md.
`;
if (process.argv.includes('--write')) writeFileSync(path.join(ROOT, 'docs/benchmarks/api.md'), report);
log(report);
process.exit(allMet ? 0 : 1);
