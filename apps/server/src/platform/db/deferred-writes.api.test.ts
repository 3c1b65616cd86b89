import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchRoundTrips } from '../../../test/round-trips';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { commitWith, deferWrite, rawRows, readPlan } from './database';
import { user } from './tables/users.schema';

let t: TestServer;
let companyId: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyId = await t.createTestCompany({ name: 'Uitgesteld B.V.' });
  // As the connection's own user: the application role may not create tables.
  const client = await t.server.deps.db.pool.connect();
  try {
    await client.query(`create table if not exists deferred_note (id serial primary key,
      company_id integer not null default nullif(current_setting('app.company_id', true), '')::integer,
      body text not null unique)`);
    const role = t.server.deps.db.appRole;
    if (role) {
      await client.query(`grant select, insert on deferred_note to ${role}`);
      await client.query(`grant usage on sequence deferred_note_id_seq to ${role}`);
    }
  } finally {
    client.release();
  }
});
afterAll(async () => t?.close());

const insertNote = 'insert into deferred_note (body) values ($1::text) returning id, company_id';
const notesLike = (prefix: string) =>
  t.server.deps.db.platform((tx) =>
    rawRows<{ body: string }>(tx, 'select body from deferred_note where body like $1 order by id', [
      `${prefix}%`,
    ]),
  );

/** No pooled connection is left inside a transaction, with a company, or refusing statements. */
async function expectCleanPool() {
  const { pool } = t.server.deps.db;
  const clients = await Promise.all(Array.from({ length: 3 }, () => pool.connect()));
  try {
    for (const client of clients) {
      const left = await client.query(
        "select current_setting('app.company_id', true) as company, now() = statement_timestamp() as outside",
      );
      expect(left.rows[0].company ?? '').toBe('');
      expect(left.rows[0].outside).toBe(true);
    }
  } finally {
    for (const client of clients) client.release();
  }
}

describe('deferred writes', () => {
  it('travel with the next statement, in order, under the transaction’s company, and hand over their rows', async () => {
    const { db } = t.server.deps;
    const roundTrips = watchRoundTrips(db.pool);
    try {
      const heard: unknown[] = [];
      const seen = await db.tenant({ companyId }, async (tx) => {
        await deferWrite(tx, insertNote, ['a-1'], (rows) => heard.push(rows[0]));
        await deferWrite(tx, insertNote, ['a-2']);
        expect(heard).toEqual([]); // nothing sent yet
        return rawRows<{ n: number }>(tx, 'select count(*)::int as n from deferred_note where body like $1', [
          'a-%',
        ]);
      });
      expect(seen).toEqual([{ n: 2 }]);
      expect(heard).toEqual([{ id: expect.any(Number), company_id: companyId }]);
      // begin, set-up, both writes and the read; then the commit.
      expect(roundTrips.count).toBe(2);

      // Only deferred writes: they go out with the commit, one round trip in all.
      roundTrips.reset();
      await db.tenant({ companyId }, (tx) => deferWrite(tx, insertNote, ['b-1']));
      expect(roundTrips.count).toBe(1);
      expect(await notesLike('b-')).toEqual([{ body: 'b-1' }]);

      // A failure before anything was sent: nothing reaches the server.
      roundTrips.reset();
      await expect(
        db.tenant({ companyId }, async (tx) => {
          await deferWrite(tx, insertNote, ['c-1']);
          throw new Error('afgebroken');
        }),
      ).rejects.toThrow('afgebroken');
      expect(roundTrips.count).toBe(0);
      expect(await notesLike('c-')).toEqual([]);
    } finally {
      roundTrips.stop();
    }
    await expectCleanPool();
  });

  it('hand over their rows as objects when the next statement reads arrays (drizzle’s select)', async () => {
    const heard: unknown[] = [];
    const found = await t.server.deps.db.tenant({ companyId }, async (tx) => {
      await deferWrite(tx, insertNote, ['h-1'], (rows) => heard.push(...rows));
      return tx.select({ id: user.id }).from(user).where(eq(user.id, -1));
    });
    expect(found).toEqual([]);
    expect(heard).toEqual([{ id: expect.any(Number), company_id: companyId }]);
  });

  it('fail the next statement with their own error and roll the whole transaction back', async () => {
    const { db } = t.server.deps;
    await db.tenant({ companyId }, (tx) => deferWrite(tx, insertNote, ['d-taken']));
    // The next statement is parameterised (one pipeline) ...
    await expect(
      db.tenant({ companyId }, async (tx) => {
        await rawRows(tx, insertNote, ['d-1']);
        await deferWrite(tx, insertNote, ['d-taken']);
        return rawRows(tx, 'select $1::int as one', [1]);
      }),
    ).rejects.toThrow(/duplicate key value/);
    // ... or has no parameters (sent after the deferred ones, in order; drizzle wraps the error as its cause) ...
    const failure = await db
      .tenant({ companyId }, async (tx) => {
        await rawRows(tx, insertNote, ['d-2']);
        await deferWrite(tx, insertNote, ['d-taken']);
        return tx.execute(sql`select 1`);
      })
      .catch((err: Error) => err);
    expect(((failure as Error).cause as Error).message).toMatch(/duplicate key value/);
    // ... or is the commit.
    await expect(
      db.tenant({ companyId }, async (tx) => {
        await rawRows(tx, insertNote, ['d-3']);
        await deferWrite(tx, insertNote, ['d-taken']);
      }),
    ).rejects.toThrow(/duplicate key value/);
    expect(await notesLike('d-')).toEqual([{ body: 'd-taken' }]);
    await expectCleanPool();
  });
});

