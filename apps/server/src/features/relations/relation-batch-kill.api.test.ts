import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAllChildServers, startChildServer } from '../../../test/child-server';
import { createTestDatabase, TEST_PASSWORD } from '../../../test/test-server';
import { APP_ROLE, Database } from '../../platform/db/database';
import { createCompany } from '../companies/create-company';
import { createUser } from '../users/create-user';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TRASHED = 4000;
const LIVE = 50;

describe('a server killed while emptying the relation trash', () => {
  let db: Database;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-relation-kill-'));
  const env: Record<string, string> = {
    INIT_ADMIN_EMAIL: 'admin@relkill.test',
    INIT_ADMIN_PASSWORD: 'Beheer123',
    BATCH_CHUNK_SIZE: '20',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    GEOCODER: 'none',
  };

  beforeAll(async () => {
    env.DATABASE_URL = await createTestDatabase();
    db = new Database(new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }), APP_ROLE);
  });
  afterAll(async () => {
    killAllChildServers();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const counts = (companyId: number) =>
    db
      .platform((tx) =>
        tx.execute<{ trashed: number; live: number; flows: number }>(sql`
          select count(*) filter (where deleted_at is not null)::int as trashed,
            count(*) filter (where deleted_at is null)::int as live,
            (select count(*)::int from flow where company_id = ${companyId}) as flows
          from relation where company_id = ${companyId}`),
      )
      .then((r) => r.rows[0]!);

  it('resumes after the restart and deletes exactly the trashed relations', {
    timeout: 180_000,
  }, async () => {
    const first = await startChildServer(env);
    const { companyId, email } = await db.platform(async (tx) => {
      const id = await createCompany(tx, { name: 'Grote Prullenbak BV', modules: ['BASIS', 'CRM'] });
      const email = 'beheer@prullenbak.test';
      await createUser(tx, {
        companyId: id,
        name: 'Bea',
        surname: 'Heer',
        email,
        password: TEST_PASSWORD,
        role: 1000,
        userType: 'standard',
      });
      await tx.execute(sql`
        insert into relation (company_id, name, surname, email, deleted_at)
        select ${id}, 'Klant', 'Nummer ' || g, 'klant' || g || '@voorbeeld.nl',
          case when g <= ${TRASHED} then now() - interval '1 day' end
        from generate_series(1, ${TRASHED + LIVE}) g`);
      await tx.execute(sql`
        insert into flow (company_id, hash, number, relation_id, deleted_at)
        select ${id}, md5(random()::text || r.id), row_number() over (order by r.id), r.id, r.deleted_at
        from relation r where r.company_id = ${id}`);
      return { companyId: id, email };
    });
    expect(await counts(companyId)).toEqual({ trashed: TRASHED, live: LIVE, flows: TRASHED + LIVE });

    let login = await first.api('POST', '/api/authenticate', undefined, { email, password: TEST_PASSWORD });
    const started = await first.api('POST', '/api/relation/emptytrash', login.body.token);
    expect(started.status).toBe(200);
    const batchId: string = started.body.batchId;
    const seen: number[] = [];
    for (const end = Date.now() + 30_000; ; await sleep(40)) {
      if (Date.now() > end) throw new Error(`no progress: ${seen.join(',')}\n${first.output()}`);
      const res = await first.api('GET', `/api/batch/${batchId}`, login.body.token);
      seen.push(res.body.progress);
      if (res.body.progress >= 5) break;
    }
    await first.kill();
    const half = await counts(companyId);
    expect(half.trashed).toBeGreaterThan(0);
    expect(half.trashed).toBeLessThan(TRASHED);
    expect(half.live).toBe(LIVE);
    // Each chunk committed its relations with their flows: no relation left without flows or the reverse.
    expect(half.flows).toBe(half.trashed + LIVE);

    const second = await startChildServer(env);
    login = await second.api('POST', '/api/authenticate', undefined, { email, password: TEST_PASSWORD });
    let last: { progress: number; finishedAt: string | null; cancelledAt: string | null } | undefined;
    for (const end = Date.now() + 60_000; Date.now() < end; await sleep(100)) {
      const res = await second.api('GET', `/api/batch/${batchId}`, login.body.token);
      last = res.body;
      seen.push(res.body.progress);
      if (res.body.finishedAt || res.body.cancelledAt) break;
    }
    expect(last).toMatchObject({ progress: 100, cancelledAt: null });
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(await counts(companyId)).toEqual({ trashed: 0, live: LIVE, flows: LIVE });
    const [batch] = (
      await db.platform((tx) =>
        tx.execute<{ attempts: number; state: { done: number } }>(
          sql`select attempts, state from batch where id = ${batchId}`,
        ),
      )
    ).rows;
    expect(batch).toMatchObject({ attempts: 2, state: { done: TRASHED } });
    await second.kill();
  });
});
