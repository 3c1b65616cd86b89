// The staff's own calendars, two-way (decision 074), against the local fakes of Google Calendar and Microsoft
// Graph (test/fake-calendars.ts, with Google's syncToken and Graph's calendarView/delta): planned tasks pushed
// like agenda items (re-planned, completed, unassigned, deleted, following tasks), times and deletions made in the
// calendar taken back here without pushing them back, a forgotten sync token (410 Gone) answered by a full sync,
// the schedule that queues a sync per connection, and getAuthUrlForUser with its role rule.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { type FakeCalendar, startFakeGoogleCalendar, startFakeOutlook } from '../../../test/fake-calendars';
import { testConfig } from '../../../test/test-config';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { googleEventId } from './google-calendar';
import { integrationContext } from './integration-context';
import { queueCalendarSyncs, runCalendarSync } from './sync-calendar';

let t: TestServer;
let google: FakeCalendar;
let outlook: FakeCalendar;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
/** A colleague in company A (role 100) with Google linked: following tasks reach their calendar. */
let mate: { token: string; userId: number };
/** A user of company A without a calendar. */
let plain: { token: string; userId: number };
let rel: { id: number; flow_id: number };

beforeAll(async () => {
  google = await startFakeGoogleCalendar();
  outlook = await startFakeOutlook();
  // The schedule once a year: the rounds this test runs itself are the only ones.
  t = await startTestServer({ config: { ...google.env, ...outlook.env, CALENDAR_SYNC_CRON: '0 3 1 1 *' } });
  a = await createCrmCompany(t, { name: 'Sync A', role: 5000 });
  b = await createCrmCompany(t, { name: 'Sync B', role: 5000 });
  const m = await t.createTestUser({ companyId: a.companyId, role: 100 });
  mate = { token: await t.login(m.email), userId: m.id };
  const p = await t.createTestUser({ companyId: a.companyId, role: 100 });
  plain = { token: await t.login(p.email), userId: p.id };
  rel = await createTestRelation(t, a.token, { createnewflow: true });
  await link('gcal');
  await link('outlook');
}, 90_000);

