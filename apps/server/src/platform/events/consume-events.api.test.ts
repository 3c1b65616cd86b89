import type { DomainEvent } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { rawRows } from '../db/database';
import { createLogger } from '../log';
import { type EventConsumer, EventDispatcher } from './consume-events';
import { writeLog } from './write-log';

let t: TestServer;
let companyId: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyId = await t.createTestCompany();
});
afterAll(async () => t?.close());

const publish = (flowId: number, description: string) =>
  t.server.deps.db.tenant({ companyId }, (tx) =>
    writeLog(tx, { type: 'flow', id: flowId, action: 'update', description, changes: { description } }),
  );

function recorder(name: string): EventConsumer & { seen: DomainEvent[]; failNext: number } {
  const consumer = {
    name,
    seen: [] as DomainEvent[],
    failNext: 0,
    async handle(events: DomainEvent[]) {
      if (consumer.failNext > 0) {
        consumer.failNext -= 1;
        throw new Error('webhook endpoint down');
      }
      consumer.seen.push(...events);
    },
  };
  return consumer;
}

async function dispatcherWith(...consumers: EventConsumer[]) {
  const dispatcher = new EventDispatcher(t.server.deps.db, createLogger('silent'), 20);
  for (const c of consumers) dispatcher.register(c);
  await dispatcher.start();
  await dispatcher.idle();
  dispatcher.stop();
  return dispatcher;
}

async function drain(dispatcher: EventDispatcher, consumer: EventConsumer) {
  while ((await dispatcher.runOnce(consumer)) > 0) {}
}

/**
 * Drains until `done` holds: a transaction in flight anywhere on the server (another test file's
 * database) holds the snapshot horizon back, so events can become readable a moment later.
 */
async function drainUntil(dispatcher: EventDispatcher, consumer: EventConsumer, done: () => boolean) {
  for (
    const end = Date.now() + 10_000;
    !done() && Date.now() < end;
    await new Promise((r) => setTimeout(r, 25))
  ) {
    await drain(dispatcher, consumer);
  }
}

/**
 * Waits until `count` events of the flow are readable by a consumer: a transaction in flight anywhere on the
 * server (another test file's database) holds the snapshot horizon back for a moment.
 */
async function untilReadable(flowId: number, count: number) {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
    const r = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from domain_event
        where flow_id = ${flowId} and txid < pg_snapshot_xmin(pg_current_snapshot())`),
    );
    if (r.rows[0]!.n >= count) return;
  }
  throw new Error(`events of flow ${flowId} did not become readable`);
}

describe('durable event consumers', () => {
  it('get every event once in order, retry a failed batch, and resume where they stood', async () => {
    const first = recorder('test-ordered');
    const dispatcher = await dispatcherWith(first);
    const before = first.seen.length;
    for (let i = 1; i <= 5; i++) await publish(900, `stap ${i}`);
    await untilReadable(900, 5);
    first.failNext = 1;
    expect(await dispatcher.runOnce(first)).toBe(0);
    const failing = await t.server.deps.db.platform((tx) =>
      tx.execute<{ failures: number; last_error: string }>(
        sql`select failures, last_error from event_consumer where name = 'test-ordered'`,
      ),
    );
    expect(failing.rows[0]).toMatchObject({
      failures: 1,
      last_error: expect.stringContaining('endpoint down'),
    });
    await new Promise((r) => setTimeout(r, 30));
    await drainUntil(dispatcher, first, () => first.seen.filter((e) => e.flow_id === 900).length >= 5);
    const mine = first.seen.slice(before).filter((e) => e.flow_id === 900);
    expect(mine.map((e) => e.changed)).toHaveLength(5);
    expect(mine.map((e) => e.kind)).toEqual(Array(5).fill('flow.update'));
    const ids = mine.map((e) => BigInt(e.id));
    expect([...ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(ids);

    // A new process (another dispatcher) continues after the last handled event.
    await publish(900, 'stap 6');
    const again = recorder('test-ordered');
    const restarted = await dispatcherWith(again);
    await drainUntil(restarted, again, () => again.seen.some((e) => e.flow_id === 900));
    expect(again.seen.filter((e) => e.flow_id === 900)).toHaveLength(1);
  });

  it('never skips an event whose transaction commits after a later one', async () => {
    const consumer = recorder('test-inflight');
    const dispatcher = await dispatcherWith(consumer);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let written!: () => void;
    const wroteEarly = new Promise<void>((r) => {
      written = r;
    });
    const early = t.server.deps.db.tenant({ companyId }, async (tx) => {
      await writeLog(tx, { type: 'flow', id: 901, action: 'update', description: 'vroeg' });
      // The log travels with the next statement (deferWrite): send one, so the event exists before the gate.
      await rawRows(tx, 'select $1::int as sent', [1]);
      written();
      await gate;
    });
    await wroteEarly;
    await publish(902, 'laat');
    await drain(dispatcher, consumer);
    expect(consumer.seen.some((e) => e.flow_id === 902)).toBe(false);
    release();
    await early;
    await drainUntil(dispatcher, consumer, () => consumer.seen.some((e) => e.flow_id === 902));
    const order = consumer.seen.filter((e) => e.flow_id === 901 || e.flow_id === 902).map((e) => e.flow_id);
    expect(order).toEqual([901, 902]);
  });

  it('prunes only old events that every consumer has handled', async () => {
    const consumer = recorder('test-prune');
    const dispatcher = await dispatcherWith(consumer);
    await publish(903, 'oud');
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update domain_event set created_at = now() - interval '30 days' where flow_id = 903`),
    );
    expect(await dispatcher.prune()).toBe(0);
    await drainUntil(dispatcher, consumer, () => consumer.seen.some((e) => e.flow_id === 903));
    expect(await dispatcher.prune()).toBeGreaterThanOrEqual(1);
  });

  it('handles a burst of commits in one later round, and idle() starts a round still waiting', async () => {
    const consumer = recorder('test-burst');
    let rounds = 0;
    const handle = consumer.handle.bind(consumer);
    consumer.handle = async (events) => {
      rounds += 1;
      await handle(events);
    };
    const dispatcher = await dispatcherWith(consumer);
    rounds = 0;
    for (let i = 1; i <= 5; i++) {
      await publish(904, `golf ${i}`);
      dispatcher.wakeSoon();
    }
    // Nothing ran yet unless WAKE_DELAY_MS passed during the five commits.
    const early = rounds;
    await dispatcher.idle();
    await drainUntil(dispatcher, consumer, () => consumer.seen.filter((e) => e.flow_id === 904).length === 5);
    expect(consumer.seen.filter((e) => e.flow_id === 904)).toHaveLength(5);
    expect(early).toBeLessThanOrEqual(1);
    expect(rounds).toBeLessThanOrEqual(3);
  });
});
