import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { AddressCounts } from './address-counts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('per-address counts in the database', () => {
  let t: TestServer;
  let counts: AddressCounts;
  beforeAll(async () => {
    t = await startTestServer({ work: false });
    counts = new AddressCounts(t.server.deps.db);
  });
  afterAll(async () => t?.close());

  it('counts hits per scope and address within a window, and starts again after it', async () => {
    expect(await counts.hit('a', '10.0.0.1', 400)).toMatchObject({ hits: 1 });
    const second = await counts.hit('a', '10.0.0.1', 400);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(400);
    // Another address, another scope: counted apart.
    expect((await counts.hit('a', '10.0.0.2', 400)).hits).toBe(1);
    expect((await counts.hit('b', '10.0.0.1', 400)).hits).toBe(1);
    expect(await counts.read('a', '10.0.0.1', 400)).toMatchObject({ hits: 2 });
    await sleep(450);
    expect(await counts.read('a', '10.0.0.1', 400)).toEqual({ hits: 0, ttlMs: 0 });
    expect((await counts.hit('a', '10.0.0.1', 400)).hits).toBe(1);
  });

  it('loses no hit when many arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () => counts.hit('burst', '10.0.0.9', 60_000)),
    );
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('prunes windows that ended long ago and keeps the rest', async () => {
    await counts.hit('old', '10.0.0.3', 1000);
    await t.server.deps.db.pool.query(
      `update address_count set since = now() - interval '2 hours' where scope = 'old'`,
    );
    await counts.hit('new', '10.0.0.3', 1000);
    expect(await counts.prune()).toBeGreaterThanOrEqual(1);
    const left = await t.server.deps.db.pool.query<{ scope: string }>(
      `select scope from address_count where address = '10.0.0.3'`,
    );
    expect(left.rows.map((r) => r.scope)).toEqual(['new']);
  });
});