afterAll(async () => {
  await t?.close();
  await google?.close();
  await outlook?.close();
});

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function ok(method: string, path: string, body?: unknown, token = a.token) {
  const res = await api(method, path, body, token);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function waitFor<T>(read: () => T | Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function link(service: 'gcal' | 'outlook', token = a.token) {
  const { authUrl } = await ok('GET', `/api/integrations/${service}/getauthurl`, undefined, token);
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const location = new URL(consent.headers.get('location')!);
  const res = await fetch(`${t.baseUrl}${location.pathname}${location.search}`);
  expect(res.status).toBe(200);
}

/** One sync round for every linked calendar, as the scheduled jobs run it; answers the changes taken. */
async function syncNow(): Promise<number> {
  const ctx = integrationContext(t.server.deps);
  const rows = await t.server.deps.db.platform((tx) =>
    tx.execute<{ id: number; company_id: number }>(
      sql`select id, company_id from integration_connection where user_id is not null and status = 'active' order by id`,
    ),
  );
  let taken = 0;
  for (const r of rows.rows)
    taken += await runCalendarSync(ctx, { companyId: r.company_id, connectionId: r.id });
  return taken;
}

const named = (cal: FakeCalendar, summary: string) => cal.live().filter((e) => e.summary === summary);
const waitNamed = (cal: FakeCalendar, summary: string, n = 1) =>
  waitFor(
    () => named(cal, summary),
    (l) => l.length === n,
  );
/** Waits until the calendar jobs are done (no calendar-push job waiting or running). */
async function pushesDone() {
  await waitFor(
    async () =>
      // pg-boss's schema is not the application role's: ask as the connection user.
      (
        await t.server.deps.db.pool.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'calendar-push' and state in ('created', 'retry', 'active')`,
        )
      ).rows[0]!.n,
    (n) => n === 0,
  );
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

describe('planned tasks in the calendar', () => {
  let taskId: number;

  it('puts a planned task in both calendars once; an unplanned task and a template not', async () => {
    const start = at(3, 8);
    const task = await ok('POST', '/api/task', {
      flow_id: rel.flow_id,
      description: 'Zonnepanelen leggen\nTwaalf panelen op het zuiddak',
      type: 'uitvoering',
      user_id: a.userId,
      location: 'Kerkstraat 4, Zwolle',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 4 * HOUR).toISOString(),
    });
    taskId = task.id;
    await ok('POST', '/api/task', { flow_id: rel.flow_id, description: 'Nog te plannen', user_id: a.userId });
    await ok('POST', '/api/task', { description: 'Sjabloon plannen', is_template: 1 });
    const g = await waitNamed(google, 'Zonnepanelen leggen');
    const o = await waitNamed(outlook, 'Zonnepanelen leggen');
    expect(g).toHaveLength(1);
    expect(o).toHaveLength(1);
    expect(g[0]).toMatchObject({
      start: start.toISOString(),
      end: new Date(start.getTime() + 4 * HOUR).toISOString(),
      location: 'Kerkstraat 4, Zwolle',
      description: 'Zonnepanelen leggen\nTwaalf panelen op het zuiddak',
    });
    // Our key for a task is not an agenda item's: a task and an item with the same id never share an event.
    expect(g[0]!.id).toBe(googleEventId(`im-${a.companyId}-t${taskId}-${a.userId}`));
    await pushesDone();
    expect(google.live().filter((e) => e.summary.startsWith('Nog te plannen'))).toHaveLength(0);
    expect(google.live().filter((e) => e.summary.startsWith('Sjabloon'))).toHaveLength(0);
  });

  it('moves the event when the task is re-planned, without a second', async () => {
    const start = at(4, 9);
    await ok('PATCH', `/api/task/${taskId}`, { start_date: start.toISOString() });
    await waitFor(
      () => named(google, 'Zonnepanelen leggen')[0]?.start,
      (s) => s === start.toISOString(),
    );
    await waitFor(
      () => named(outlook, 'Zonnepanelen leggen')[0]?.start,
      (s) => s === start.toISOString(),
    );
    expect(named(google, 'Zonnepanelen leggen')).toHaveLength(1);
    expect(named(outlook, 'Zonnepanelen leggen')[0]!.end).toBe(
      new Date(start.getTime() + 4 * HOUR).toISOString(),
    );
  });

  it('keeps a completed task in the calendar, marked, and pushes an unchanged task no more', async () => {
    await ok('PATCH', `/api/task/${taskId}`, { status: 'afgerond' });
    await waitNamed(google, 'Zonnepanelen leggen (afgerond)');
    await waitNamed(outlook, 'Zonnepanelen leggen (afgerond)');
    expect(named(google, 'Zonnepanelen leggen')).toHaveLength(0);
    await pushesDone();
    // A change that does not touch the event (its colour) sends nothing.
    const before = google.requests.length + outlook.requests.length;
    await ok('PATCH', `/api/task/${taskId}`, { color: '#7048e8' });
    await new Promise((r) => setTimeout(r, 1500));
    await pushesDone();
    expect(google.requests.length + outlook.requests.length).toBe(before);
    await ok('PATCH', `/api/task/${taskId}`, { status: 'open' });
    await waitNamed(google, 'Zonnepanelen leggen');
  });

  it('removes the event when the task goes to a user without a calendar, and when it is deleted', async () => {
    const start = at(5, 7);
    const other = await ok('POST', '/api/task', {
      flow_id: rel.flow_id,
      description: 'Omvormer ophangen',
      type: 'uitvoering',
      user_id: a.userId,
      start_date: start.toISOString(),
    });
    await waitNamed(google, 'Omvormer ophangen');
    // Without an end a task lasts an hour.
    expect(
      named(outlook, 'Omvormer ophangen')[0]?.end ?? (await waitNamed(outlook, 'Omvormer ophangen'))[0]!.end,
    ).toBe(new Date(start.getTime() + HOUR).toISOString());
    await ok('PATCH', `/api/task/${other.id}`, { user_id: plain.userId });
    await waitNamed(google, 'Omvormer ophangen', 0);
    await waitNamed(outlook, 'Omvormer ophangen', 0);

    await ok('DELETE', `/api/task/${taskId}`);
    await waitNamed(google, 'Zonnepanelen leggen', 0);
    await waitNamed(outlook, 'Zonnepanelen leggen', 0);
    const links = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from calendar_event_link where kind = 'task'`),
    );
    expect(links.rows[0]!.n).toBe(0);
  });

  it('a following task reaches its user’s calendar, moves with its leader and goes with it', async () => {
    await link('gcal', mate.token);
    const start = at(6, 8);
    const leader = await ok('POST', '/api/task', {
      flow_id: rel.flow_id,
      description: 'Warmtepomp plaatsen',
      type: 'uitvoering',
      user_id: a.userId,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3 * HOUR).toISOString(),
    });
    const follower = await ok('POST', '/api/task/addfollowinguser', {
      leading_task_id: leader.id,
      user_id: mate.userId,
    });
    // The leader's event in both of A's calendars, the follower's in the colleague's Google.
    await waitNamed(google, 'Warmtepomp plaatsen', 2);
    const mateEvent = googleEventId(`im-${a.companyId}-t${follower.id}-${mate.userId}`);
    expect(google.events.get(mateEvent)?.cancelled).toBe(false);

    const later = at(7, 10);
    await ok('PATCH', `/api/task/${leader.id}`, { start_date: later.toISOString() });
    await waitFor(
      () => google.events.get(mateEvent)?.start,
      (s) => s === later.toISOString(),
    );
    expect(google.events.get(mateEvent)!.end).toBe(new Date(later.getTime() + 3 * HOUR).toISOString());

    await ok('DELETE', `/api/task/${leader.id}`);
    await waitNamed(google, 'Warmtepomp plaatsen', 0);
    await waitNamed(outlook, 'Warmtepomp plaatsen', 0);
    expect(google.events.get(mateEvent)?.cancelled).toBe(true);
  });
});

