/**
 * Planning benchmark (npm run bench:planning [-- --write]): one company with 1,000,000 actions,
 * 500,000 agenda items and 10,000 open tasks (on 50,000 flows of 10,000 relations), then times the real
 * HTTP endpoints in-process (Server-Timing) against the issue's targets: action overview p95 < 50 ms,
 * calendar month p95 < 100 ms, dashboard p95 < 100 ms, task map p95 < 300 ms. DATABASE_URL: use that
 * PostgreSQL (database `im_bench_planning`); otherwise an embedded one in BENCH_DATA_DIR (kept) or a
 * temporary directory. --write stores the table in docs/benchmarks/planning.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchLogin,
  type Case,
  ensureBenchCompany,
  listen,
  log,
  type Result,
  RUNS,
  renderTable,
  runCase,
  serverVersion,
  startBenchServer,
  waitForQuiet,
} from './bench-kit';

const ACTIONS = 1_000_000;
const AGENDA_ITEMS = 500_000;
const TASKS = 10_000;
const FLOWS = 50_000;
const RELATIONS = 10_000;
const USERS = 20;
const EMAIL = 'bench-planning@bench.local';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  const { db, server } = await startBenchServer('im_bench_planning');
  try {
    const client = await server.deps.db.pool.connect();
    const { companyId, userIds } = await ensureBenchCompany(server, client, {
      email: EMAIL,
      name: 'Bench Planning BV',
      users: USERS,
      relations: RELATIONS,
      flows: FLOWS,
    });
    const loaded = await client.query<{ n: number }>(
      'select count(*)::int as n from action where company_id = $1',
      [companyId],
    );
    if (loaded.rows[0]!.n < ACTIONS) {
      await loadPlanning(client, companyId, userIds);
      await client.query('vacuum analyze');
    }
    await client.query('create table if not exists bench_loaded (at timestamptz default now())');
    const version = await serverVersion(client);
    client.release();

    const base = await listen(server);
    const token = await benchLogin(base, EMAIL);
    // BENCH_ONLY=<regex>: only the cases whose group and name match (while working on one).
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
    const cases = buildCases(token, userIds).filter((c) => !only || only.test(`${c.group}: ${c.name}`));
    await waitForQuiet();
    const loadBefore = os.loadavg()[0]!;
    const results: Result[] = [];
    for (const c of cases) results.push(await runCase(base, c));
    const table = renderTable(results);
    log(`\n${table}`);
    if (process.argv.includes('--write')) {
      const file = path.join(ROOT, 'docs/benchmarks/planning.md');
      mkdirSync(path.dirname(file), { recursive: true });
      const notes = notesAfterTable(file);
      writeFileSync(file, renderDoc(table, version, { before: loadBefore, after: os.loadavg()[0]! }, notes));
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

/** Actions, agenda items and tasks with generate_series: spread over users, targets, statuses and two years. */
async function loadPlanning(
  client: import('pg').PoolClient,
  companyId: number,
  userIds: number[],
): Promise<void> {
  let t = Date.now();
  const step = (what: string) => {
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    t = Date.now();
  };
  const users = `array[${userIds.join(',')}]::int[]`;
  await client.query('drop table if exists bench_flow');
  await client.query(`create temp table bench_flow as
    select id, relation_id, (row_number() over (order by id))::int as rn from flow where company_id = ${companyId}`);
  await client.query('create index on bench_flow (rn)');
  const flows = (await client.query<{ n: number }>('select count(*)::int as n from bench_flow')).rows[0]!.n;

  // Every 21st action is for everyone (no user); 30 % are open; three in five hang on a flow.
  // The tally's row trigger would update its ~170 rows a million times in one transaction (each
  // update walks the row's growing chain of versions): off during the load, counted once after it.
  await client.query('alter table action disable trigger action_tally_keep');
  await client.query(`
    insert into action (company_id, target_type, relation_id, flow_id, description, user_id, status, priority,
      due_date, overdue_date, completion_date, created_at, updated_at)
    select ${companyId}, case when f.id is null then 'company' else 'flow' end, f.relation_id, f.id,
      (array['Klant terugbellen','Offerte nabellen','Materiaal bestellen','Subsidie aanvragen','Netbeheerder bellen',
        'Foto''s opvragen','Planning afstemmen'])[1 + i % 7] || ' ' || i,
      case when i % 21 = 0 then null else (${users})[1 + i % ${userIds.length}] end,
      case when i % 10 < 3 then 'open' else 'afgerond' end,
      (array['top','high','high','normal','normal','normal','low'])[1 + (i / 3) % 7],
      d.due, d.due + interval '2 days',
      case when i % 10 < 3 then null else d.due + interval '1 day' end, d.due - interval '3 days', d.due
    from generate_series(1, ${ACTIONS}) i
    cross join lateral (select now() - interval '730 days' + ((i::bigint * 7919) % (1095 * 1440)) * interval '1 minute' as due) d
    left join bench_flow f on i % 5 < 3 and f.rn = 1 + (i * 13) % ${flows}`);
  await client.query('alter table action enable trigger action_tally_keep');
  await client.query(`delete from action_tally where company_id = ${companyId}`);
  await client.query(`
    insert into action_tally (company_id, status, user_id, priority_rank, flow_status, n)
    select company_id, status, coalesce(user_id, 0), priority_rank, coalesce(flow_status, ''), count(*) from action
    where company_id = ${companyId} group by 1, 2, 3, 4, 5`);
  step(`${ACTIONS} actions`);

  await client.query(`
    insert into agenda_item (company_id, target_type, relation_id, flow_id, title, start_date, end_date, user_id,
      created_at, updated_at)
    select ${companyId}, case when f.id is null then 'company' else 'flow' end, f.relation_id, f.id,
      (array['Dakopname','Montage panelen','Adviesgesprek','Oplevering','Service warmtepomp'])[1 + i % 5],
      s.start, s.start + (1 + i % 4) * interval '30 minutes',
      case when i % 25 = 0 then null else (${users})[1 + i % ${userIds.length}] end, s.start, s.start
    from generate_series(1, ${AGENDA_ITEMS}) i
    cross join lateral (select date_trunc('hour', now()) - interval '365 days'
      + ((i::bigint * 104729) % (730 * 24 * 4)) * interval '15 minutes' as start) s
    left join bench_flow f on i % 2 = 0 and f.rn = 1 + (i * 17) % ${flows}`);
  step(`${AGENDA_ITEMS} agenda items`);

  // Open tasks on flows in the north-east of the Netherlands: their relations get coordinates.
  await client.query(`
    update relation r set lat = 52.2 + (f.rn % 1000) / 1000.0 * 1.2, lng = 5.4 + (f.rn * 7 % 1000) / 1000.0 * 1.8
    from bench_flow f where f.relation_id = r.id and f.rn % ${Math.max(1, Math.floor(flows / TASKS))} = 0`);
  await client.query(`
    insert into task (company_id, description, type, status, user_id, flow_id, start_date, end_date)
    select ${companyId}, (array['Montage','Opname','Service','Overig'])[1 + i % 4] || ' ' || i,
      (array['uitvoering','opname','service','overig'])[1 + i % 4], case when i % 9 = 0 then 'onhold' else 'open' end,
      (${users})[1 + i % ${userIds.length}], f.id,
      case when i % 6 = 0 then null else now() + ((i % 60) - 20) * interval '1 day' end,
      case when i % 6 = 0 then null else now() + ((i % 60) - 20) * interval '1 day' + interval '4 hours' end
    from generate_series(1, ${TASKS}) i
    join bench_flow f on f.rn = i * ${Math.max(1, Math.floor(flows / TASKS))}`);
  step(`${TASKS} open tasks`);
}

