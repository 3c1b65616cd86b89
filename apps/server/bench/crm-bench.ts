/**
 * CRM benchmark (npm run bench:crm [-- --small] [-- --write]): loads one company with 1,000,000 flows
 * and 200,000 relations (50,000 / 10,000 with --small) and one with 10,000 open flows, then times the
 * real HTTP endpoints in-process and reports p50/p95 server time (the Server-Timing header) against
 * the targets. DATABASE_URL: use that PostgreSQL (a database `im_bench_<size>` is created on it);
 * otherwise an embedded one in BENCH_DATA_DIR (kept, so a second run reuses the data) or a temporary
 * directory. --write stores the table in docs/benchmarks/crm.md.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOW_STATUS_FILTERS, PIPELINE_SORT_OPTIONS } from '@im/domain';
import type pg from 'pg';
import { createCompany } from '../src/features/companies/create-company';
import { TEXT_QUERY_CAP } from '../src/features/flows/query-flows';
import { rebalanceAllSortRanges } from '../src/features/flows/sort-ranges';
import { createUser } from '../src/features/users/create-user';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/log';
import { createServer, type Server } from '../src/server';
import {
  type Case,
  databaseUrl,
  log,
  type Result,
  RUNS,
  renderTable,
  runCase,
  waitForQuiet,
} from './bench-kit';
import { loadCompanyData } from './crm-data';

const args = new Set(process.argv.slice(2));
const SMALL = args.has('--small');
const FLOWS = SMALL ? 50_000 : 1_000_000;
const RELATIONS = SMALL ? 10_000 : 200_000;
const PIPELINE_FLOWS = 10_000;
const PASSWORD = 'Bench-wachtwoord-1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Indexes of the flow tables (not constraints): dropped during the load and rebuilt after, much faster.
 * Relations and locations keep theirs: their triggers look rows up by them.
 */
