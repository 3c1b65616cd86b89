import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { killAllChildServers, startChildServer } from '../../../test/child-server';
import { createTestDatabase, startTestServer, type TestServer } from '../../../test/test-server';
import { createCompany } from '../../features/companies/create-company';
import { APP_ROLE, Database } from '../db/database';
import { batch } from '../db/tables/batch.schema';
import { createLogger } from '../log';
import { INTERRUPTED_MESSAGE, Jobs } from './jobs';

const ADMIN = { email: 'admin@kill.test', password: 'Beheer123' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server killed in the middle of a company force delete', () => {
  let databaseUrl: string;
  let superuser: pg.Client;
  let db: Database;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-kill-test-'));
  const env: Record<string, string> = {
    INIT_ADMIN_EMAIL: ADMIN.email,
    INIT_ADMIN_PASSWORD: ADMIN.password,
    BATCH_CHUNK_SIZE: '20',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    env.DATABASE_URL = databaseUrl;
    superuser = new pg.Client({ connectionString: databaseUrl });
    await superuser.connect();
    // Every progress value ever written, in order: proves progress never goes backwards.
    await superuser.query(`
      create table test_progress_log (seq bigserial primary key, batch_id uuid not null, progress int not null);
      create function test_log_progress() returns trigger language plpgsql security definer as $$
        begin insert into test_progress_log (batch_id, progress) values (new.id, new.progress); return new; end $$;
      create trigger test_progress after update of progress on batch for each row execute function test_log_progress();`);
    db = new Database(
      new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'kill-test' }),
      APP_ROLE,
    );
  });

  afterAll(async () => {
    killAllChildServers();
    await db?.close();
    await superuser?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Rows of the company in every table with a company_id column, plus the company row itself. */
  const countRows = (companyId: number) =>
    db.platform(async (tx) => {
      const tables = await tx.execute<{ table_name: string }>(sql`
        select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id'`);
      let n = 0;
      for (const { table_name } of tables.rows) {
        const r = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where company_id = ${companyId}`,
        );
        n += r.rows[0]!.n;
      }
      const c = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from company where id = ${companyId}`,
      );
      return { rows: n, company: c.rows[0]!.n };
    });

  const seed = (name: string, logItems: number) =>
    db.platform(async (tx) => {
      const id = await createCompany(tx, { name, modules: ['BASIS', 'CRM'] });
      await tx.execute(sql`
        insert into log_item (company_id, loggable_type, loggable_id, action, description)
        select ${id}, 'seed', g, 'create', 'rij ' || g from generate_series(1, ${logItems}) g`);
      return id;
    });

  it('leaves the batch unfinished and half done, then resumes and finishes it on the next start', {
    timeout: 180_000,
  }, async () => {
    const first = await startChildServer(env);
    const victim = await seed('Slachtoffer BV', 20_000);
    const bystander = await seed('Omstander BV', 300);
    const victimBefore = await countRows(victim);
    const bystanderBefore = await countRows(bystander);
    const mainBefore = await countRows(1);
    expect(victimBefore.rows).toBeGreaterThan(20_000);

    let login = await first.api('POST', '/api/authenticate', undefined, ADMIN);
    expect(login.status).toBe(200);
    const started = await first.api('POST', `/api/company/${victim}/forcedelete`, login.body.token);
    expect(started.status).toBe(200);
    const batchId: string = started.body.batchId;
    const seen: number[] = [];
    for (const end = Date.now() + 30_000; ; await sleep(50)) {
      if (Date.now() > end) throw new Error(`no progress seen: ${seen.join(',')}\n${first.output()}`);
      const res = await first.api('GET', `/api/batch/${batchId}`, login.body.token);
      expect(res.status).toBe(200);
      seen.push(res.body.progress);
      expect(res.body.finishedAt).toBeNull();
      if (res.body.progress >= 10) break;
    }
    expect(seen.at(-1)).toBeLessThan(50); // killed well before the end, so "half done" is real

    const tsxChildren = readFileSync(
      `/proc/${first.proc.pid}/task/${first.proc.pid}/children`,
      'utf8',
    ).trim();
    expect(tsxChildren).not.toBe(''); // tsx runs the server in a child node process, killed with it
    await first.kill();
    // Every connection of the killed processes (HTTP pool and job queue) is gone: nothing of it lives on.
    for (const end = Date.now() + 15_000; ; await sleep(100)) {
      const r = await superuser.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'installatiemanager%'`,
      );
      if (r.rows[0]!.n === 0) break;
      if (Date.now() > end) throw new Error('connections of the killed server remain');
    }
    expect(
      await fetch(`${first.baseUrl}/api/health`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');

    const [killed] = await db.platform((tx) => tx.select().from(batch).where(eq(batch.id, batchId)));
    expect(killed).toMatchObject({ finishedAt: null, cancelledAt: null, error: null, attempts: 1 });
    expect(killed!.startedAt).not.toBeNull();
    expect(killed!.progress).toBeGreaterThan(0);
    expect(killed!.progress).toBeLessThan(100);
    const half = await countRows(victim);
    expect(half.rows).toBeGreaterThan(0);
    expect(half.rows).toBeLessThan(victimBefore.rows);
    expect(half.company).toBe(1);
    // What the batch counted as done is exactly what is gone: no chunk was half written.
    expect(victimBefore.rows - half.rows).toBe((killed!.state as { done: number }).done);

    const restartedAt = Date.now();
    const second = await startChildServer(env);
    const healthyMs = Date.now() - restartedAt;
    login = await second.api('POST', '/api/authenticate', undefined, ADMIN);
    let last: { progress: number; finishedAt: string | null; cancelledAt: string | null } | undefined;
    for (const end = Date.now() + 40_000; Date.now() < end; await sleep(100)) {
      const res = await second.api('GET', `/api/batch/${batchId}`, login.body.token);
      expect(res.status).toBe(200);
      last = res.body;
      seen.push(res.body.progress);
      if (res.body.finishedAt || res.body.cancelledAt) break;
    }
    const resumeMs = Date.now() - restartedAt;
    console.log(
      `kill test: killed at ${killed!.progress}%; healthy ${healthyMs} ms and finished ${resumeMs} ms after the restart`,
    );
    expect(last).toMatchObject({ progress: 100, cancelledAt: null });
    expect(last!.finishedAt).not.toBeNull();
    // Resumed by the start-up recovery, not by the one-minute timer: counted from when the new process
    // answers (its start, through tsx, takes 20 s on a loaded machine and is not the recovery's time).
    expect(resumeMs - healthyMs).toBeLessThan(30_000);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    const log = await superuser.query<{ progress: number }>(
      'select progress from test_progress_log where batch_id = $1 order by seq',
      [batchId],
    );
    const written = log.rows.map((r) => r.progress);
    expect(written.length).toBeGreaterThan(100);
    for (let i = 1; i < written.length; i++)
      expect({ i, p: written[i] }).toEqual({ i, p: Math.max(written[i]!, written[i - 1]!) });

    const [done] = await db.platform((tx) => tx.select().from(batch).where(eq(batch.id, batchId)));
    expect(done).toMatchObject({ attempts: 2, error: null, progress: 100 });
    expect(await countRows(victim)).toEqual({ rows: 0, company: 0 });
    expect(await countRows(bystander)).toEqual(bystanderBefore);
    expect((await countRows(1)).company).toBe(mainBefore.company);
    await second.kill();
  });
});

describe('Jobs on a test database', () => {
  let t: TestServer;
  let jobs: Jobs;
  let token: string;
  const ran: string[] = [];

  beforeAll(async () => {
    // The server's own worker stays off: only this Jobs instance touches the test batch kinds.
    t = await startTestServer({ work: false });
    token = await t.login('admin@test.local', 'Beheer123');
    jobs = new Jobs(t.databaseUrl, t.server.deps.db, createLogger('silent'));
    jobs.defineBatch({ type: 'test.once', payload: z.object({}), resumable: false, run: async () => {} });
    jobs.defineBatch({
      type: 'test.resume',
      payload: z.object({}),
      resumable: true,
      async run(ctx) {
        ran.push(`from ${ctx.state.done}`);
        await ctx.step(async () => ({ progress: 80, state: { done: 4 } }));
      },
    });
    jobs.defineBatch({
      type: 'test.throws',
      payload: z.object({}),
      resumable: true,
      async run(ctx) {
        await ctx.step(async (tx) => {
          await tx.execute(
            sql`insert into log_item (loggable_type, action, description) values ('test', 'x', 'kept')`,
          );
          return { progress: 30, state: { done: 1 } };
        });
        await ctx.step(async (tx) => {
          await tx.execute(
            sql`insert into log_item (loggable_type, action, description) values ('test', 'x', 'undone')`,
          );
          throw new Error('Chunk 2 is kapot');
        });
      },
    });
    await jobs.start({ work: false });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  const row = (id: string) =>
    t.server.deps.db.platform((tx) => tx.select().from(batch).where(eq(batch.id, id))).then((r) => r[0]!);
  /** A batch whose worker died: started, not finished, and no session holds its lock. */
  const orphan = (type: string, state: Record<string, unknown> = {}) =>
    t.server.deps.db.platform(
      (tx) =>
        tx
          .insert(batch)
          .values({ type, state, progress: 40, startedAt: new Date(), attempts: 1 })
          .returning()
          .then((r) => r[0]!.id),
      { companyId: 1, userId: 1 },
    );

  it('marks an interrupted non-resumable batch failed; GET shows cancelledAt and progress 100', async () => {
    const id = await orphan('test.once');
    await jobs.recoverBatches();
    expect(await row(id)).toMatchObject({ progress: 100, finishedAt: null, error: INTERRUPTED_MESSAGE });
    const res = await t.api('GET', `/api/batch/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, progress: 100, finishedAt: null });
    expect(Date.parse(res.body.cancelledAt)).not.toBeNaN();
  });

  it('leaves a batch alone while a live worker holds its lock', async () => {
    const id = await orphan('test.once');
    const worker = await t.server.deps.db.pool.connect();
    try {
      await worker.query('select pg_advisory_lock(hashtextextended($1, 7))', [id]);
      await jobs.recoverBatches();
      expect(await row(id)).toMatchObject({ progress: 40, cancelledAt: null, finishedAt: null });
    } finally {
      await worker.query('select pg_advisory_unlock_all()');
      worker.release();
    }
  });

  it('queues an interrupted resumable batch again, which continues from its saved state', async () => {
    const id = await orphan('test.resume', { done: 3 });
    await jobs.recoverBatches();
    // pg-boss's schema is not the application role's: ask as the connection user.
    const queued = await t.server.deps.db.pool.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'batch' and data->>'batchId' = $1`,
      [id],
    );
    expect(queued.rows[0]!.n).toBe(1);
    expect((await row(id)).cancelledAt).toBeNull();
    await jobs.runBatch(id);
    expect(ran).toEqual(['from 3']);
    expect(await row(id)).toMatchObject({
      progress: 100,
      cancelledAt: null,
      attempts: 2,
      state: { done: 4 },
    });
  });

  it('marks a batch whose run throws failed, keeps its committed chunks and rolls back the failing one', async () => {
    const id = await t.server.deps.db.platform((tx) => jobs.startBatch(tx, 'test.throws', {}), {
      companyId: 1,
      userId: 1,
    });
    await jobs.runBatch(id);
    expect(await row(id)).toMatchObject({
      progress: 100,
      finishedAt: null,
      error: 'Chunk 2 is kapot',
      state: { done: 1 },
    });
    const res = await t.api('GET', `/api/batch/${id}`, { token });
    expect(res.body).toMatchObject({ progress: 100, finishedAt: null });
    expect(res.body.cancelledAt).not.toBeNull();
    const logs = await t.server.deps.db.platform((tx) =>
      tx.execute<{ description: string }>(sql`select description from log_item where loggable_type = 'test'`),
    );
    expect(logs.rows.map((r) => r.description)).toEqual(['kept']);
    // Running it again (a duplicate queue message) changes nothing.
    await jobs.runBatch(id);
    expect((await row(id)).attempts).toBe(1);
  });
});
