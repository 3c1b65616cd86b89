import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Local imitations of the two calendars a user links (decision 070), in the shapes of the providers' public API
// docs. Google: OAuth 2.0 with PKCE (the consent screen approves at once), the token and revoke endpoints, and
// Calendar API v3's events of the primary calendar (list with timeMin/timeMax, insert with our own id: 409 when
// it exists, patch, delete). Microsoft: the identity platform's v2.0 authorize and token endpoints and Graph's
// /me, /me/events (a create's transactionId is kept: the same one answers the event made before) and
// /me/calendarView. Both keep a change counter, for incremental sync the way the real APIs offer it (decision 074):
// Google's events.list answers a nextSyncToken on its last page and, given a syncToken, what changed since
// (deleted events with status 'cancelled'; an expired token 410 Gone, reason fullSyncRequired); Graph's
// /me/calendarView/delta pages to an @odata.deltaLink whose $deltatoken answers what changed since (a deleted
// event as { id, @removed }; an expired token 410 Gone, SyncStateNotFound). No test reaches the real services.

export interface FakeCalendarEvent {
  id: string;
  summary: string;
  description: string;
  location: string;
  /** ISO instants (UTC). */
  start: string;
  end: string;
  allDay: boolean;
  cancelled: boolean;
  transactionId?: string;
}

export interface FakeCalendar {
  kind: 'gcal' | 'outlook';
  baseUrl: string;
  account: string;
  /** Server settings that point the app at this fake. */
  env: Record<string, string>;
  events: Map<string, FakeCalendarEvent>;
  /** Live (not cancelled) events. */
  live(): FakeCalendarEvent[];
  /** An event made in the calendar itself (as the user would in Google or Outlook). */
  addOwnEvent(summary: string, start: Date, end: Date): FakeCalendarEvent;
  /** The user moves an event in the calendar itself. */
  moveEvent(id: string, start: Date, end: Date): void;
  /** The user deletes an event in the calendar itself. */
  removeEvent(id: string): void;
  /** Every sync token handed out so far is forgotten (the next incremental sync answers 410 Gone). */
  expireSyncTokens(): void;
  requests: { method: string; path: string }[];
  /** The next `n` API calls (not OAuth) answer 503. */
  failNext(n: number): void;
  /** The next `n` creates are kept but answered 503 (the answer lost on the way). */
  loseCreateAnswers(n: number): void;
  /** The next `n` revocations answer 503 (Google only). */
  failRevoke(n: number): void;
  /** Tokens revoked so far (Google only). */
  revoked: string[];
  close(): Promise<void>;
}

interface Tokens {
  access: Map<string, number>;
  refresh: Set<string>;
}