async function withIndexesRebuilt(client: pg.PoolClient, load: () => Promise<void>): Promise<void> {
  const defs = await client.query<{ name: string; def: string }>(`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    join pg_class c on c.relname = i.indexname
    where i.schemaname = 'public' and i.tablename in ('flow', 'lead')
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`);
  for (const d of defs.rows) await client.query(`drop index "${d.name}"`);
  try {
    await load();
  } finally {
    const started = Date.now();
    await client.query("set maintenance_work_mem = '512MB'");
    for (const d of defs.rows) await client.query(d.def);
    log(`  indexes rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

async function ensureCompany(
  server: Server,
  name: string,
  size: { relations: number; flows: number; users: number; organizations: number; openOnly?: boolean },
): Promise<{ companyId: number; email: string; userIds: number[] }> {
  const { db } = server.deps;
  const email = `bench-${name.toLowerCase().replace(/\W+/g, '-')}@bench.local`;
  const client = await db.pool.connect();
  try {
    const found = await client.query<{ company_id: number }>(
      'select company_id from "user" where email = $1',
      [email],
    );
    const existing = found.rows[0];
    if (existing) {
      const users = await client.query<{ id: number }>(
        'select id from "user" where company_id = $1 order by id',
        [existing.company_id],
      );
      log(`${name}: reusing company ${existing.company_id}`);
      return { companyId: existing.company_id, email, userIds: users.rows.map((u) => u.id) };
    }
    log(`${name}: loading ${size.relations} relations, ${size.flows} flows ...`);
    const companyId = await db.platform((tx) =>
      createCompany(tx, { name, modules: ['BASIS', 'CRM', 'SETTINGS'] }),
    );
    const loginId = await db.platform((tx) =>
      createUser(tx, {
        companyId,
        name: 'Bench',
        surname: 'Gebruiker',
        email,
        password: PASSWORD,
        role: 1000,
        userType: 'standard',
      }),
    );
    await client.query(
      `insert into "user" (company_id, name, surname, email, password_hash, role, user_type)
       select $1::int, (array['Sanne','Mark','Fatima','Jeroen','Linda','Tom','Anouk','Rick','Esther','Niels'])[1 + i % 10],
         'Adviseur ' || i, 'adviseur' || i || '-' || $1::text || '@bench.local', u.password_hash, 100, 'sales'
       from generate_series(1, $2::int) i, "user" u where u.id = $3`,
      [companyId, size.users - 1, loginId],
    );
    const users = await client.query<{ id: number }>(
      'select id from "user" where company_id = $1 order by id',
      [companyId],
    );
    const userIds = users.rows.map((u) => u.id);
    await withIndexesRebuilt(client, async () => {
      await loadCompanyData(client, {
        companyId,
        relations: size.relations,
        flows: size.flows,
        userIds,
        openOnly: size.openOnly,
        log,
      });
      await client.query(
        `insert into organization (company_id, name, email)
         select $1, (array['Installatie','Bouw','Techniek','Energie','Klimaat','Solar','Service','Vastgoed'])[1 + i % 8]
           || ' ' || (array['Noord','Zuid','Oost','West','Centrum','Holland','Twente','Veluwe'])[1 + (i / 8) % 8]
           || ' BV ' || i, 'info' || i || '@bedrijf.nl'
         from generate_series(1, $2::int) i`,
        [companyId, size.organizations],
      );
    });
    return { companyId, email, userIds };
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const db = await databaseUrl(`im_bench_${SMALL ? 'small' : 'full'}`);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'im-bench-files-')),
    LOG_LEVEL: 'warn',
    CHROMIUM_PATH: '/nonexistent/chromium',
    DB_POOL_SIZE: '10',
  });
  const server = await createServer({
    config,
    databaseUrl: db.url,
    logger: createLogger('error'),
    work: false,
  });
  try {
    const big = await ensureCompany(server, 'Bench Installaties BV', {
      relations: RELATIONS,
      flows: FLOWS,
      users: 20,
      organizations: RELATIONS / 10,
    });
    const pipe = await ensureCompany(server, 'Bench Pijplijn BV', {
      relations: 2_500,
      flows: PIPELINE_FLOWS,
      users: 8,
      organizations: 250,
      openOnly: true,
    });
    log('sort ranges ...');
    for (const c of [big.companyId, pipe.companyId])
      await rebalanceAllSortRanges(server.deps.db, c, server.deps.config.FLOW_SORT_RANGE_SIZE);
    const client = await server.deps.db.pool.connect();
    log('vacuum analyze ...');
    await client.query('vacuum analyze');
    await client.query('create table if not exists bench_loaded (at timestamptz default now())');
    const version = (
      await client.query<{ v: string }>(
        "select current_setting('server_version') || ', shared_buffers ' || current_setting('shared_buffers') as v",
      )
    ).rows[0]!.v;
    // Rare search terms taken from the data: one person's e-mail name, one postcode, one flow number.
    const pickOne = async (text: string) =>
      (await client.query<{ v: string }>(text, [big.companyId])).rows[0]!.v;
    const rare = {
      email: await pickOne(
        `select split_part(email, '@', 1) as v from relation where company_id = $1 order by id offset ${Math.floor(RELATIONS / 3)} limit 1`,
      ),
      postcode: await pickOne(
        `select postcode as v from location where company_id = $1 order by id offset ${Math.floor(RELATIONS / 7)} limit 1`,
      ),
      number: String(Math.floor(FLOWS * 0.987654)),
    };
    client.release();

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = async (email: string) => {
      const res = await fetch(`${base}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`login failed: ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    };
    const bigToken = await login(big.email);
    const pipeToken = await login(pipe.email);
    const cases = buildCases(bigToken, pipeToken, big.userIds, rare);
    await waitForQuiet();
    const loadBefore = os.loadavg()[0]!;
    const results: Result[] = [];
    for (const c of cases) results.push(await runCase(base, c));
    const load = { before: loadBefore, after: os.loadavg()[0]! };
    const table = renderTable(results);
    log(`\n${table}`);
    if (args.has('--write')) {
      const doc = renderDoc(table, version, load);
      const file = path.join(ROOT, 'docs/benchmarks/crm.md');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, doc);
      log(`written to ${path.relative(ROOT, file)}`);
    }
    const failed = results.filter((r) => r.p95 > r.target);
    log(`${results.length - failed.length} passed, ${failed.length} failed`);
    process.exitCode = failed.length > 0 ? 1 : 0;
  } finally {
    await server.close();
    await db.embedded?.stop();
    db.cleanup();
  }
}

function buildCases(
  token: string,
  pipeToken: string,
  userIds: number[],
  rare: { email: string; postcode: string; number: string },
): Case[] {
  const last = FLOWS - 25;
  const mid = Math.floor(FLOWS / 2);
  const q = (params: Record<string, string | number>) =>
    `/api/flow/querypaginated?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const pages = (params: Record<string, string | number>, total: number) =>
    [0, Math.floor(total / 2), Math.max(0, total - 25)].map((offset) => q({ limit: 25, offset, ...params }));
  const overview = (name: string, urls: string[]): Case => ({
    group: 'Flow overview',
    name,
    target: 50,
    urls,
    token,
  });
  const share = (fraction: number) => Math.floor(FLOWS * fraction);
  const user = userIds[3]!;
  const cases: Case[] = [
    {
      group: 'Baseline',
      name: 'used tags (a tally lookup: login check, one small query, no list)',
      target: 30,
      urls: ['/api/flow/getusedflowtags'],
      token,
    },
    overview('all, first page', [q({ limit: 25, offset: 0 })]),
    overview(`all, middle page (offset ${mid})`, [q({ limit: 25, offset: mid })]),
    overview(`all, last page (offset ${last})`, [q({ limit: 25, offset: last })]),
  ];
  const statusShare: Record<string, number> = {
    unread: 0.02,
    new: 0.1,
    lead: 0.12,
    intake: 0.08,
    quotation: 0.12,
    confirmation: 0.05,
    project: 0.08,
    invoice: 0.05,
    aftercare: 0.05,
    completed: 0.3,
    cancelled: 0.15,
    all: 1,
  };
  for (const status of [...FLOW_STATUS_FILTERS, 'lead']) {
    cases.push(
      overview(`status=${status}, first/middle/last page`, pages({ status }, share(statusShare[status]!))),
    );
  }
  cases.push(
    overview('userId, first/middle/last page', pages({ userId: user }, share(1 / 20))),
    overview(
      'leadSource=Telefonisch, first/middle/last page',
      pages({ leadSource: 'Telefonisch' }, share(0.1)),
    ),
    overview('tag=Subsidie, first/middle/last page', pages({ tag: 'Subsidie' }, share(0.2))),
    overview('tag=VvE, first/middle/last page', pages({ tag: 'VvE' }, share(0.1))),
    overview(
      'status=quotation + userId, first/middle/last',
      pages({ status: 'quotation', userId: user }, share(0.006)),
    ),
    overview(
      'status=lead + leadSource + userId + tag, pages',
      pages({ status: 'lead', leadSource: 'Eigen website', userId: user, tag: 'Spoed' }, 60),
    ),
    overview('text common (jansen, zwolle, warmtepomp), first page', [
      q({ query: 'jansen' }),
      q({ query: 'zwolle' }),
      q({ query: 'warmtepomp' }),
    ]),
    overview(`text common, last reachable page (offset ${TEXT_QUERY_CAP - 25})`, [
      q({ query: 'jansen', offset: TEXT_QUERY_CAP - 25 }),
      q({ query: 'zwolle', offset: TEXT_QUERY_CAP - 25 }),
    ]),
    overview(`text rare (${rare.email}, ${rare.postcode}, ${rare.number}, hendriks kampen)`, [
      q({ query: rare.email }),
      q({ query: rare.postcode }),
      q({ query: rare.number }),
      q({ query: 'hendriks kampen' }),
    ]),
    overview('text + status=quotation + sort=-updated_at', [
      q({ query: 'zwolle', status: 'quotation', sort: '-updated_at' }),
      q({ query: 'de vries', status: 'quotation', sort: '-updated_at' }),
    ]),
  );
  for (const sort of [
    'number',
    'description',
    'relation_fullname',
    'flow_status',
    'lead_source',
    'user_fullname',
    'created_at',
    'updated_at',
  ]) {
    cases.push(
      overview(`sort=${sort} (asc/desc), first and last page`, [
        q({ sort, offset: 0 }),
        q({ sort: `-${sort}`, offset: 0 }),
        q({ sort, offset: last }),
        q({ sort: `-${sort}`, offset: last }),
      ]),
      overview(`sort=${sort}, middle page`, [q({ sort, offset: mid }), q({ sort: `-${sort}`, offset: mid })]),
    );
  }
  cases.push(
    overview(
      'sort=-updated_at + status=completed, first/middle/last',
      pages({ sort: '-updated_at', status: 'completed' }, share(0.3)),
    ),
    overview(
      'sort=user_fullname + status=quotation, first/middle/last',
      pages({ sort: 'user_fullname', status: 'quotation' }, share(0.12)),
    ),
    overview(
      'sort=description + userId, first/middle/last',
      pages({ sort: 'description', userId: user }, share(1 / 20)),
    ),
    overview(
      'sort=-created_at + leadSource=Telefonisch, first/middle/last',
      pages({ sort: '-created_at', leadSource: 'Telefonisch' }, share(0.1)),
    ),
    overview(
      'sort=relation_fullname + tag=Subsidie, first/middle/last',
      pages({ sort: 'relation_fullname', tag: 'Subsidie' }, share(0.2)),
    ),
    overview(
      'sort=-updated_at + status=completed + userId, first/middle/last',
      pages({ sort: '-updated_at', status: 'completed', userId: user }, share(0.3 / 20)),
    ),
    overview(
      'sort=description + leadSource + tag (two of them), first/middle/last',
      pages({ sort: 'description', leadSource: 'Telefonisch', tag: 'VvE' }, share(0.01)),
    ),
  );
  const terms = [
    'jansen',
    'zwolle',
    'de vries',
    'klant12345',
    'dorpsstraat 1',
    'warmtepomp',
    'bouw noord',
    'kampen',
  ];
  cases.push(
    {
      group: 'Search',
      name: `global search, ${terms.length} terms`,
      target: 30,
      urls: terms.map((t) => `/api/flow/searchforsearchterm?query=${encodeURIComponent(t)}`),
      token,
    },
    {
      group: 'Search',
      name: `relation typeahead, ${terms.length} terms`,
      target: 30,
      urls: terms.map((t) => `/api/relation/search?query=${encodeURIComponent(t)}`),
      token,
    },
    {
      group: 'Search',
      name: 'merge picker (querywithdisplaynamewithaddress)',
      target: 30,
      urls: terms.map((t) => `/api/flow/querywithdisplaynamewithaddress?query=${encodeURIComponent(t)}`),
      token,
    },
  );
  const pipeline = (name: string, urls: string[], tok = pipeToken): Case => ({
    group: 'Pipeline',
    name,
    target: 300,
    urls,
    token: tok,
  });
  cases.push(
    pipeline('10,000 open flows, default (flowstage_asc, 100 per column)', ['/api/user/getleadpipeline']),
    pipeline(
      '10,000 open flows, each of the 10 sorts',
      PIPELINE_SORT_OPTIONS.map((s) => `/api/user/getleadpipeline?sort=${s}`),
    ),
    pipeline('10,000 open flows, limit 100000 (every card)', ['/api/user/getleadpipeline?limit=100000']),
    pipeline(
      `${FLOWS} flows company, one user (≈${Math.round(FLOWS / 20 / 1000)}k flows), default`,
      [`/api/user/getleadpipeline?userId=${user}`],
      token,
    ),
  );
  return cases;
}

/**
 * On a shared machine other processes can make every case several times slower: wait (up to
 * BENCH_WAIT_SECONDS, default 600) until the 1-minute load average is below BENCH_QUIET_LOAD (1.0).
 */

function renderDoc(table: string, version: string, load: { before: number; after: number }): string {
  return `# CRM benchmark

Produced by \`npm run bench:crm${SMALL ? ' -- --small' : ''} -- --write\` (apps/server/bench/crm-bench.ts) on
${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}),
${Math.round(os.totalmem() / 2 ** 30)} GB RAM, PostgreSQL ${version} (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded, as the app starts it'}),
Node ${process.version}.

Data: one company with ${FLOWS.toLocaleString('en')} flows and ${RELATIONS.toLocaleString('en')} relations (about 5 flows
each, every status, 20 users, 8 lead sources, 5 tags, ${(RELATIONS / 10).toLocaleString('en')} organizations), and one
company with ${PIPELINE_FLOWS.toLocaleString('en')} open flows for the pipeline. Times are server time (the
\`Server-Timing: app;dur=\` header: routing, authentication, queries and serialisation, without network), over
${RUNS} or more requests per case after one warm-up request per URL. Targets: flow overview p95 < 50 ms, search
p95 < 30 ms, pipeline < 300 ms. How the lists stay fast: docs/decisions/008-flow-lists-at-scale.md.
The machine is shared: 1-minute load average ${load.before.toFixed(1)} when the timing started,
${load.after.toFixed(1)} at the end (other processes at load 8–11 made every case 3–5 times slower in
earlier runs; compare the baseline row).

${table}

Every page is found through counts, never by skipping rows: the tally for the id, number, status,
handler and lead-source sorts, the sort ranges for description, relation, created and updated (any
page, with statuses and one of handler, lead source or tag). Text queries list at most 250 matches.
The slowest kinds of request are text with a status filter and a sort (about 250 / share rows read
along the sort order) and every card of a 10,000-flow pipeline.
`;
}

await main();
