/**
 * Communication benchmark (npm run bench:communication [-- --write]): one company with 1,000,000
 * messages on 100,000 flows and 2,000,000 notifications for 20 users, then times the real HTTP
 * endpoints in-process (Server-Timing) against the targets: communicator first page and any
 * status filter p95 < 50 ms, notification dropdown p95 < 30 ms, and a customer message reaching an
 * open live channel in < 1 s. DATABASE_URL: use that PostgreSQL (database `im_bench_communication`);
 * otherwise an embedded one in BENCH_DATA_DIR (kept) or a temporary directory. --write stores the
 * table in docs/benchmarks/communication.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import {
  benchLogin,
  type Case,
  ensureBenchCompany,
  listen,
  log,
  percentile,
  type Result,
  RUNS,
  renderTable,
  runCase,
  serverVersion,
  startBenchServer,
  waitForQuiet,
} from './bench-kit';

const MESSAGES = 1_000_000;
const NOTIFICATIONS = 2_000_000;
const FLOWS = 100_000;
const RELATIONS = 20_000;
const USERS = 20;
const LIVE_MESSAGES = 30;
const EMAIL = 'bench-communication@bench.local';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  const { db, server } = await startBenchServer('im_bench_communication');
  try {
    const client = await server.deps.db.pool.connect();
    const { companyId, userIds } = await ensureBenchCompany(server, client, {
      email: EMAIL,
      name: 'Bench Communicatie BV',
      users: USERS,
      relations: RELATIONS,
      flows: FLOWS,
    });
    const loaded = await client.query<{ n: number }>(
      'select count(*)::int as n from message where company_id = $1',
      [companyId],
    );
    if (loaded.rows[0]!.n < MESSAGES) {
      await loadCommunication(client, companyId, userIds);
      await client.query('vacuum analyze');
    }
    await client.query('create table if not exists bench_loaded (at timestamptz default now())');
    const version = await serverVersion(client);
    // A handler (role 100) and a flow of theirs with a customer link, for the live case.
    const handler = await client.query<{ email: string; hash: string; id: number }>(
      `select u.email, f.hash, f.id from "user" u join flow f on f.user_id = u.id
       where u.company_id = $1 and u.role = 100 and f.deleted_at is null order by f.id limit 1`,
      [companyId],
    );
    client.release();

    const base = await listen(server);
    const token = await benchLogin(base, EMAIL);
    const handlerToken = await benchLogin(base, handler.rows[0]!.email);
    await waitForQuiet();
    const loadBefore = os.loadavg()[0]!;
    const results: Result[] = [];
    for (const c of buildCases(token, handlerToken)) results.push(await runCase(base, c));
    results.push(await liveCase(base, handlerToken, handler.rows[0]!.hash));
    const table = renderTable(results);
    log(`\n${table}`);
    if (process.argv.includes('--write')) {
      const file = path.join(ROOT, 'docs/benchmarks/communication.md');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, renderDoc(table, version, { before: loadBefore, after: os.loadavg()[0]! }));
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

/**
 * Messages with generate_series, ten per flow over two years: half from the customer (2 % still
 * unread, 3 % unanswered), half from staff; then the conversation rows in one statement, and
 * notifications spread over the users (10 % unread).
 */
async function loadCommunication(client: pg.PoolClient, companyId: number, userIds: number[]): Promise<void> {
  let t = Date.now();
  const step = (what: string) => {
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    t = Date.now();
  };
  const users = `array[${userIds.join(',')}]::int[]`;
  await client.query('drop table if exists bench_flow');
  await client.query(`create temp table bench_flow as
    select id, relation_id, user_id, (row_number() over (order by id))::int as rn from flow where company_id = ${companyId}`);
  await client.query('create index on bench_flow (rn)');
  const flows = (await client.query<{ n: number }>('select count(*)::int as n from bench_flow')).rows[0]!.n;
  await client.query(`
    insert into message (company_id, flow_id, relation_id, messageable_type, messageable_id, sendable_type, sendable_id,
      receiveable_type, receiveable_id, user_id, content, status, assigned_to, hash, created_at, updated_at)
    select ${companyId}, f.id, f.relation_id, 'flow', f.id,
      case when i % 2 = 0 then 'relation' else 'user' end,
      case when i % 2 = 0 then coalesce(f.relation_id, 0) else coalesce(f.user_id, ${userIds[0]}) end,
      case when i % 2 = 0 then 'user' else 'relation' end,
      case when i % 2 = 0 then f.user_id else f.relation_id end,
      case when i % 2 = 0 then null else coalesce(f.user_id, ${userIds[0]}) end,
      (array['Wanneer komt de monteur?','Dank u wel voor de offerte.','Kan het ook op dinsdag?',
        'De omvormer geeft een storing.','Is de subsidie al aangevraagd?'])[1 + i % 5] || ' (' || i || ')',
      case when i % 2 = 1 then 'read' when i % 100 < 2 then 'unread' when i % 100 < 5 then 'unanswered' else 'read' end,
      case when i % 17 = 0 then 'office' when i % 29 = 0 then 'project' else null end,
      md5(i::text || clock_timestamp()::text), d.at, d.at
    from generate_series(1, ${MESSAGES}) i
    join bench_flow f on f.rn = 1 + (i * 7) % ${flows}
    cross join lateral (select now() - interval '730 days' + ((i::bigint * 7919) % (730 * 1440)) * interval '1 minute' as at) d`);
  step(`${MESSAGES} messages`);
  await client.query(`
    insert into flow_conversation (flow_id, company_id, message_count, unread_count, unanswered_count, last_message_id, last_message_at)
    select flow_id, ${companyId}, count(*)::int,
      (count(*) filter (where sendable_type = 'relation' and status = 'unread'))::int,
      (count(*) filter (where sendable_type = 'relation' and status = 'unanswered'))::int,
      (array_agg(id order by created_at desc, id desc))[1], max(created_at)
    from message where company_id = ${companyId} group by flow_id`);
  step('conversation rows');
  await client.query(`
    insert into notification (company_id, user_id, notification_class, notifiable_type, notifiable_id, flow_id, content,
      status, created_at, updated_at)
    select ${companyId}, (${users})[1 + i % ${userIds.length}], 'user', 'message', i, f.id,
      'Nieuw bericht van de klant in dossier ' || f.rn, case when i % 10 = 0 then 'unread' else 'read' end, d.at, d.at
    from generate_series(1, ${NOTIFICATIONS}) i
    join bench_flow f on f.rn = 1 + (i * 11) % ${flows}
    cross join lateral (select now() - interval '730 days' + ((i::bigint * 104729) % (730 * 1440)) * interval '1 minute' as at) d`);
  step(`${NOTIFICATIONS} notifications`);
}

