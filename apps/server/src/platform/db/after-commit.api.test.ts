import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { DOMAIN_EVENT_CHANNEL } from '../events/channel';
import { writeLog } from '../events/write-log';
import { notifyAfterCommit } from './database';

let t: TestServer;
let listener: pg.Client;
let companyId: number;
const heard: { channel: string; payload: string }[] = [];

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyId = await t.createTestCompany({ name: 'Na de commit' });
  listener = new pg.Client({ connectionString: t.databaseUrl });
  await listener.connect();
  listener.on('notification', (m) => heard.push({ channel: m.channel, payload: m.payload ?? '' }));
  await listener.query('listen test_after_commit; listen im_domain_event');
});
afterAll(async () => {
  await listener?.end();
  await t?.close();
});

/** Waits until `n` notifications of the channel arrived (or fails after 5 s). */
async function heardOn(channel: string, n: number) {
  for (let i = 0; i < 500; i++) {
    const got = heard.filter((h) => h.channel === channel);
    if (got.length >= n) return got;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(
    `only ${heard.filter((h) => h.channel === channel).length} of ${n} notifications on ${channel}`,
  );
}

describe('notifications after commit', () => {
  it('go out once the transaction committed, in commit order, and never for a rolled-back one', async () => {
    const { db } = t.server.deps;
    let seenWhileOpen = -1;
    await db.tenant({ companyId }, async (tx) => {
      notifyAfterCommit(tx, 'test_after_commit', 'eerste');
      await new Promise((r) => setTimeout(r, 100));
      seenWhileOpen = heard.filter((h) => h.channel === 'test_after_commit').length;
    });
    expect(seenWhileOpen).toBe(0);
    await expect(
      db.tenant({ companyId }, async (tx) => {
        notifyAfterCommit(tx, 'test_after_commit', 'teruggedraaid');
        throw new Error('afgebroken');
      }),
    ).rejects.toThrow('afgebroken');
    await db.tenant({ companyId }, async (tx) => notifyAfterCommit(tx, 'test_after_commit', 'tweede'));
    // Many commits at once (several in one statement of the notifier): every one arrives.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.tenant({ companyId }, async (tx) => notifyAfterCommit(tx, 'test_after_commit', `nr ${i}`)),
      ),
    );
    const got = (await heardOn('test_after_commit', 42)).map((h) => h.payload);
    expect(got.slice(0, 2)).toEqual(['eerste', 'tweede']);
    expect(got).not.toContain('teruggedraaid');
    expect(new Set(got.slice(2))).toEqual(new Set(Array.from({ length: 40 }, (_, i) => `nr ${i}`)));
  });

  it('a change’s domain event is announced after its commit, with the outbox row’s id', async () => {
    const { db } = t.server.deps;
    const before = heard.filter((h) => h.channel === DOMAIN_EVENT_CHANNEL).length;
    await db.tenant({ companyId }, (tx) =>
      writeLog(tx, { type: 'company', id: companyId, action: 'update', description: 'naam gewijzigd' }),
    );
    const got = await heardOn(DOMAIN_EVENT_CHANNEL, before + 1);
    const event = JSON.parse(got[before]!.payload) as { id: string; kind: string; company_id: number };
    expect(event).toMatchObject({ kind: 'company.update', company_id: companyId });
    const rows = await db.platform(async (tx) =>
      tx.execute<{ kind: string }>(sql`select kind from domain_event where id = ${event.id}::bigint`),
    );
    expect(rows.rows.map((r) => r.kind)).toEqual(['company.update']);
  });

  it('refuses a transaction that is not one of the data layer', () => {
    expect(() => notifyAfterCommit({} as never, 'test_after_commit', 'x')).toThrow(/not a transaction/);
  });
});
