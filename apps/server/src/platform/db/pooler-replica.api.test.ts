import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PgBouncer,
  type PrimaryWithReplica,
  pgBinDir,
  pgBouncerPath,
  startPgBouncer,
  startPrimaryWithReplica,
} from '../../../test/pg-servers';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createTestRelation } from '../../features/flows/flow-test-factory';
import { rawRows } from './database';
import { PreparingClient, UnpreparedClient } from './preparing-client';

/**
 * The server behind PgBouncer 1.18 in transaction pooling mode, with a streaming replica for its replica reads
 * (docs/decisions/053): its own PostgreSQL primary and replica (pg_basebackup -R) and a PgBouncer in front of
 * the primary, all started here. Needs the machine's PostgreSQL (pg_basebackup) and pgbouncer; without them
 * the file is skipped, except in CI.
 */
const available = pgBinDir() !== null && pgBouncerPath() !== null;

describe.skipIf(!available && process.env.CI !== 'true')('behind PgBouncer, with a replica', () => {
  let cluster: PrimaryWithReplica;
  let bouncer: PgBouncer;
  let t: TestServer;
  let companyId: number;
  let token: string;
  let replicaAdmin: pg.Client;
  const DB = 'im_pooler_replica';
  const on = (base: string) => base.replace(/\/postgres$/, `/${DB}`);

  beforeAll(async () => {
    // Asynchronous, as in production: a paused replay shows which reads the replica answers.
    cluster = await startPrimaryWithReplica();
    bouncer = await startPgBouncer(cluster.primaryUrl);
    const admin = new pg.Client({ connectionString: cluster.primaryUrl });
    await admin.connect();
    await admin.query(`create database ${DB}`);
    await admin.end();
    t = await startTestServer({
      database: {
        direct: on(cluster.primaryUrl),
        url: on(bouncer.url),
        config: { DATABASE_DIRECT_URL: on(cluster.primaryUrl), DATABASE_REPLICA_URL: on(cluster.replicaUrl) },
      },
    });
    companyId = await t.createTestCompany();
    const user = await t.createTestUser({ companyId, role: 5000 });
    token = await t.login(user.email);
    replicaAdmin = new pg.Client({ connectionString: cluster.replicaUrl });
    await replicaAdmin.connect();
  }, 180_000);
  afterAll(async () => {
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => {});
    await replicaAdmin?.end();
    await t?.close();
    await bouncer?.stop();
    await cluster?.stop();
  });

  const api = (method: string, path: string, body?: unknown) => t.api(method, path, { token, body });

  it('PgBouncer loses a named statement between transactions; the pooled client names none', async () => {
    const url = on(bouncer.url);
    const text = 'select $1::int + 1 as n, pg_backend_pid() as pid -- pooler test';
    // Client A names the text on the server connection it has (the second run names it); other clients then
    // hold server connections in open transactions until one holds the very connection A named it on (found by
    // its backend pid, so other clients of the pool cannot make this pass by chance), and A's next
    // transaction gets another server connection, where the name is unknown.
    const run = async (Client: typeof PreparingClient) => {
      const a = new Client({ connectionString: url });
      const holders: pg.Client[] = [];
      await a.connect();
      try {
        await a.query(text, [1]);
        const named = (await a.query(text, [2])).rows[0].pid as number;
        for (let i = 0; i < 10; i++) {
          const b = new pg.Client({ connectionString: url });
          await b.connect();
          holders.push(b);
          await b.query('begin');
          const held = (await b.query('select pg_backend_pid() as pid')).rows[0].pid as number;
          if (held === named) break;
        }
        const holds = await Promise.all(holders.map((b) => b.query('select pg_backend_pid() as pid')));
        expect(holds.map((r) => r.rows[0].pid)).toContain(named);
        return await a.query(text, [3]).then(
          (r: pg.QueryResult) => r.rows[0].n as number,
          (err: Error) => err.message,
        );
      } finally {
        for (const b of holders) {
          await b.query('rollback').catch(() => {});
          await b.end();
        }
        await a.end();
      }
    };
    expect(await run(PreparingClient)).toMatch(/prepared statement "im_\d+" does not exist/);
    expect(await run(UnpreparedClient)).toBe(4);
  });

  it('the server goes through PgBouncer for its requests and straight to PostgreSQL for session state', async () => {
    const { db } = t.server.deps;
    expect(db.sessionPool).not.toBe(db.pool);
    const pooled = (db.pool as unknown as { options: { connectionString: string } }).options;
    expect(new URL(pooled.connectionString).port).toBe(String(bouncer.port));
    const direct = await db.sessionPool.query<{ port: number }>('select inet_server_port() as port');
    expect(direct.rows[0]!.port).toBe(cluster.primaryPort);
    // The idle-in-transaction limit travels with each transaction, not in start-up options.
    const [limit] = await db.tenant({ companyId }, (tx) =>
      rawRows<{ v: string }>(tx, "select current_setting('idle_in_transaction_session_timeout') as v", []),
    );
    expect(limit!.v).toBe('2min');
    // Requests repeat their statements many times over many transactions: none may fail.
    const relationId = await createTestRelation(t, companyId, { name: 'Pooler' });
    for (let i = 0; i < 6; i++) {
      const created = await api('POST', '/api/flow', { relation_id: relationId, description: `Pooler ${i}` });
      expect(created.status).toBe(201);
      expect((await api('GET', `/api/flow/${created.body.id}`)).status).toBe(200);
      expect((await api('GET', '/api/flow/querypaginated?limit=5')).status).toBe(200);
      expect((await api('GET', '/api/user/getcurrentuser')).status).toBe(200);
    }
  });

  it('an overview reads from the replica, a detail from the primary', async () => {
    const relationId = await createTestRelation(t, companyId, { name: 'Replica' });
    const before = await api('GET', '/api/flow/querypaginated?limit=100');
    expect(before.status).toBe(200);
    await replicaAdmin.query('select pg_wal_replay_pause()');
    const created = await api('POST', '/api/flow', { relation_id: relationId, description: 'Na pauze' });
    expect(created.status).toBe(201);
    // The detail reads the primary: there at once.
    const detail = await api('GET', `/api/flow/${created.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.description).toBe('Na pauze');
    // The overview and the pipeline read the replica, whose replay is paused: not there yet.
    const paused = await api('GET', '/api/flow/querypaginated?limit=100');
    expect(paused.status).toBe(200);
    expect(paused.body.pagination.total).toBe(before.body.pagination.total);
    expect(paused.body.data.map((f: { id: number }) => f.id)).not.toContain(created.body.id);
    expect((await api('GET', '/api/user/getleadpipeline')).status).toBe(200);
    expect((await api('GET', '/api/user/getdashboardstatistics')).status).toBe(200);
    await replicaAdmin.query('select pg_wal_replay_resume()');
    // Replayed: the overview shows it within moments.
    let ids: number[] = [];
    for (let i = 0; i < 50 && !ids.includes(created.body.id); i++) {
      await new Promise((r) => setTimeout(r, 100));
      ids = (await api('GET', '/api/flow/querypaginated?limit=100')).body.data.map(
        (f: { id: number }) => f.id,
      );
    }
    expect(ids).toContain(created.body.id);
  });

  it('a replica that is gone is reported and the primary answers', async () => {
    const { db } = t.server.deps;
    const replica = db.replicaPool!;
    // Every connection the replica pool opens from now on fails as if the replica were down.
    const broken = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
    Object.defineProperty(db, 'replicaPool', { value: broken });
    try {
      const res = await api('GET', '/api/flow/querypaginated?limit=5');
      expect(res.status).toBe(200);
      expect(res.body.pagination.total).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(db, 'replicaPool', { value: replica });
      await broken.end();
    }
  });
});