describe('commitWith', () => {
  const notePlan = (prefix: string) =>
    readPlan(
      [
        {
          text: 'select body from deferred_note where body like $1 order by id',
          values: [`${prefix}%`],
          map: (rows: { body: string }[]) => rows.map((r) => r.body),
        },
        {
          text: "select current_setting('app.company_id') as company, $1::int as one",
          values: [1],
          map: (rows: { company: string }[]) => rows[0]!.company,
        },
      ],
      ([bodies, company]) => ({ bodies, company }),
    );

  it('reads the change and commits it in one round trip with the deferred writes', async () => {
    const { db } = t.server.deps;
    const roundTrips = watchRoundTrips(db.pool);
    try {
      const answer = await db.tenant({ companyId }, async (tx) => {
        await rawRows(tx, insertNote, ['e-1']);
        await deferWrite(tx, insertNote, ['e-2']);
        return commitWith(tx, notePlan('e-'));
      });
      expect(answer).toEqual({ bodies: ['e-1', 'e-2'], company: String(companyId) });
      expect(roundTrips.count).toBe(2); // begin, set-up and the insert; the deferred write, reads and commit
    } finally {
      roundTrips.stop();
    }
    expect(await notesLike('e-')).toEqual([{ body: 'e-1' }, { body: 'e-2' }]);
    await expectCleanPool();
  });

  it('refuses statements after the commit, keeps the committed change, and rolls back when a read fails', async () => {
    const { db } = t.server.deps;
    await expect(
      db.tenant({ companyId }, async (tx) => {
        await deferWrite(tx, insertNote, ['f-1']);
        await commitWith(tx, notePlan('f-'));
        // The settings and the role ended with the commit: nothing may run as the company any more.
        return rawRows(tx, 'select $1::int as one', [1]);
      }),
    ).rejects.toThrow(/committed/);
    expect(await notesLike('f-')).toEqual([{ body: 'f-1' }]);

    await expect(
      db.tenant({ companyId }, async (tx) => {
        await deferWrite(tx, insertNote, ['g-1']);
        return commitWith(
          tx,
          readPlan([{ text: 'select 1 / $1::int as x', values: [0], map: (rows) => rows }], ([x]) => x),
        );
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await notesLike('g-')).toEqual([]);
    await expectCleanPool();

    // The connection that refused is usable again by its next transaction.
    const again = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        db.tenant({ companyId }, (tx) => rawRows<{ n: number }>(tx, 'select $1::int as n', [i])),
      ),
    );
    expect(again.map((rows) => rows[0]!.n)).toEqual([0, 1, 2, 3]);
  });
});