function buildCases(token: string, handlerToken: string): Case[] {
  const communicator = (status: string, number = 50) =>
    `/api/user/getcommunicatormessages?status=${status}&number=${number}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  return [
    {
      group: 'Communicator',
      name: 'first page (50 flows), manager',
      target: 50,
      urls: [communicator('all')],
      token,
    },
    {
      group: 'Communicator',
      name: 'filter ongelezen / onbeantwoord / gelezen, manager',
      target: 50,
      urls: ['unread', 'unanswered', 'read'].map((s) => communicator(s)),
      token,
    },
    {
      group: 'Communicator',
      name: 'first page and ongelezen, a handler (role 100, own flows)',
      target: 50,
      urls: [communicator('all'), communicator('unread')],
      token: handlerToken,
    },
    {
      group: 'Communicator',
      name: 'top-bar counts (capped at 100), manager and handler',
      target: 30,
      urls: ['/api/user/getcommunicatorcounts'],
      token,
    },
    {
      group: 'Notifications',
      name: 'dropdown (10 newest unread + count), 100,000 per user',
      target: 30,
      urls: ['/api/user/getdashboardnotifications'],
      token,
    },
    {
      group: 'Notifications',
      name: 'overview of today with 5 earlier',
      target: 50,
      urls: [`/api/notification/indexondate/${today}`],
      token,
    },
  ];
}

/**
 * A customer message (POST by flow hash) until it arrives on the handler's open live channel:
 * the wall time from sending to the event frame, over LIVE_MESSAGES messages.
 */
async function liveCase(base: string, token: string, hash: string): Promise<Result> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const waiters: ((text: string) => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) for (const w of waiters.splice(0)) w(frame);
      }
    } catch {
      // aborted at the end
    }
  })();
  const nextMessageEvent = () =>
    new Promise<void>((resolve) => {
      const wait = (frame: string) => {
        if (frame.includes('"kind":"message.create"')) resolve();
        else waiters.push(wait);
      };
      waiters.push(wait);
    });
  await new Promise((r) => setTimeout(r, 300)); // the ready frame
  const times: number[] = [];
  for (let i = 0; i < LIVE_MESSAGES; i++) {
    const arrived = nextMessageEvent();
    const started = performance.now();
    const post = await fetch(`${base}/api/message/${hash}/savebycustomer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: `Live-bericht ${i}` }),
    });
    if (post.status !== 201) throw new Error(`savebycustomer: ${post.status}`);
    await arrived;
    times.push(performance.now() - started);
  }
  abort.abort();
  times.sort((a, b) => a - b);
  const result: Result = {
    group: 'Live channel',
    name: `customer message to an open staff stream (wall time, ${LIVE_MESSAGES} messages)`,
    target: 1000,
    urls: [],
    token,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    n: times.length,
  };
  log(
    `${result.p95 <= result.target ? 'PASS' : 'FAIL'} live: p50 ${result.p50.toFixed(1)}  p95 ${result.p95.toFixed(1)} ms`,
  );
  return result;
}

function renderDoc(table: string, version: string, load: { before: number; after: number }): string {
  return `# Communication benchmark

\`npm run bench:communication -- --write\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}),
${Math.round(os.totalmem() / 2 ** 30)} GB RAM, PostgreSQL ${version} (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded, as the app starts it'}),
Node ${process.version}.

Data: one company with ${MESSAGES.toLocaleString('en')} messages on ${FLOWS.toLocaleString('en')} flows (half from
customers: 2 % unread, 3 % unanswered), ${NOTIFICATIONS.toLocaleString('en')} notifications for ${USERS} users (10 %
unread). Times are server time (\`Server-Timing\`) over ${RUNS} or more requests per case after a warm-up; the live
case is wall time from the customer's POST to the event on the staff stream. Targets of the communication issue:
communicator first page and any status filter p95 < 50 ms, notification dropdown p95 < 30 ms, a customer message
reaching an open staff browser in < 1 s. 1-minute load average ${load.before.toFixed(1)} at the start,
${load.after.toFixed(1)} at the end.

${table}
`;
}

await main();
