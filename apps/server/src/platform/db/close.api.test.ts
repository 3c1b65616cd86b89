import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/test-server';

describe('Database.close', () => {
  it('answers once every pooled connection has closed, not when they were only asked to end', async () => {
    const t = await startTestServer({ work: false });
    const { pool } = t.server.deps.db;
    const clients: pg.Client[] = [];
    pool.on('connect', (client) => clients.push(client));
    // Several connections at once (each waits until all are checked out), then back in the pool, idle.
    const held = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    for (const c of held) c.release();
    expect(clients.length).toBeGreaterThanOrEqual(4);
    await t.close();
    const open = clients.filter(
      (c) =>
        !(c as unknown as { connection: { stream: { destroyed: boolean } } }).connection.stream.destroyed,
    );
    expect(open).toHaveLength(0);
  });
});