function startFake(kind: 'gcal' | 'outlook'): Promise<FakeCalendar> {
  const clientId = randomUUID();
  const clientSecret = randomBytes(16).toString('hex');
  const account = kind === 'gcal' ? 'monteur@gmail.test' : 'monteur@outlook.test';
  const codes = new Map<string, { challenge: string; method: string; redirectUri: string }>();
  const tokens: Tokens = { access: new Map(), refresh: new Set() };
  const events = new Map<string, FakeCalendarEvent>();
  const requests: { method: string; path: string }[] = [];
  const revoked: string[] = [];
  let failing = 0;
  let losing = 0;
  let revokeFailing = 0;
  // Incremental sync: every change of an event takes the next number; a token names the number it was given at.
  let counter = 0;
  // Tokens carry the epoch they were handed out in; expiring them starts a new epoch.
  let epoch = 1;
  const changedAt = new Map<string, number>();
  const touch = (e: FakeCalendarEvent) => {
    changedAt.set(e.id, ++counter);
    return e;
  };
  const changedSince = (n: number) =>
    [...events.values()]
      .filter((e) => (changedAt.get(e.id) ?? 0) > n)
      .sort((a, z) => changedAt.get(a.id)! - changedAt.get(z.id)!);
  const etagOf = (e: FakeCalendarEvent) => `"${changedAt.get(e.id) ?? 0}"`;

  const issue = () => {
    const a = randomBytes(24).toString('hex');
    const r = randomBytes(24).toString('hex');
    tokens.access.set(a, Date.now() + 3_600_000);
    tokens.refresh.add(r);
    return { access_token: a, token_type: 'Bearer', expires_in: 3599, refresh_token: r, scope: 'calendar' };
  };

  const authorizePath = kind === 'gcal' ? '/o/oauth2/v2/auth' : '/common/oauth2/v2.0/authorize';
  const tokenPath = kind === 'gcal' ? '/token' : '/common/oauth2/v2.0/token';

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://calendar.test');
    requests.push({ method: req.method!, path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const empty = (status: number) => {
        res.writeHead(status);
        res.end();
      };
      // Both providers name an API error as { error: { code, message } }.
      const error = (status: number, message: string) => json(status, { error: { code: status, message } });

      if (url.pathname === authorizePath) {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId || !redirect)
          return json(400, { error: 'invalid_client' });
        if (url.searchParams.get('response_type') !== 'code' || !url.searchParams.get('state'))
          return json(400, { error: 'invalid_request' });
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          method: url.searchParams.get('code_challenge_method') ?? '',
          redirectUri: redirect,
        });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === tokenPath && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          const c = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const ok =
            c &&
            c.method === 'S256' &&
            c.redirectUri === form.get('redirect_uri') &&
            createHash('sha256').update(verifier).digest('base64url') === c.challenge;
          if (!ok) return json(400, { error: 'invalid_grant', error_description: 'code or verifier wrong' });
          return json(200, issue());
        }
        if (form.get('grant_type') === 'refresh_token') {
          const r = form.get('refresh_token') ?? '';
          if (!tokens.refresh.has(r))
            return json(400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            });
          const { access_token, expires_in } = issue();
          // Google keeps the refresh token; Microsoft rotates it.
          return json(200, kind === 'gcal' ? { access_token, expires_in } : issue());
        }
        return json(400, { error: 'unsupported_grant_type' });
      }
      if (kind === 'gcal' && url.pathname === '/revoke' && req.method === 'POST') {
        if (revokeFailing > 0) {
          revokeFailing--;
          return error(503, 'Backend Error');
        }
        const token = new URLSearchParams(raw).get('token') ?? '';
        if (!tokens.refresh.delete(token) && !tokens.access.delete(token))
          return json(400, { error: 'invalid_token' });
        revoked.push(token);
        tokens.access.clear();
        return empty(200);
      }

      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const until = tokens.access.get(token);
      if (!until || until < Date.now()) return error(401, 'Invalid Credentials');
      if (failing > 0) {
        failing--;
        return error(503, 'Service Unavailable');
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return error(400, 'Bad JSON');
      }
      return kind === 'gcal' ? google(req.method!, url, body) : graph(req.method!, url, body);

      function google(method: string, u: URL, b: Record<string, unknown>) {
        const base = '/calendar/v3/calendars/primary/events';
        const shape = (e: FakeCalendarEvent) => ({
          kind: 'calendar#event',
          etag: etagOf(e),
          id: e.id,
          status: e.cancelled ? 'cancelled' : 'confirmed',
          summary: e.summary,
          description: e.description,
          location: e.location,
          start: e.allDay ? { date: e.start.slice(0, 10) } : { dateTime: e.start },
          end: e.allDay ? { date: e.end.slice(0, 10) } : { dateTime: e.end },
        });
        const fill = (e: FakeCalendarEvent, x: Record<string, unknown>) => {
          if (typeof x.summary === 'string') e.summary = x.summary;
          if (typeof x.description === 'string') e.description = x.description;
          if (typeof x.location === 'string') e.location = x.location;
          const s = x.start as { dateTime?: string } | undefined;
          const en = x.end as { dateTime?: string } | undefined;
          if (s?.dateTime) e.start = new Date(s.dateTime).toISOString();
          if (en?.dateTime) e.end = new Date(en.dateTime).toISOString();
          if (x.status === 'confirmed') e.cancelled = false;
        };
        if (u.pathname === base && method === 'GET') {
          const syncToken = u.searchParams.get('syncToken');
          const pageSize = Math.min(Number(u.searchParams.get('maxResults') ?? '250') || 250, 2500);
          const offset = Number(u.searchParams.get('pageToken') ?? '0') || 0;
          let all: FakeCalendarEvent[];
          // The token handed out at the end of this list: what changed after now.
          let next = counter;
          if (syncToken) {
            // Google refuses a syncToken together with timeMin, timeMax, orderBy and the like.
            if (
              u.searchParams.has('timeMin') ||
              u.searchParams.has('timeMax') ||
              u.searchParams.has('orderBy')
            )
              return error(400, 'Invalid sync token combination.');
            const m = /^s(\d+)_(\d+)$/.exec(syncToken);
            if (!m || Number(m[1]) !== epoch || Number(m[2]) > counter)
              return json(410, {
                error: {
                  code: 410,
                  message: 'Sync token is no longer valid, a full sync is required.',
                  errors: [
                    {
                      domain: 'calendar',
                      reason: 'fullSyncRequired',
                      message: 'Sync token is no longer valid, a full sync is required.',
                    },
                  ],
                },
              });
            all = changedSince(Number(m[2]));
            next = Math.max(Number(m[2]), counter);
          } else {
            // Both bounds are optional (RFC3339 with an offset when given); deleted events only with showDeleted.
            const min = Date.parse(u.searchParams.get('timeMin') ?? '') || -8.64e15;
            const max = Date.parse(u.searchParams.get('timeMax') ?? '') || 8.64e15;
            all = [...events.values()]
              .filter((e) => !e.cancelled && Date.parse(e.end) > min && Date.parse(e.start) < max)
              .sort((a, z) => a.start.localeCompare(z.start));
          }
          const items = all.slice(offset, offset + pageSize).map(shape);
          const more = offset + pageSize < all.length;
          return json(200, {
            kind: 'calendar#events',
            summary: account,
            items,
            ...(more ? { nextPageToken: String(offset + pageSize) } : { nextSyncToken: `s${epoch}_${next}` }),
          });
        }
        if (u.pathname === base && method === 'POST') {
          const id = typeof b.id === 'string' ? b.id : randomBytes(10).toString('hex');
          if (!/^[0-9a-v]{5,1024}$/.test(id)) return error(400, 'Invalid resource id value.');
          if (events.has(id)) return error(409, 'The requested identifier already exists.');
          const e: FakeCalendarEvent = {
            id,
            summary: '',
            description: '',
            location: '',
            start: '',
            end: '',
            allDay: false,
            cancelled: false,
          };
          fill(e, b);
          events.set(id, e);
          touch(e);
          if (losing > 0) {
            losing--;
            return error(503, 'Backend Error');
          }
          return json(200, shape(e));
        }
        const m = new RegExp(`^${base}/([^/]+)$`).exec(u.pathname);
        const e = m ? events.get(decodeURIComponent(m[1]!)) : undefined;
        if (m && !e) return error(404, 'Not Found');
        if (e && method === 'PATCH') {
          fill(e, b);
          touch(e);
          return json(200, shape(e));
        }
        if (e && method === 'DELETE') {
          if (e.cancelled) return error(410, 'Resource has been deleted');
          e.cancelled = true;
          touch(e);
          return empty(204);
        }
        return error(404, 'Not Found');
      }

      function graph(method: string, u: URL, b: Record<string, unknown>) {
        const shape = (e: FakeCalendarEvent) => ({
          '@odata.etag': `W/${etagOf(e)}`,
          id: e.id,
          subject: e.summary,
          body: { contentType: 'text', content: e.description },
          isAllDay: e.allDay,
          isCancelled: false,
          transactionId: e.transactionId ?? null,
          // Asked for in UTC (Prefer: outlook.timezone="UTC"): no offset, seven decimals.
          start: { dateTime: e.start.replace(/\.(\d{3})Z$/, '.$10000'), timeZone: 'UTC' },
          end: { dateTime: e.end.replace(/\.(\d{3})Z$/, '.$10000'), timeZone: 'UTC' },
          location: { displayName: e.location },
        });
        const time = (t: unknown) => {
          const x = t as { dateTime?: string; timeZone?: string } | undefined;
          if (!x?.dateTime) return null;
          return new Date(x.timeZone === 'UTC' ? `${x.dateTime}Z` : x.dateTime).toISOString();
        };
        const fill = (e: FakeCalendarEvent, x: Record<string, unknown>) => {
          if (typeof x.subject === 'string') e.summary = x.subject;
          const bd = x.body as { content?: string } | undefined;
          if (typeof bd?.content === 'string') e.description = bd.content;
          const loc = x.location as { displayName?: string } | undefined;
          if (typeof loc?.displayName === 'string') e.location = loc.displayName;
          e.start = time(x.start) ?? e.start;
          e.end = time(x.end) ?? e.end;
        };
        if (u.pathname === '/v1.0/me' && method === 'GET')
          return json(200, { displayName: 'Monteur', mail: account, userPrincipalName: account });
        if (u.pathname === '/v1.0/me/calendarView' && method === 'GET') {
          if (!/outlook\.timezone="UTC"/.test(String(req.headers.prefer ?? '')))
            return error(400, 'Expected UTC times');
          const min = Date.parse(u.searchParams.get('startDateTime') ?? '');
          const max = Date.parse(u.searchParams.get('endDateTime') ?? '');
          if (Number.isNaN(min) || Number.isNaN(max)) return error(400, 'ErrorInvalidParameter');
          const value = [...events.values()]
            .filter((e) => !e.cancelled && Date.parse(e.end) > min && Date.parse(e.start) < max)
            .map(shape);
          return json(200, { '@odata.context': 'calendarView', value });
        }
        if (u.pathname === '/v1.0/me/calendarView/delta' && method === 'GET') {
          if (!/outlook\.timezone="UTC"/.test(String(req.headers.prefer ?? '')))
            return error(400, 'Expected UTC times');
          const deltaLink = (n: number, min: number, max: number) =>
            `http://${req.headers.host}/v1.0/me/calendarView/delta?$deltatoken=${Buffer.from(`${epoch}.${n}.${min}.${max}`).toString('base64url')}`;
          const token = u.searchParams.get('$deltatoken');
          if (token) {
            const [era, n, min, max] = Buffer.from(token, 'base64url')
              .toString('utf8')
              .split('.')
              .map(Number);
            if (era !== epoch || n === undefined || Number.isNaN(n) || n > counter)
              return json(410, {
                error: { code: 'SyncStateNotFound', message: 'The sync state generation is not found.' },
              });
            const value = changedSince(n)
              .filter((e) => Date.parse(e.end) > min! && Date.parse(e.start) < max!)
              .map((e) => (e.cancelled ? { id: e.id, '@removed': { reason: 'deleted' } } : shape(e)));
            return json(200, {
              '@odata.context': 'delta',
              value,
              '@odata.deltaLink': deltaLink(counter, min!, max!),
            });
          }
          // The first round needs the window.
          const min = Date.parse(u.searchParams.get('startDateTime') ?? '');
          const max = Date.parse(u.searchParams.get('endDateTime') ?? '');
          if (Number.isNaN(min) || Number.isNaN(max)) return error(400, 'ErrorInvalidParameter');
          const value = [...events.values()]
            .filter((e) => !e.cancelled && Date.parse(e.end) > min && Date.parse(e.start) < max)
            .map(shape);
          return json(200, {
            '@odata.context': 'delta',
            value,
            '@odata.deltaLink': deltaLink(counter, min, max),
          });
        }
        if (u.pathname === '/v1.0/me/events' && method === 'POST') {
          const tx = typeof b.transactionId === 'string' ? b.transactionId : undefined;
          const earlier = tx
            ? [...events.values()].find((e) => e.transactionId === tx && !e.cancelled)
            : null;
          if (earlier) return json(201, shape(earlier));
          const e: FakeCalendarEvent = {
            id: `AAMk${randomBytes(12).toString('base64url')}`,
            summary: '',
            description: '',
            location: '',
            start: '',
            end: '',
            allDay: false,
            cancelled: false,
            transactionId: tx,
          };
          fill(e, b);
          events.set(e.id, e);
          touch(e);
          if (losing > 0) {
            losing--;
            return error(503, 'ServiceUnavailable');
          }
          return json(201, shape(e));
        }
        const m = /^\/v1\.0\/me\/events\/([^/]+)$/.exec(u.pathname);
        const e = m ? events.get(decodeURIComponent(m[1]!)) : undefined;
        if (m && (!e || e.cancelled)) return error(404, 'ErrorItemNotFound');
        if (e && method === 'PATCH') {
          fill(e, b);
          touch(e);
          return json(200, shape(e));
        }
        if (e && method === 'DELETE') {
          e.cancelled = true;
          touch(e);
          return empty(204);
        }
        return error(404, 'ErrorInvalidRequest');
      }
    });
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const env: Record<string, string> =
        kind === 'gcal'
          ? {
              GOOGLE_CLIENT_ID: clientId,
              GOOGLE_CLIENT_SECRET: clientSecret,
              GOOGLE_AUTH_URL: `${baseUrl}/o/oauth2/v2/auth`,
              GOOGLE_TOKEN_URL: `${baseUrl}/token`,
              GOOGLE_REVOKE_URL: `${baseUrl}/revoke`,
              GOOGLE_CALENDAR_API_URL: `${baseUrl}/calendar/v3`,
            }
          : {
              MICROSOFT_CLIENT_ID: clientId,
              MICROSOFT_CLIENT_SECRET: clientSecret,
              MICROSOFT_LOGIN_URL: baseUrl,
              MICROSOFT_GRAPH_URL: `${baseUrl}/v1.0`,
            };
      resolve({
        kind,
        baseUrl,
        account,
        env,
        events,
        live: () => [...events.values()].filter((e) => !e.cancelled),
        addOwnEvent(summary, start, end) {
          const e: FakeCalendarEvent = {
            id:
              kind === 'gcal'
                ? randomBytes(10).toString('hex')
                : `AAMk${randomBytes(12).toString('base64url')}`,
            summary,
            description: '',
            location: '',
            start: start.toISOString(),
            end: end.toISOString(),
            allDay: false,
            cancelled: false,
          };
          events.set(e.id, e);
          touch(e);
          return e;
        },
        moveEvent(id, start, end) {
          const e = events.get(id);
          if (!e || e.cancelled) throw new Error(`no event ${id}`);
          e.start = start.toISOString();
          e.end = end.toISOString();
          touch(e);
        },
        removeEvent(id) {
          const e = events.get(id);
          if (!e || e.cancelled) throw new Error(`no event ${id}`);
          e.cancelled = true;
          touch(e);
        },
        expireSyncTokens() {
          epoch++;
        },
        requests,
        failNext: (n) => {
          failing = n;
        },
        loseCreateAnswers: (n) => {
          losing = n;
        },
        failRevoke: (n) => {
          revokeFailing = n;
        },
        revoked,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

export const startFakeGoogleCalendar = () => startFake('gcal');
export const startFakeOutlook = () => startFake('outlook');
