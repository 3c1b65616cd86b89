/**
 * Statistics benchmark (npm run bench:statistics [-- --small] [-- --write]), issue 45 / decision 058: one
 * company with 1,000,000 flows (their lead dates over about three years, in the lead tally by its triggers),
 * 500,000 sent invoices and 300,000 quotations (--small: 50,000 flows, 25,000 invoices, 15,000 quotations),
 * loaded with set-based SQL. Times every statistics read by its Server-Timing header against the issue's
 * target, p95 < 200 ms: getleadstatistics (default, each filter, 104 weeks), getcompanystatistics (default,
 * a filter, 60 months), exportstatistics (xlsx and csv) and getimstatistics. DATABASE_URL / BENCH_DATA_DIR
 * keep the data between runs as for bench:crm. --write stores the table in docs/benchmarks/statistics.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import {
  BENCH_PASSWORD,
  benchLogin,
  type Case,
  ensureBenchCompany,
  listen,
  log,
  type Result,
  renderTable,
  runCase,
  serverVersion,
  startBenchServer,
  waitForQuiet,
} from './bench-kit';

const args = new Set(process.argv.slice(2));
const SMALL = args.has('--small');
const FLOWS = SMALL ? 50_000 : 1_000_000;
const RELATIONS = SMALL ? 10_000 : 200_000;
const INVOICES = SMALL ? 25_000 : 500_000;
const QUOTATIONS = SMALL ? 15_000 : 300_000;
const DAYS = 3 * 365;
const CHUNK = 100_000;
const TARGET = 200;
const EMAIL = 'bench-statistics@bench.local';
const ADMIN_EMAIL = 'bench-statistics-admin@bench.local';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Sent invoices (and their day totals, by the invoice trigger) and quotations on the company's flows. */
async function loadDocuments(client: pg.PoolClient, companyId: number): Promise<void> {
  const flows = await client.query<{ lo: number; n: number }>(
    'select min(id)::int as lo, count(*)::int as n from flow where company_id = $1',
    [companyId],
  );
  const { lo, n } = flows.rows[0]!;
  for (let from = 1; from <= INVOICES; from += CHUNK) {
    const t = Date.now();
    const to = Math.min(INVOICES, from + CHUNK - 1);
    await client.query(`
      with docs as (
        insert into sales_document (company_id, kind, hash, status, number, flow_id, date_send, documentdate)
        select ${companyId}, 'invoice', md5('bench-stat-invoice-' || i), 'sent', i, ${lo} + (i::bigint * 7919) % ${n},
          now() - (i % ${DAYS}) * interval '1 day', (now() - (i % ${DAYS}) * interval '1 day')::date
        from generate_series(${from}, ${to}) i
        returning id, date_send)
      insert into invoice (id, company_id, sent_day, billed_exc, billed_inc)
      select id, ${companyId}, (date_send at time zone 'Europe/Amsterdam')::date, (100 + id % 9000)::numeric,
        round((100 + id % 9000) * 1.21, 2)
      from docs order by id`);
    log(`  invoices ${to} (${((Date.now() - t) / 1000).toFixed(1)} s with their day totals)`);
  }
  await client.query(`
    insert into sales_document (company_id, kind, hash, status, number, flow_id, date_send, date_approved)
    select ${companyId}, 'quotation', md5('bench-stat-quotation-' || i), case when i % 5 < 2 then 'approved' else 'sent' end,
      i, ${lo} + (i::bigint * 104729) % ${n}, now() - (i % ${DAYS}) * interval '1 day',
      case when i % 5 < 2 then now() - (i % ${DAYS}) * interval '1 day' + interval '3 days' end
    from generate_series(1, ${QUOTATIONS}) i`);
  log(`  ${QUOTATIONS} quotations`);
}

