import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchRoundTrips } from '../../../test/round-trips';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { writeLog } from '../events/write-log';
import { rawRows, readPlan } from './database';
import { user } from './tables/users.schema';

let t: TestServer;
let companyA: number;
let companyB: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyA = await t.createTestCompany({ name: 'Bedrijf A' });
  companyB = await t.createTestCompany({ name: 'Bedrijf B' });
  for (const companyId of [companyA, companyA, companyB, companyB, companyB])
    await t.createTestUser({ companyId });
  await t.server.deps.db.tenant({ companyId: companyB }, (tx) =>
    writeLog(tx, { type: 'company', id: null, action: 'create', description: 'geheim van B' }),
  );
});
afterAll(async () => t?.close());

describe('row-level security', () => {
  it('reads in one round trip (tenantReads) see only the company, under the restricted role, and leave the connection as it was', async () => {
    const { db } = t.server.deps;
    const plan = readPlan(
      [
        {
          text: 'select company_id from "user" where $1::int is not null',
          values: [1],
          map: (rows: { company_id: number }[]) => rows.map((r) => r.company_id),
        },
        {
          text: 'select description from log_item where $1::int is not null',
          values: [1],
          map: (rows: { description: string }[]) => rows.map((r) => r.description),
        },
        {
          text: "select current_user as who, current_setting('app.company_id') as company, $1::int as one",
          values: [1],
          map: (rows: { who: string; company: string }[]) => rows[0]!,
        },
      ],
      (parts) => parts,
    );
    for (let round = 0; round < 3; round++) {
      const [users, logs, session] = await db.tenantReads({ companyId: companyA }, plan);
      expect(users).toHaveLength(2);
      expect(users.every((c) => c === companyA)).toBe(true);
      expect(logs).not.toContain('geheim van B');
      expect(session.company).toBe(String(companyA));
      if (db.appRole) expect(session.who).toBe(db.appRole);
      const [usersOfB] = await db.tenantReads({ companyId: companyB }, plan);
      expect(usersOfB).toHaveLength(3);
    }
    // A failing read fails the call; every connection of the pool comes back without the settings.
    const failing = readPlan(
      [{ text: 'select 1 / $1::int as n', values: [0], map: (rows) => rows }],
      (parts) => parts,
    );
    await expect(db.tenantReads({ companyId: companyA }, failing)).rejects.toThrow(/division by zero/);
    const clients = await Promise.all(Array.from({ length: 3 }, () => db.pool.connect()));
    try {
      for (const client of clients) {
        const left = await client.query(
          "select current_setting('app.company_id', true) as company, current_user as who",
        );
        expect(left.rows[0].company ?? '').toBe('');
        if (db.appRole) expect(left.rows[0].who).not.toBe(db.appRole);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('a transaction sends its begin and set-up with its first statement, and ends clean after a failure there', async () => {
    const { db } = t.server.deps;
    const roundTrips = watchRoundTrips(db.pool);
    try {
      const seen = await db.tenant({ companyId: companyA, userId: 7 }, (tx) =>
        rawRows<{ company: string; user_id: string; who: string }>(
          tx,
          "select current_setting('app.company_id') as company, current_setting('app.user_id') as user_id, current_user as who where $1::int = 1",
          [1],
        ),
      );
      expect(seen[0]).toMatchObject({ company: String(companyA), user_id: '7' });
      if (db.appRole) expect(seen[0]!.who).toBe(db.appRole);
      expect(roundTrips.count).toBe(2); // begin, set-up and the statement; then commit
      roundTrips.reset();
      await db.tenant({ companyId: companyA }, async () => 'nothing asked');
      expect(roundTrips.count).toBe(0);
      await expect(
        db.tenant({ companyId: companyA }, (tx) => rawRows(tx, 'select 1 / $1::int', [0])),
      ).rejects.toThrow(/division by zero/);
    } finally {
      roundTrips.stop();
    }
    const clients = await Promise.all(Array.from({ length: 3 }, () => db.pool.connect()));
    try {
      for (const client of clients) {
        const left = await client.query(
          "select current_setting('app.company_id', true) as company, now() = statement_timestamp() as outside",
        );
        expect(left.rows[0].company ?? '').toBe('');
        expect(left.rows[0].outside).toBe(true); // no transaction left open
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('an unfiltered query as company A returns none of company B’s rows', async () => {
    const { db } = t.server.deps;
    const rows = await db.tenant({ companyId: companyA }, (tx) =>
      tx.select({ companyId: user.companyId }).from(user),
    );
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.companyId === companyA)).toBe(true);
    const raw = await db.tenant({ companyId: companyA }, (tx) =>
      tx.execute<{ description: string }>(sql`select description from log_item`),
    );
    expect(raw.rows.map((r) => r.description)).not.toContain('geheim van B');
  });

  it('covers every table that has a company_id column, forced, with a policy', async () => {
    const tables = await t.server.deps.db.platform((tx) =>
      tx.execute<{ relname: string; rls: boolean; forced: boolean; policies: number }>(sql`
        select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
               (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from information_schema.columns col
                      where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'company_id')`),
    );
    expect(tables.rows.length).toBeGreaterThanOrEqual(8);
    for (const table of tables.rows) {
      expect(table, table.relname).toMatchObject({ rls: true, forced: true });
      expect(table.policies, table.relname).toBeGreaterThan(0);
    }
  });

  it('queries run under a role that is no superuser and cannot bypass the policies, though the connection is a superuser', async () => {
    const { db } = t.server.deps;
    const conn = await db.pool.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    const inTx = await db.tenant({ companyId: companyA }, (tx) =>
      tx.execute<{ rolsuper: boolean; rolbypassrls: boolean; who: string }>(
        sql`select current_user as who, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
      ),
    );
    expect(inTx.rows[0]).toMatchObject({ rolsuper: false, rolbypassrls: false });
    if (conn.rows[0]?.rolsuper) expect(db.appRole).toBe(inTx.rows[0]!.who);
  });

  it('refuses to write a row for another company and cannot change or delete its rows', async () => {
    const { db } = t.server.deps;
    const refused = await db
      .tenant({ companyId: companyA }, (tx) =>
        tx.execute(
          sql`insert into log_item (company_id, loggable_type, action) values (${companyB}, 'x', 'x')`,
        ),
      )
      .then(
        () => null,
        (err: { cause?: { code?: string; message?: string } }) => err.cause,
      );
    expect(refused?.code).toBe('42501');
    expect(refused?.message).toMatch(/row-level security/);
    const updated = await db.tenant({ companyId: companyA }, (tx) =>
      tx.execute(sql`update "user" set name = 'gekaapt' where company_id = ${companyB}`),
    );
    expect(updated.rowCount).toBe(0);
    const deleted = await db.tenant({ companyId: companyA }, (tx) => tx.execute(sql`delete from "user"`));
    expect(deleted.rowCount).toBe(2);
    const left = await db.platform((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from "user" where company_id = ${companyB}`),
    );
    expect(left.rows[0]!.n).toBe(3);
  });

  it('sees nothing at all without a company', async () => {
    const rows = await t.server.deps.db.pool.connect().then(async (client) => {
      try {
        await client.query('begin');
        if (t.server.deps.db.appRole) await client.query(`set local role ${t.server.deps.db.appRole}`);
        const r = await client.query('select * from "user"');
        await client.query('rollback');
        return r.rows;
      } finally {
        client.release();
      }
    });
    expect(rows).toEqual([]);
  });

  it('fills company_id of a new row from the transaction', async () => {
    const { db } = t.server.deps;
    await db.tenant({ companyId: companyA, userId: 77 }, (tx) =>
      writeLog(tx, { type: 'company', id: 1, action: 'create', description: 'van A' }),
    );
    const row = await db.platform((tx) =>
      tx.execute<{ company_id: number; user_id: number }>(
        sql`select company_id, user_id from log_item where description = 'van A'`,
      ),
    );
    expect(row.rows[0]).toEqual({ company_id: companyA, user_id: 77 });
  });
});
