// A delayed rule survives a restart of the server and fires once, within seconds of its moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { testConfig } from '../../../test/test-config';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createLogger } from '../../platform/log';
import { createServer, type Server } from '../../server';

let t: TestServer;
let restarted: Server | null = null;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await restarted?.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('a rule with a one-minute delay fires once after a restart in between', async () => {
  const a = await createCrmCompany(t);
  const created = await t.api('POST', '/api/eventtriggerrule', {
    token: a.token,
    body: {
      event_trigger_tag: 'flow_created',
      type: 'create_note',
      text: 'Een minuut later',
      is_delayed: 1,
      delaytime_raw: 1,
      delaytime_unit: 'minutes',
    },
  });
  expect(created.status).toBe(201);
  const rel = await createTestRelation(t, a.token, { createnewflow: true });
  const flowId = rel.flow_id as number;
  let planned: { id: number; due_at: string; status: string }[] = [];
  for (let i = 0; i < 100 && !planned.length; i++, await sleep(100))
    planned = (await t.api('GET', `/api/flow/${flowId}/delayedrules`, { token: a.token })).body;
  expect(planned).toHaveLength(1);
  const dueIn = Date.parse(planned[0]!.due_at) - Date.now();
  expect(dueIn).toBeGreaterThan(50_000);
  expect(dueIn).toBeLessThanOrEqual(60_000);

  // The server stops; the minute passes while it is down (the moment is moved into the past rather
  // than waiting a real minute); a new process over the same database picks the rule up.
  await t.server.close();
  restarted = await createServer({
    config: testConfig(),
    databaseUrl: t.databaseUrl,
    logger: createLogger('warn'),
  });
  await restarted.deps.db.platform((tx) =>
    tx.execute(
      sql`update delayed_rule set due_at = now() - interval '1 second' where id = ${planned[0]!.id}`,
    ),
  );
  const startedAt = Date.now();
  let status = 'pending';
  for (; Date.now() - startedAt < 15_000 && status !== 'fired'; await sleep(100)) {
    const rows = await restarted.deps.db.platform((tx) =>
      tx.execute<{ status: string }>(sql`select status from delayed_rule where id = ${planned[0]!.id}`),
    );
    status = rows.rows[0]!.status;
  }
  expect(status).toBe('fired');
  expect(Date.now() - startedAt).toBeLessThan(5_000);
  await sleep(1500);
  const notes = await restarted.deps.db.platform((tx) =>
    tx.execute<{ content: string }>(sql`select content from note where flow_id = ${flowId}`),
  );
  expect(notes.rows.map((n) => n.content)).toEqual(['Een minuut later']);
  const runs = await restarted.deps.db.platform((tx) =>
    tx.execute<{ outcome: string }>(sql`select outcome from rule_run where flow_id = ${flowId} order by id`),
  );
  expect(runs.rows.map((r) => r.outcome)).toEqual(['scheduled', 'fired']);
});
