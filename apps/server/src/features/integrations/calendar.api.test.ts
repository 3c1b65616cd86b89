// The staff's own calendars end to end against local fakes of Google Calendar and Microsoft Graph
// (test/fake-calendars.ts; decision 070): linking with state and PKCE, agenda items pushed once (also when a
// create's answer is lost and the job is retried), external events read back with the role rule, unlinking
// with revocation, a failed unlink and forced removal, and another company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../test/crm-factories';
import { type FakeCalendar, startFakeGoogleCalendar, startFakeOutlook } from '../../../test/fake-calendars';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let google: FakeCalendar;
let outlook: FakeCalendar;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
/** A user of company A with a low role (100). */
let low: { token: string; userId: number };

beforeAll(async () => {
  google = await startFakeGoogleCalendar();
  outlook = await startFakeOutlook();
  t = await startTestServer({ config: { ...google.env, ...outlook.env } });
  a = await createCrmCompany(t, { name: 'Agenda A' });
  b = await createCrmCompany(t, { name: 'Agenda B' });
  const u = await t.createTestUser({ companyId: a.companyId, role: 100 });
  low = { token: await t.login(u.email), userId: u.id };
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

/** Follows the consent screen (the fake approves at once) to the app's callback. */
async function link(service: 'gcal' | 'outlook', token = a.token) {
  const { authUrl } = await ok('GET', `/api/integrations/${service}/getauthurl`, undefined, token);
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const location = new URL(consent.headers.get('location')!);
  const back = `${t.baseUrl}${location.pathname}${location.search}`;
  const res = await fetch(back);
  return { status: res.status, html: await res.text(), back, authUrl };
}

const mine = async (token = a.token) =>
  (await ok('GET', '/api/integrations', undefined, token)) as {
    id: number;
    service: string;
    status: string;
    account_label: string;
    last_error: string | null;
  }[];

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('linking a calendar', () => {
  it('names the calendars this server offers', async () => {
    expect(await ok('GET', '/api/integrations/calendars')).toEqual(['gcal', 'outlook']);
  });

  it('asks for the calendar with state and PKCE (S256) and Google for offline access', async () => {
    const { authUrl } = await ok('GET', '/api/integrations/gcal/getauthurl');
    const url = new URL(authUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(20);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar.events');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/integrations\/gcal\/callback$/);
    expect((await api('GET', '/api/integrations/quickr/getauthurl')).status).toBe(422);
  });

  it('refuses an unknown state and a state of another service, in Dutch', async () => {
    const res = await fetch(`${t.baseUrl}/api/integrations/gcal/callback?code=x&state=onbekend`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Deze koppelpoging is verlopen of al gebruikt');
    const { authUrl } = await ok('GET', '/api/integrations/outlook/getauthurl');
    const state = new URL(authUrl).searchParams.get('state')!;
    const wrong = await fetch(`${t.baseUrl}/api/integrations/gcal/callback?code=x&state=${state}`);
    expect(wrong.status).toBe(400);
  });

  it('links Google for the user, answers no token and uses the state once', async () => {
    const { status, html, back } = await link('gcal');
    expect(status).toBe(200);
    expect(html).toContain('De agenda is gekoppeld');
    const list = await mine();
    expect(list).toEqual([
      expect.objectContaining({ service: 'gcal', status: 'active', account_label: 'monteur@gmail.test' }),
    ]);
    expect(JSON.stringify(list)).not.toMatch(/token/i);
    expect((await fetch(back)).status).toBe(400);
    // Another user of the company has no link; a role above 4999 sees it in the user settings.
    expect(await mine(low.token)).toEqual([]);
    expect(
      await ok('GET', `/api/integrations/listforuser/${a.userId}`, undefined, low.token).catch(() => 404),
    ).toBe(404);
    // A second link of the same calendar is refused while the first is active.
    expect((await api('GET', '/api/integrations/gcal/getauthurl')).status).toBe(409);
  });

  it('links Outlook through the Microsoft identity platform', async () => {
    const { status } = await link('outlook');
    expect(status).toBe(200);
    expect((await mine()).map((i) => [i.service, i.account_label])).toEqual([
      ['gcal', 'monteur@gmail.test'],
      ['outlook', 'monteur@outlook.test'],
    ]);
  });
});

describe('pushing agenda items', () => {
  let itemId: number;

  it('puts a new agenda item in both linked calendars once', async () => {
    const start = new Date(Date.now() + 2 * DAY);
    start.setUTCHours(9, 0, 0, 0);
    const item = await ok('POST', '/api/agendaitem', {
      title: 'Warmtepomp plaatsen',
      location: 'Dorpsstraat 1, Utrecht',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    });
    itemId = item.id;
    const g = await waitFor(
      () => google.live().filter((e) => e.summary === 'Warmtepomp plaatsen'),
      (l) => l.length > 0,
    );
    const o = await waitFor(
      () => outlook.live().filter((e) => e.summary === 'Warmtepomp plaatsen'),
      (l) => l.length > 0,
    );
    expect(g).toHaveLength(1);
    expect(o).toHaveLength(1);
    expect(g[0]).toMatchObject({ start: start.toISOString(), location: 'Dorpsstraat 1, Utrecht' });
    expect(o[0]!.end).toBe(new Date(start.getTime() + 2 * 3_600_000).toISOString());
  });

  it('follows a change of the item in the same events', async () => {
    await ok('PATCH', `/api/agendaitem/${itemId}`, { title: 'Warmtepomp plaatsen (middag)' });
    await waitFor(
      () => google.live().filter((e) => e.summary === 'Warmtepomp plaatsen (middag)'),
      (l) => l.length > 0,
    );
    await waitFor(
      () => outlook.live().filter((e) => e.summary === 'Warmtepomp plaatsen (middag)'),
      (l) => l.length > 0,
    );
    expect(google.live().filter((e) => e.summary.startsWith('Warmtepomp'))).toHaveLength(1);
    expect(outlook.live().filter((e) => e.summary.startsWith('Warmtepomp'))).toHaveLength(1);
  });

  it('deletes the events with the item', async () => {
    await ok('DELETE', `/api/agendaitem/${itemId}`);
    await waitFor(
      () =>
        google.live().filter((e) => e.summary.startsWith('Warmtepomp')).length +
        outlook.live().filter((e) => e.summary.startsWith('Warmtepomp')).length,
      (n) => n === 0,
    );
    expect(google.live().filter((e) => e.summary.startsWith('Warmtepomp'))).toHaveLength(0);
    expect(outlook.live().filter((e) => e.summary.startsWith('Warmtepomp'))).toHaveLength(0);
  });

  it('makes one event when a create is retried after its answer was lost', async () => {
    google.loseCreateAnswers(1);
    outlook.loseCreateAnswers(1);
    await ok('POST', '/api/agendaitem', { title: 'Storing verhelpen' });
    // The first answer is lost (503): the job is retried after its backoff and finds the event it made.
    const rows = await waitFor(
      () =>
        t.server.deps.db.platform((tx) =>
          tx.execute(`select service from calendar_event_link order by service` as never),
        ),
      (r) => r.rows.length === 2,
      40_000,
    );
    expect(rows.rows.map((r) => (r as { service: string }).service)).toEqual(['gcal', 'outlook']);
    expect(google.live().filter((e) => e.summary === 'Storing verhelpen')).toHaveLength(1);
    expect(outlook.live().filter((e) => e.summary === 'Storing verhelpen')).toHaveLength(1);
  }, 60_000);

  it('pushes nothing for a user without a linked calendar', async () => {
    const before = google.events.size;
    await ok('POST', '/api/agendaitem', { title: 'Eigen afspraak laag', user_id: low.userId });
    await new Promise((r) => setTimeout(r, 1500));
    expect(google.events.size).toBe(before);
  });
});

describe('external events in the agenda', () => {
  it('answers the calendar’s own events (not ours) from last week to six months ahead', async () => {
    const start = new Date(Date.now() + DAY);
    google.addOwnEvent('Tandarts', start, new Date(start.getTime() + 3_600_000));
    outlook.addOwnEvent('Teamoverleg', start, new Date(start.getTime() + 3_600_000));
    google.addOwnEvent(
      'Ver weg',
      new Date(Date.now() + 300 * DAY),
      new Date(Date.now() + 300 * DAY + 3_600_000),
    );
    const g = await ok('GET', `/api/integrations/gcal/list/${a.userId}/${day(-7)}/${day(180)}`);
    expect(g.map((e: { summary: string }) => e.summary)).toEqual(['Tandarts']);
    expect(g[0]).toMatchObject({
      kind: 'google',
      service: 'gcal',
      start: start.toISOString(),
      all_day: false,
    });
    const o = await ok('GET', `/api/integrations/outlook/list/${a.userId}/${day(-7)}/${day(180)}`);
    expect(o.map((e: { summary: string }) => e.summary)).toEqual(['Teamoverleg']);
    expect(o[0].end).toBe(new Date(start.getTime() + 3_600_000).toISOString());
  });

  it('shows another user’s events only from role 1000; a user without a link has none', async () => {
    const other = await api(
      'GET',
      `/api/integrations/gcal/list/${a.userId}/${day(-7)}/${day(180)}`,
      undefined,
      low.token,
    );
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Je kunt alleen je eigen externe agenda bekijken.');
    expect(
      await ok(
        'GET',
        `/api/integrations/gcal/list/${low.userId}/${day(-7)}/${day(180)}`,
        undefined,
        low.token,
      ),
    ).toEqual([]);
    expect(await ok('GET', `/api/integrations/gcal/list/${low.userId}/${day(-7)}/${day(180)}`)).toEqual([]);
  });

  it('answers bad dates with 422, an unknown or another company’s user with 404', async () => {
    expect((await api('GET', `/api/integrations/gcal/list/${a.userId}/gisteren/${day(5)}`)).status).toBe(422);
    expect((await api('GET', `/api/integrations/gcal/list/${a.userId}/${day(5)}/${day(1)}`)).status).toBe(
      422,
    );
    expect((await api('GET', `/api/integrations/gcal/list/${a.userId}/${day(-7)}/${day(800)}`)).status).toBe(
      422,
    );
    expect((await api('GET', `/api/integrations/gcal/list/abc/${day(-7)}/${day(5)}`)).status).toBe(422);
    expect((await api('GET', `/api/integrations/gcal/list/${b.userId}/${day(-7)}/${day(5)}`)).status).toBe(
      404,
    );
    const fromB = await api(
      'GET',
      `/api/integrations/gcal/list/${a.userId}/${day(-7)}/${day(5)}`,
      undefined,
      b.token,
    );
    expect(fromB.status).toBe(404);
  });

  it('answers the provider away in Dutch, never 500', async () => {
    google.failNext(1);
    const res = await api('GET', `/api/integrations/gcal/list/${a.userId}/${day(-7)}/${day(5)}`);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Google Agenda is niet bereikbaar. Probeer het later opnieuw.');
  });
});

describe('unlinking', () => {
  it('another company cannot unlink or force-remove a user’s calendar', async () => {
    const gcal = (await mine()).find((i) => i.service === 'gcal')!;
    expect((await api('DELETE', `/api/integrations/gcal/${gcal.id}`, undefined, b.token)).status).toBe(404);
    expect((await api('POST', `/api/integrations/gcal/${gcal.id}/forceremove`, {}, b.token)).status).toBe(
      404,
    );
    expect((await api('DELETE', `/api/integrations/gcal/${gcal.id}`, undefined, low.token)).status).toBe(404);
  });

  it('a failed revocation keeps the link with its error flag; forced removal drops it', async () => {
    const gcal = (await mine()).find((i) => i.service === 'gcal')!;
    google.failRevoke(1);
    const failed = await api('DELETE', `/api/integrations/gcal/${gcal.id}`);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toContain('Het ontkoppelen van Google Agenda is niet gelukt');
    expect((await mine()).find((i) => i.service === 'gcal')).toMatchObject({ status: 'error' });
    const forced = await ok('POST', `/api/integrations/gcal/${gcal.id}/forceremove`, {});
    expect(forced.message).toBe('Google Agenda is ontkoppeld.');
    expect((await mine()).map((i) => i.service)).toEqual(['outlook']);
    const log = await ok('GET', '/api/integrations/gcal/log');
    expect(log.data.map((l: { message: string }) => l.message)).toContain(
      'Google Agenda geforceerd verwijderd',
    );
  });

  it('unlinks Google with revocation and Outlook by forgetting the tokens', async () => {
    await link('gcal');
    const gcal = (await mine()).find((i) => i.service === 'gcal')!;
    const revokedBefore = google.revoked.length;
    expect((await ok('DELETE', `/api/integrations/gcal/${gcal.id}`)).message).toBe(
      'Google Agenda is ontkoppeld.',
    );
    expect(google.revoked.length).toBe(revokedBefore + 1);
    const o = (await mine()).find((i) => i.service === 'outlook')!;
    expect((await ok('DELETE', `/api/integrations/outlook/${o.id}`)).message).toBe(
      'Microsoft 365 / Outlook is ontkoppeld.',
    );
    expect(await mine()).toEqual([]);
    // Unlinked: no events to read, no pushes.
    expect(await ok('GET', `/api/integrations/gcal/list/${a.userId}/${day(-7)}/${day(5)}`)).toEqual([]);
    const before = google.events.size;
    await ok('POST', '/api/agendaitem', { title: 'Na het ontkoppelen' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(google.events.size).toBe(before);
  });
});