function buildCases(token: string, userIds: number[]): Case[] {
  const q = (path: string, params: Record<string, string | number>) =>
    `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const actions = (params: Record<string, string | number>) =>
    q('/api/action/querypaginated', { limit: 25, ...params });
  const user = userIds[5]!;
  const openAll = Math.floor(ACTIONS * 0.3);
  const allAll = ACTIONS;
  const pages = (params: Record<string, string | number>, total: number) =>
    [0, Math.floor(total / 2), Math.max(0, total - 25)].map((offset) => actions({ ...params, offset }));
  const overview = (name: string, urls: string[]): Case => ({
    group: 'Action overview',
    name,
    target: 50,
    urls,
    token,
  });
  const now = new Date();
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
  const from = new Date(monthStart.getTime() - 7 * 86_400_000).toISOString();
  const to = new Date(monthStart.getTime() + 35 * 86_400_000).toISOString();
  const weekFrom = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  const weekTo = new Date(now.getTime() + 4 * 86_400_000).toISOString();
  const calendar = (name: string, urls: string[]): Case => ({
    group: 'Calendar',
    name,
    target: 100,
    urls,
    token,
  });
  const filters = (f: Record<string, unknown>) => JSON.stringify(f);
  return [
    overview('open, all users, first/middle/last page', pages({ user: 'all' }, openAll)),
    overview(
      'open, me and everyone, first/middle/last page',
      pages({ user: 'meandeveryone' }, Math.floor(openAll / 20)),
    ),
    overview('open, one user, first/middle/last page', pages({ user }, Math.floor(openAll / 21))),
    overview(
      'all statuses, all users, first/middle/last page',
      pages({ user: 'all', status: 'all' }, allAll),
    ),
    overview(
      'priority=top, first/middle/last page',
      pages({ user: 'all', priority: 'top' }, Math.floor(openAll / 7)),
    ),
    overview(
      'flow_status=quotation, first/middle/last page',
      pages({ user: 'all', flow_status: 'quotation' }, Math.floor(openAll * 0.6 * 0.12)),
    ),
    overview('sort=priority / description / -overdue_date, first page', [
      actions({ user: 'all', sort: '-priority' }),
      actions({ user: 'all', sort: 'description' }),
      actions({ user: 'all', sort: '-overdue_date' }),
    ]),
    calendar('month (42 days), all users', [q('/api/agendaitem', { from, to, user: 'all' })]),
    calendar('month (42 days), one user', [q('/api/agendaitem', { from, to, user })]),
    calendar('week, all users', [q('/api/agendaitem', { from: weekFrom, to: weekTo, user: 'all' })]),
    {
      group: 'Dashboard',
      name: 'getdashboardactions tophigh / overdue / all',
      target: 100,
      urls: ['tophigh', 'overdue', 'all'].map((filter) =>
        q('/api/user/getdashboardactions', { filter, limit: 5 }),
      ),
      token,
    },
    {
      group: 'Dashboard',
      name: 'getdashboard, getdashboardstatistics (default boxes)',
      target: 100,
      urls: [q('/api/user/getdashboard', {}), q('/api/user/getdashboardstatistics', {})],
      token,
    },
    {
      group: 'Dashboard',
      name: 'getdashboardleads unsent / sent / new / all',
      target: 100,
      urls: ['unsent', 'sent', 'new', 'all'].map((filter) =>
        q('/api/user/getdashboardleads', { filter, limit: 5 }),
      ),
      token,
    },
    {
      group: 'Dashboard',
      name: 'getdashboardtasks unplanned / upcoming / unfinished',
      target: 100,
      urls: ['unplanned', 'upcoming', 'unfinished'].map((filter) =>
        q('/api/user/getdashboardtasks', { filter, limit: 5 }),
      ),
      token,
    },
    {
      group: 'Tasks',
      name: `map data, ${TASKS.toLocaleString('en')} open tasks`,
      target: 300,
      urls: [q('/api/task/getopentasksmap', { filters: filters({}) })],
      token,
    },
    {
      group: 'Tasks',
      name: 'task table, first page and type filter',
      target: 50,
      urls: [
        q('/api/task/getopentasks', { filters: filters({}) }),
        q('/api/task/getopentasks', { filters: filters({ type: 'opname' }) }),
      ],
      token,
    },
  ];
}

/** The hand-written text after the table of the current document (what changed, the load): kept on --write. */
function notesAfterTable(file: string): string {
  if (!existsSync(file)) return '';
  const lines = readFileSync(file, 'utf8').split('\n');
  let last = -1;
  lines.forEach((line, i) => {
    if (line.startsWith('|')) last = i;
  });
  return last < 0
    ? ''
    : lines
        .slice(last + 1)
        .join('\n')
        .trim();
}

function renderDoc(
  table: string,
  version: string,
  load: { before: number; after: number },
  notes: string,
): string {
  return `# Planning benchmark

\`npm run bench:planning -- --write\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}),
${Math.round(os.totalmem() / 2 ** 30)} GB RAM, PostgreSQL ${version} (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded, as the app starts it'}),
Node ${process.version}.

Data: one company with ${ACTIONS.toLocaleString('en')} actions (30 % open, 1 in 21 for everyone, three in five on a
flow), ${AGENDA_ITEMS.toLocaleString('en')} agenda items over two years, ${TASKS.toLocaleString('en')} open tasks with
coordinates, ${FLOWS.toLocaleString('en')} flows, ${USERS} users. Times are server time (\`Server-Timing\`), over ${RUNS}
or more requests per case after a warm-up. Targets of the planning issue: action overview p95 < 50 ms, calendar
month p95 < 100 ms, dashboard p95 < 100 ms, task map p95 < 300 ms, task table p95 < 50 ms. 1-minute load average
${load.before.toFixed(1)} at the start, ${load.after.toFixed(1)} at the end.

${table}
${notes ? `\n${notes}\n` : ''}`;
}

await main();