describe('changes in the calendar come back', () => {
  let itemId: number;
  let eventId: string;

  it('a time changed in Google moves the agenda item and the Outlook event, and is not pushed back', async () => {
    // A first round: every calendar has its token.
    await syncNow();
    const start = at(8, 9);
    const item = await ok('POST', '/api/agendaitem', {
      title: 'Keukenbezoek',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
    });
    itemId = item.id;
    eventId = (await waitNamed(google, 'Keukenbezoek'))[0]!.id;
    await waitNamed(outlook, 'Keukenbezoek');
    await pushesDone();
    // Our own push coming back through the sync is no change.
    expect(await syncNow()).toBe(0);

    const moved = at(9, 13);
    google.moveEvent(eventId, moved, new Date(moved.getTime() + 2 * HOUR));
    const patchesBefore = google.requests.filter((r) => r.method === 'PATCH').length;
    expect(await syncNow()).toBe(1);
    const here = await ok('GET', `/api/agendaitem/${itemId}`);
    expect(new Date(here.start_date).toISOString()).toBe(moved.toISOString());
    expect(new Date(here.end_date).toISOString()).toBe(new Date(moved.getTime() + 2 * HOUR).toISOString());
    // The other calendar follows; Google is not patched with what it told us.
    await waitFor(
      () => named(outlook, 'Keukenbezoek')[0]?.start,
      (s) => s === moved.toISOString(),
    );
    await pushesDone();
    expect(google.requests.filter((r) => r.method === 'PATCH').length).toBe(patchesBefore);
    // And the rounds after take nothing (Outlook's own echo included).
    expect(await syncNow()).toBe(0);
    expect(await syncNow()).toBe(0);
    const log = await ok('GET', '/api/integrations/gcal/log');
    expect(log.data.map((l: { message: string }) => l.message)).toContain(
      'Tijd overgenomen uit Google Agenda: Keukenbezoek',
    );
  });

  it('a change made here and pushed is not taken back as a change there', async () => {
    const start = at(10, 8);
    await ok('PATCH', `/api/agendaitem/${itemId}`, { start_date: start.toISOString() });
    await waitFor(
      () => google.events.get(eventId)?.start,
      (s) => s === start.toISOString(),
    );
    await waitFor(
      () => named(outlook, 'Keukenbezoek')[0]?.start,
      (s) => s === start.toISOString(),
    );
    await pushesDone();
    expect(await syncNow()).toBe(0);
    const here = await ok('GET', `/api/agendaitem/${itemId}`);
    expect(new Date(here.start_date).toISOString()).toBe(start.toISOString());
  });

  it('a time changed in Outlook moves a task; a following task’s moves its leader and every follower', async () => {
    const start = at(11, 8);
    const leader = await ok('POST', '/api/task', {
      flow_id: rel.flow_id,
      description: 'Laadpaal monteren',
      type: 'uitvoering',
      user_id: a.userId,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 2 * HOUR).toISOString(),
    });
    const follower = await ok('POST', '/api/task/addfollowinguser', {
      leading_task_id: leader.id,
      user_id: mate.userId,
    });
    const inOutlook = (await waitNamed(outlook, 'Laadpaal monteren'))[0]!;
    await waitNamed(google, 'Laadpaal monteren', 2);
    await pushesDone();
    const moved = at(12, 12);
    outlook.moveEvent(inOutlook.id, moved, new Date(moved.getTime() + 2 * HOUR));
    expect(await syncNow()).toBe(1);
    const here = await ok('GET', `/api/task/${leader.id}`);
    expect(new Date(here.start_date).toISOString()).toBe(moved.toISOString());
    const mateEvent = googleEventId(`im-${a.companyId}-t${follower.id}-${mate.userId}`);
    await waitFor(
      () => google.events.get(mateEvent)?.start,
      (s) => s === moved.toISOString(),
    );

    // The colleague moves their copy in Google: the leader moves, and A's events with it.
    const again = at(13, 7);
    google.moveEvent(mateEvent, again, new Date(again.getTime() + 2 * HOUR));
    expect(await syncNow()).toBe(1);
    expect(new Date((await ok('GET', `/api/task/${leader.id}`)).start_date).toISOString()).toBe(
      again.toISOString(),
    );
    await waitFor(
      () => named(outlook, 'Laadpaal monteren')[0]?.start,
      (s) => s === again.toISOString(),
    );
    await pushesDone();
    expect(await syncNow()).toBe(0);
  });

  it('a deletion in Google deletes the agenda item here and its Outlook event', async () => {
    google.removeEvent(eventId);
    expect(await syncNow()).toBe(1);
    expect((await api('GET', `/api/agendaitem/${itemId}`)).status).toBe(404);
    await waitNamed(outlook, 'Keukenbezoek', 0);
  });

  it('a deletion in Outlook unplans a task (its followers too); a follower’s deletion takes its user off', async () => {
    const start = at(14, 8);
    const leader = await ok('POST', '/api/task', {
      flow_id: rel.flow_id,
      description: 'Thuisbatterij aansluiten',
      type: 'uitvoering',
      user_id: a.userId,
      start_date: start.toISOString(),
    });
    const follower = await ok('POST', '/api/task/addfollowinguser', {
      leading_task_id: leader.id,
      user_id: mate.userId,
    });
    const mateEvent = googleEventId(`im-${a.companyId}-t${follower.id}-${mate.userId}`);
    await waitNamed(google, 'Thuisbatterij aansluiten', 2);
    const inOutlook = (await waitNamed(outlook, 'Thuisbatterij aansluiten'))[0]!;
    await pushesDone();

    // The colleague deletes their copy: they are off the work, the leader stays planned.
    google.removeEvent(mateEvent);
    expect(await syncNow()).toBe(1);
    expect((await api('GET', `/api/task/${follower.id}`)).status).toBe(404);
    expect((await ok('GET', `/api/task/${leader.id}`)).start_date).not.toBeNull();

    outlook.removeEvent(inOutlook.id);
    expect(await syncNow()).toBe(1);
    const unplanned = await ok('GET', `/api/task/${leader.id}`);
    expect(unplanned).toMatchObject({ start_date: null, end_date: null, status: 'open' });
    await waitNamed(google, 'Thuisbatterij aansluiten', 0);
  });

  it('a forgotten sync token (410 Gone) starts a full sync; the change is still taken', async () => {
    const start = at(15, 9);
    const item = await ok('POST', '/api/agendaitem', {
      title: 'Offerte bespreken',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
    });
    const g = (await waitNamed(google, 'Offerte bespreken'))[0]!;
    const o = (await waitNamed(outlook, 'Offerte bespreken'))[0]!;
    await pushesDone();
    await syncNow();
    google.expireSyncTokens();
    outlook.expireSyncTokens();
    const moved = at(16, 15);
    google.moveEvent(g.id, moved, new Date(moved.getTime() + HOUR));
    expect(await syncNow()).toBeGreaterThanOrEqual(1);
    expect(new Date((await ok('GET', `/api/agendaitem/${item.id}`)).start_date).toISOString()).toBe(
      moved.toISOString(),
    );
    await waitFor(
      () => outlook.events.get(o.id)?.start,
      (s) => s === moved.toISOString(),
    );
    // A 410 each, and a first (full) list after it.
    expect(google.requests.some((r) => /syncToken=/.test(r.path))).toBe(true);
    const log = await ok('GET', '/api/integrations/outlook/log');
    expect(log.data.map((l: { message: string }) => l.message)).toContain(
      'Microsoft 365 / Outlook: volledige synchronisatie opnieuw gestart',
    );
    await pushesDone();
    expect(await syncNow()).toBe(0);
  });

  it('the schedule queues a sync per connection every minute, which takes the change', async () => {
    const scheduled = await t.server.deps.db.pool.query<{ cron: string }>(
      `select cron from pgboss.schedule where name = 'calendar-sync-all'`,
    );
    expect(scheduled.rows).toEqual([{ cron: '0 3 1 1 *' }]);
    // Every minute unless configured otherwise.
    expect(testConfig({}).CALENDAR_SYNC_CRON).toBe('* * * * *');
    const start = at(17, 9);
    const item = await ok('POST', '/api/agendaitem', {
      title: 'Nazorg bellen',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
    });
    const g = (await waitNamed(google, 'Nazorg bellen'))[0]!;
    await waitNamed(outlook, 'Nazorg bellen');
    await pushesDone();
    await syncNow();
    const moved = at(18, 11);
    google.moveEvent(g.id, moved, new Date(moved.getTime() + HOUR));
    // What the every-minute job does: a job per active calendar (A's two, the colleague's one).
    expect(await queueCalendarSyncs(integrationContext(t.server.deps))).toBe(3);
    const here = await waitFor(
      async () => new Date((await ok('GET', `/api/agendaitem/${item.id}`)).start_date).toISOString(),
      (s) => s === moved.toISOString(),
    );
    expect(here).toBe(moved.toISOString());
  });

  it('answers no sync token or other token in the lists of links', async () => {
    const mine = await ok('GET', '/api/integrations');
    expect(mine).toHaveLength(2);
    expect(JSON.stringify(mine)).not.toMatch(/token|sync/i);
    const state = await t.server.deps.db.platform((tx) =>
      tx.execute<{ state: { syncToken?: string } }>(
        sql`select state from integration_connection where user_id = ${a.userId} and service = 'gcal'`,
      ),
    );
    expect(state.rows[0]!.state.syncToken).toMatch(/^s\d+_\d+$/);
  });
});

