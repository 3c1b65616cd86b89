import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { PreparingClient } from './preparing-client';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

describe('statements prepared per connection', () => {
  it('names a parameterised statement the second time it is sent, and answers the same rows', async () => {
    const client = await t.server.deps.db.pool.connect();
    try {
      const text = 'select $1::int + 1 as n -- preparing-client test';
      const answers = [];
      for (const value of [1, 2, 3]) answers.push((await client.query(text, [value])).rows[0].n);
      expect(answers).toEqual([2, 3, 4]);
      const prepared = await client.query(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(prepared.rows[0].n).toBe(1);
    } finally {
      client.release();
    }
  });
});

describe('pipelined statements', () => {
  const A = 'select $1::int * 2 as n -- pipeline a';
  const B = 'select x from unnest($1::int[]) x order by x desc -- pipeline b';
  const C =
    "select $1::timestamptz = '2026-01-02T03:04:05Z'::timestamptz as same, $2::text is null as empty -- pipeline c";

  it('answers each statement its own rows in one round trip and names texts sent again', async () => {
    const client = (await t.server.deps.db.pool.connect()) as unknown as PreparingClient & {
      release(): void;
    };
    try {
      expect(client).toBeInstanceOf(PreparingClient);
      for (let round = 0; round < 3; round++) {
        const [a, b, c] = await client.pipelined([
          { text: A, values: [round] },
          { text: B, values: [[1, 3, 2]] },
          { text: C, values: [new Date('2026-01-02T03:04:05Z'), null] },
        ]);
        expect(a).toEqual([{ n: round * 2 }]);
        expect(b!.map((r) => r.x)).toEqual([3, 2, 1]);
        expect(c).toEqual([{ same: true, empty: true }]);
      }
      const prepared = await client.query(
        'select count(*)::int as n from pg_prepared_statements where statement = any($1::text[])',
        [[A, B, C]],
      );
      expect(prepared.rows[0].n).toBe(3);
    } finally {
      client.release();
    }
  });

  it('fails as a whole when one statement fails, and the connection and its texts keep working', async () => {
    const client = (await t.server.deps.db.pool.connect()) as unknown as PreparingClient & {
      release(): void;
    };
    try {
      const broken = 'select 1 / $1::int as n -- pipeline broken';
      for (let round = 0; round < 3; round++) {
        // A runtime error in the second statement (the first one parsed and ran) ...
        await expect(
          client.pipelined([
            { text: A, values: [1] },
            { text: broken, values: [0] },
            { text: B, values: [[1]] },
          ]),
        ).rejects.toThrow(/division by zero/);
        // ... and a text PostgreSQL cannot parse.
        await expect(
          client.pipelined([
            { text: A, values: [1] },
            { text: 'select from where $1 -- pipeline syntax', values: [1] },
          ]),
        ).rejects.toThrow(/syntax error/);
      }
      const [a, b] = await client.pipelined([
        { text: A, values: [4] },
        { text: broken, values: [2] },
      ]);
      expect(a).toEqual([{ n: 8 }]);
      expect(b).toEqual([{ n: 0 }]);
      expect((await client.query(A, [5])).rows).toEqual([{ n: 10 }]);
      // A pipelined text that later fails on its own is sent again without a second parse of its name.
      await expect(client.query(broken, [0])).rejects.toThrow(/division by zero/);
      expect((await client.query(broken, [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
  });

  it('runs inside a tenant transaction, under its company and role', async () => {
    const { rawReads } = await import('./database');
    const db = t.server.deps.db;
    const [setting, role] = await db.tenant({ companyId: 424242 }, (tx) =>
      rawReads(tx, [
        {
          text: "select current_setting('app.company_id') as c, $1::int as one",
          values: [1],
          map: (rows: { c: string }[]) => rows[0]!.c,
        },
        {
          text: 'select current_user as u, $1::int as one',
          values: [1],
          map: (rows: { u: string }[]) => rows[0]!.u,
        },
      ]),
    );
    expect(setting).toBe('424242');
    if (db.appRole) expect(role).toBe(db.appRole);
  });
});
