import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { PLAN_PER_VALUES, PreparingClient } from './preparing-client';

// The direct pool: the one whose client names statements (behind PgBouncer the main pool names none, decision 053).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

describe('statements prepared per connection', () => {
  it('names a parameterised statement the second time it is sent, and answers the same rows', async () => {
    const client = await t.server.deps.db.sessionPool.connect();
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

describe('statements planned for their values', () => {
  it('never names a text that starts with PLAN_PER_VALUES', async () => {
    const client = (await t.server.deps.db.sessionPool.connect()) as unknown as PreparingClient & {
      release(): void;
    };
    try {
      const text = `${PLAN_PER_VALUES}select $1::int * 3 as n -- per values test`;
      for (const value of [1, 2, 3]) {
        expect((await client.query(text, [value])).rows).toEqual([{ n: value * 3 }]);
        expect(await client.pipelined([{ text, values: [value] }])).toEqual([[{ n: value * 3 }]]);
      }
      const prepared = await client.query(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(prepared.rows[0].n).toBe(0);
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
    const client = (await t.server.deps.db.sessionPool.connect()) as unknown as PreparingClient & {
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
    const client = (await t.server.deps.db.sessionPool.connect()) as unknown as PreparingClient & {
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

  it('skips the row description of a statement it has prepared, and answers the same rows', async () => {
    const client = (await t.server.deps.db.sessionPool.connect()) as unknown as PreparingClient & {
      release(): void;
      connection: { describe(...args: unknown[]): void };
    };
    const describe = client.connection.describe;
    let described = 0;
    client.connection.describe = function (this: unknown, ...args: unknown[]) {
      described += 1;
      return describe.apply(this, args);
    };
    try {
      await client.query('create temp table pipeline_shape (n int)');
      const statements = (round: number) => [
        // Every kind of column pg parses, a null, no rows, and a statement answering none (NoData).
        {
          text: `select $1::int as n, $2::text as t, $3::timestamptz as at, $4::jsonb as j, $5::int[] as list,
            12.5::numeric as amount, null::int as nothing, true as yes -- shape a`,
          values: [round, `ronde ${round}`, new Date(Date.UTC(2026, 0, round + 1)), { round }, [round, 7]],
        },
        { text: 'select x from generate_series(1, $1::int) x where false -- shape b', values: [round] },
        { text: 'insert into pipeline_shape values ($1) -- shape c', values: [round] },
        {
          text: 'select count(*)::int as rows, $1::int as r from pipeline_shape -- shape d',
          values: [round],
        },
      ];
      const perRound: number[] = [];
      for (let round = 1; round <= 4; round++) {
        const before = described;
        const [a, b, c, d] = await client.pipelined(statements(round));
        perRound.push(described - before);
        expect(a).toEqual([
          {
            n: round,
            t: `ronde ${round}`,
            at: new Date(Date.UTC(2026, 0, round + 1)),
            j: { round },
            list: [round, 7],
            amount: '12.5',
            nothing: null,
            yes: true,
          },
        ]);
        expect(Object.keys(a![0]!)).toEqual(['n', 't', 'at', 'j', 'list', 'amount', 'nothing', 'yes']);
        expect(b).toEqual([]);
        expect(c).toEqual([]);
        expect(d).toEqual([{ rows: round, r: round }]);
      }
      // Seen once, then named and prepared (both described), then known: no Describe at all.
      expect(perRound).toEqual([4, 4, 0, 0]);

      // Results read with other type parsers (drizzle's) or as arrays never get the default parsers.
      const text = "select $1::int as n, '2026-05-06T07:08:09Z'::timestamptz as at -- shape e";
      const raw = { getTypeParser: () => (value: string) => `raw:${value}` };
      for (let round = 0; round < 3; round++) {
        await client.pipelined([{ text, values: [round] }]);
        client.deferUntilNextStatement([{ text: 'select $1::int as z -- shape f', values: [1] }]);
        const asArrays = await client.query({ text, values: [round], rowMode: 'array', types: raw });
        expect(asArrays.rows).toEqual([[`raw:${round}`, expect.stringMatching(/^raw:2026-05-06/)]]);
      }
    } finally {
      client.connection.describe = describe;
      await client.query('drop table if exists pipeline_shape');
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