describe('getAuthUrlForUser', () => {
  it('gives a system administrator a link the user opens to give their own consent', async () => {
    const res = await ok('GET', `/api/integrations/outlook/getauthurlforuser/${plain.userId}`);
    expect(res).toEqual({
      url: `${t.server.deps.config.APP_URL}/#/account/user_profile?koppel=outlook&voor=${plain.userId}`,
      user_id: plain.userId,
    });
    // No consent address, no state: the round starts when the user asks for it.
    expect(res.url).not.toMatch(/state=|code_challenge|oauth2/);
    const log = await ok('GET', '/api/integrations/outlook/log', undefined, plain.token);
    expect(log.data[0].message).toMatch(/^Koppellink voor Microsoft 365 \/ Outlook gemaakt door /);
    // The user follows it: their own round, their own link.
    await link('outlook', plain.token);
    const theirs = await ok('GET', `/api/integrations/listforuser/${plain.userId}`);
    expect(theirs.map((i: { service: string }) => i.service)).toEqual(['outlook']);
  });

  it('refuses a lower role 403, another company’s user 404, bad input 422, a linked calendar 409', async () => {
    const low = await api(
      'GET',
      `/api/integrations/gcal/getauthurlforuser/${a.userId}`,
      undefined,
      mate.token,
    );
    expect(low.status).toBe(403);
    expect(low.body.message).toBe(
      'Alleen een systeembeheerder maakt een koppellink voor een andere gebruiker.',
    );
    // One's own link is anyone's.
    expect(
      (await api('GET', `/api/integrations/outlook/getauthurlforuser/${mate.userId}`, undefined, mate.token))
        .status,
    ).toBe(200);
    expect((await api('GET', `/api/integrations/gcal/getauthurlforuser/${b.userId}`)).status).toBe(404);
    expect(
      (await api('GET', `/api/integrations/gcal/getauthurlforuser/${a.userId}`, undefined, b.token)).status,
    ).toBe(404);
    expect((await api('GET', `/api/integrations/gcal/getauthurlforuser/999999`)).status).toBe(404);
    const bad = await api('GET', `/api/integrations/exact/getauthurlforuser/${plain.userId}`);
    expect(bad.status).toBe(422);
    expect((await api('GET', '/api/integrations/gcal/getauthurlforuser/abc')).status).toBe(422);
    const linked = await api('GET', `/api/integrations/gcal/getauthurlforuser/${mate.userId}`);
    expect(linked.status).toBe(409);
    expect(linked.body.message).toBe('Google Agenda is al gekoppeld. Ontkoppel eerst.');
  });
});
