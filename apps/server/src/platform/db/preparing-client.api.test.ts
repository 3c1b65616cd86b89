import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';

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