async function prepare(
  server: Awaited<ReturnType<typeof startBenchServer>>['server'],
  client: pg.PoolClient,
) {
  const { companyId, userIds } = await ensureBenchCompany(server, client, {
    email: EMAIL,
    name: 'Bench Statistieken BV',
    users: 10,
    relations: RELATIONS,
    flows: FLOWS,
  });
  const loaded = await client.query<{ n: number }>(
    "select count(*)::int as n from sales_document where company_id = $1 and kind = 'invoice'",
    [companyId],
  );
  if (loaded.rows[0]!.n < INVOICES) {
    log(`loading ${INVOICES} invoices and ${QUOTATIONS} quotations ...`);
    await loadDocuments(client, companyId);
    await client.query('vacuum analyze lead, lead_tally, flow, sales_document, invoice, invoice_day_total');
  }
  const admin = await client.query('select 1 from "user" where email = $1', [ADMIN_EMAIL]);
  if (admin.rows.length === 0) {
    const { createCompany } = await import('../src/features/companies/create-company');
    const { createUser } = await import('../src/features/users/create-user');
    const id = await server.deps.db.platform((tx) =>
      createCompany(tx, { name: 'Bench Platform', modules: ['ADMIN', 'BASIS'] }),
    );
    await server.deps.db.platform((tx) =>
      createUser(tx, {
        companyId: id,
        name: 'Platform',
        surname: 'Beheerder',
        email: ADMIN_EMAIL,
        password: BENCH_PASSWORD,
        role: 100,
        userType: 'standard',
      }),
    );
  }
  await client.query('create table if not exists bench_loaded (at timestamptz default now())');
  const counts = await client.query<{ leads: number; rows: number }>(
    `select (select sum(leads)::int from lead_tally where company_id = $1 and grain = 'w') as leads,
       (select count(*)::int from lead_tally where company_id = $1) as rows`,
    [companyId],
  );
  const profile = await client.query<{ id: number }>(
    'select standard_flowprofile_id as id from company_settings where company_id = $1',
    [companyId],
  );
  const source = await client.query<{ s: string }>(
    'select lead_source as s from flow where company_id = $1 and deleted_at is null limit 1',
    [companyId],
  );
  return {
    companyId,
    userId: userIds[1]!,
    profileId: profile.rows[0]!.id,
    source: source.rows[0]!.s,
    tally: counts.rows[0]!,
    version: await serverVersion(client),
  };
}

function buildCases(token: string, adminToken: string, p: Awaited<ReturnType<typeof prepare>>): Case[] {
  const lead = '/api/company/getleadstatistics';
  const company = '/api/company/getcompanystatistics';
  const exportUrl = `/api/company/${p.companyId}/exportstatistics`;
  const c = (group: string, name: string, urls: string[], extra: Partial<Case> = {}): Case => ({
    group,
    name,
    urls,
    token,
    target: TARGET,
    ...extra,
  });
  const source = encodeURIComponent(p.source);
  return [
    c('lead statistics', '14 weeks (the default)', [lead]),
    c('lead statistics', 'a handler', [`${lead}?username=${p.userId}`]),
    c('lead statistics', 'a request profile', [`${lead}?flowprofile=${p.profileId}`]),
    c('lead statistics', 'a lead source', [`${lead}?lead_source=${source}`]),
    c('lead statistics', '104 weeks', [`${lead}?weeks=104`]),
    c('company statistics', '13 months (the default)', [company]),
    c('company statistics', 'a handler', [`${company}?username=${p.userId}`]),
    c('company statistics', '60 months', [`${company}?months=60`]),
    c('export', 'xlsx, 14 weeks', [`${exportUrl}?exporttype=xlsx`], { method: 'POST' }),
    c('export', 'csv, a year', [`${exportUrl}?exporttype=csv&date_from=${yearAgo()}`], { method: 'POST' }),
    c('platform', 'getimstatistics (25 months, every company)', ['/api/company/getimstatistics'], {
      method: 'POST',
      token: adminToken,
    }),
  ];
}

function yearAgo(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  const { db, server } = await startBenchServer('im_bench_statistics');
  try {
    const client = await server.deps.db.pool.connect();
    const prepared = await prepare(server, client).finally(() => client.release());
    log(`lead tally: ${prepared.tally.rows} rows for ${prepared.tally.leads} leads`);
    const base = await listen(server);
    const token = await benchLogin(base, EMAIL);
    const adminToken = await benchLogin(base, ADMIN_EMAIL);
    const cases = buildCases(token, adminToken, prepared);
    await waitForQuiet();
    const loadBefore = os.loadavg()[0]!;
    const results: Result[] = [];
    for (const c of cases) results.push(await runCase(base, c));
    const table = renderTable(results);
    log(`\n${table}`);
    if (args.has('--write')) {
      const file = path.join(ROOT, 'docs/benchmarks/statistics.md');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `# Statistics benchmark\n\n\`npm run bench:statistics${SMALL ? ' -- --small' : ''}\` on ${os.cpus().length} cores, ` +
          `PostgreSQL ${prepared.version}, load ${loadBefore.toFixed(1)} before and ${os.loadavg()[0]!.toFixed(1)} after. ` +
          `One company: ${FLOWS.toLocaleString('nl-NL')} flows, ${INVOICES.toLocaleString('nl-NL')} sent invoices, ` +
          `${QUOTATIONS.toLocaleString('nl-NL')} quotations; lead tally ${prepared.tally.rows.toLocaleString('nl-NL')} rows. ` +
          `${SMALL ? '**Small run (--small), not the issue’s size.**' : ''}\n\n` +
          `Server time per call (Server-Timing), target p95 < ${TARGET} ms (decision 058):\n\n${table}\n`,
      );
      log(`written to ${path.relative(ROOT, file)}`);
    }
    const failed = results.filter((r) => r.p95 > r.target).length;
    log(`${results.length - failed} passed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server.close();
    await db.embedded?.stop();
    db.cleanup();
  }
}

await main().catch((err) => {
  console.error(err);
  process.exit(1);
});
