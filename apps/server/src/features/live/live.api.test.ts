import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { openEventStream } from '../../../test/sse-client';
import { startSecondServer, startTestServer, type TestServer } from '../../../test/test-server';

let a: TestServer;
let b: Awaited<ReturnType<typeof startSecondServer>>;
let baseB: string;

beforeAll(async () => {
  a = await startTestServer({ work: false });
  b = await startSecondServer(a);
  baseB = b.baseUrl;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('live channel', () => {
  it('refuses a caller without a session', async () => {
    const res = await fetch(`${baseB}/api/live/events`);
    expect(res.status).toBe(401);
  });

  it('a change made through one server reaches the company’s users on the other, and no one else', async () => {
    const mine = await createCrmCompany(a, { name: 'Zon A' });
    const colleague = await a.createTestUser({ companyId: mine.companyId, role: 100 });
    const other = await createCrmCompany(a, { name: 'Zon B' });
    const noCrmCompany = await a.createTestCompany({ name: 'Zonder CRM', modules: ['BASIS', 'SETTINGS'] });
    const noCrmUser = await a.createTestUser({ companyId: noCrmCompany, role: 5000 });

    const seen = await openEventStream(baseB, await a.login(colleague.email));
    const outsider = await openEventStream(baseB, other.token);
    const withoutModule = await openEventStream(baseB, await a.login(noCrmUser.email));
    expect(seen.status).toBe(200);
    expect(seen.contentType).toContain('text/event-stream');
    // The stream carries the security headers every answer has.
    expect(seen.headers.get('x-content-type-options')).toBe('nosniff');
    await seen.until(() => seen.frames.some((f) => f.event === 'ready'));

    await createTestRelation(a, mine.token, { createnewflow: true });
    await seen.until(() => seen.domainEvents().some((e) => e.kind === 'flow.create'));
    const events = seen.domainEvents();
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['relation.create', 'flow.create']));
    const created = events.find((e) => e.kind === 'flow.create')!;
    expect(created).toMatchObject({
      company_id: mine.companyId,
      entity_type: 'flow',
      flow_id: created.entity_id,
      actor_user_id: mine.userId,
    });

    // A status change (a pipeline move) carries what changed.
    const moved = await a.api('POST', `/api/flow/${created.entity_id}/changestatus`, {
      token: mine.token,
      body: { flow_status: 'intake' },
    });
    expect(moved.status).toBeLessThan(300);
    await seen.until(() => seen.domainEvents().some((e) => e.kind === 'flow.status'));
    expect(seen.domainEvents().find((e) => e.kind === 'flow.status')!.changed).toContain('flow_status');

    await new Promise((r) => setTimeout(r, 300));
    expect(outsider.domainEvents()).toEqual([]);
    expect(withoutModule.domainEvents()).toEqual([]);
    for (const s of [seen, outsider, withoutModule]) s.close();
  });

  it('ends the stream when the session ends', async () => {
    const mine = await createCrmCompany(a);
    const stream = await openEventStream(baseB, mine.token);
    await stream.until(() => stream.frames.length > 0);
    const out = await a.api('GET', '/api/authenticate/logout', { token: mine.token });
    expect(out.status).toBeLessThan(300);
    await stream.until(() => stream.ended);
  });

  it('keeps events in the outbox under row-level security', async () => {
    const one = await createCrmCompany(a);
    const two = await createCrmCompany(a);
    await createTestRelation(a, one.token);
    const seenByTwo = await a.server.deps.db.tenant({ companyId: two.companyId }, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from domain_event where company_id = ${one.companyId}`,
      ),
    );
    expect(seenByTwo.rows[0]!.n).toBe(0);
  });
});
