// Microsoft 365 / Outlook through Microsoft Graph v1.0 (decision 070): `/me/events` (create, update, delete) and
// `/me/calendarView` (read), OAuth 2.0 with PKCE on the Microsoft identity platform. Graph keeps a create's
// `transactionId` and answers a repeated create with the same event. It has no revocation endpoint: unlinking
// forgets the tokens.
import type { Config } from '../../platform/config';
import {
  type CalendarChange,
  type CalendarEvent,
  type CalendarEventInput,
  type CalendarProvider,
  calendarErrorText,
  isGone,
  SyncTokenExpired,
} from './calendar-provider';
import { ProviderError, type ProviderHttp } from './provider-http';

const MAX_PAGES = 20;
const MAX_SYNC_PAGES = 100;
/** Graph's calendarView/delta needs an end: this far after the sync's start (a full sync renews the window). */
const SYNC_WINDOW_DAYS = 800;

/** Graph's next and delta links are absolute; the client adds the base itself. */
const relative = (link: string): string | null => {
  const at = link.indexOf('/me/');
  return at < 0 ? null : link.slice(at);
};

interface GraphTime {
  dateTime: string;
  timeZone?: string;
}
interface GraphEvent {
  id: string;
  subject?: string;
  isAllDay?: boolean;
  isCancelled?: boolean;
  start?: GraphTime;
  end?: GraphTime;
  location?: { displayName?: string };
  '@removed'?: { reason?: string };
}

/** Graph's dateTime in UTC (we ask for UTC) has no offset: read it as UTC. */
const toIso = (t: GraphTime | undefined): string => {
  if (!t?.dateTime) return '';
  const s = /[zZ]|[+-]\d\d:\d\d$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`;
  return new Date(s).toISOString();
};

const graphTime = (d: Date): GraphTime => ({ dateTime: d.toISOString().replace(/Z$/, ''), timeZone: 'UTC' });

const body = (e: CalendarEventInput) => ({
  subject: e.summary,
  body: { contentType: 'text', content: e.description },
  start: graphTime(e.start),
  end: graphTime(e.end),
  location: { displayName: e.location },
});

function login(config: Config, path: string): string {
  return `${config.MICROSOFT_LOGIN_URL}/${encodeURIComponent(config.MICROSOFT_TENANT)}/oauth2/v2.0/${path}`;
}

export const outlookCalendar: CalendarProvider = {
  service: 'outlook',
  auth(config: Config) {
    if (!config.MICROSOFT_CLIENT_ID || !config.MICROSOFT_CLIENT_SECRET) return null;
    return {
      kind: 'oauth',
      endpoints: {
        authorizeUrl: login(config, 'authorize'),
        tokenUrl: login(config, 'token'),
        clientId: config.MICROSOFT_CLIENT_ID,
        clientSecret: config.MICROSOFT_CLIENT_SECRET,
        scope: 'offline_access User.Read Calendars.ReadWrite',
        extraAuthorizeParams: { response_mode: 'query' },
      },
    };
  },
  apiBase: (config) => config.MICROSOFT_GRAPH_URL,
  // Times in and out in UTC.
  apiHeaders: () => ({ prefer: 'outlook.timezone="UTC"' }),
  errorText: calendarErrorText,
  revokeUrl: () => null,

  async describeLink(http) {
    const me = await http.get<{ mail?: string | null; userPrincipalName?: string; displayName?: string }>(
      '/me?$select=mail,userPrincipalName,displayName',
    );
    return { accountLabel: me?.mail || me?.userPrincipalName || me?.displayName || 'Outlook' };
  },

  async listEvents(http: ProviderHttp, from: Date, to: Date) {
    const out: CalendarEvent[] = [];
    const q = new URLSearchParams({
      startDateTime: from.toISOString(),
      endDateTime: to.toISOString(),
      $top: '250',
      $select: 'id,subject,start,end,isAllDay,isCancelled,location',
    });
    let path = `/me/calendarView?${q}`;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await http.get<{ value?: GraphEvent[]; '@odata.nextLink'?: string }>(path);
      for (const e of page?.value ?? []) {
        if (e.isCancelled) continue;
        out.push({
          id: e.id,
          summary: e.subject ?? '',
          start: toIso(e.start),
          end: toIso(e.end),
          allDay: e.isAllDay === true,
          location: e.location?.displayName ?? '',
        });
      }
      const next = page?.['@odata.nextLink'];
      if (!next) break;
      // The next page's address is absolute; the client adds the base itself.
      const at = next.indexOf('/me/');
      if (at < 0) break;
      path = next.slice(at);
    }
    return out;
  },

  async createEvent(http, event) {
    const made = await http.post<GraphEvent>('/me/events', { ...body(event), transactionId: event.key });
    return made.id;
  },

  async updateEvent(http, id, event) {
    try {
      await http.patch(`/me/events/${encodeURIComponent(id)}`, body(event));
      return id;
    } catch (err) {
      if (!isGone(err)) throw err;
      return outlookCalendar.createEvent(http, event);
    }
  },

  async deleteEvent(http, id) {
    try {
      await http.delete(`/me/events/${encodeURIComponent(id)}`);
    } catch (err) {
      if (!isGone(err)) throw err;
    }
  },

  async syncEvents(http, token, from) {
    // Graph's delta query on the calendar view: the first round (a window from `from` on) pages with
    // @odata.nextLink and ends with an @odata.deltaLink; calling that link answers what changed since, a
    // deleted event as { id, @removed }. The deltaLink is the token. An expired one: 410 Gone.
    const changes: CalendarChange[] = [];
    let path: string | null = token;
    if (!path) {
      const to = new Date(from.getTime() + SYNC_WINDOW_DAYS * 86_400_000);
      const q = new URLSearchParams({ startDateTime: from.toISOString(), endDateTime: to.toISOString() });
      path = `/me/calendarView/delta?${q}`;
    }
    for (let i = 0; i < MAX_SYNC_PAGES && path; i++) {
      let page: { value?: GraphEvent[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };
      try {
        page = await http.get(path);
      } catch (err) {
        if (err instanceof ProviderError && err.status === 410) throw new SyncTokenExpired();
        throw err;
      }
      for (const e of page?.value ?? [])
        changes.push({
          id: e.id,
          deleted: e['@removed'] !== undefined || e.isCancelled === true,
          start: toIso(e.start),
          end: toIso(e.end),
        });
      const delta = page?.['@odata.deltaLink'];
      if (delta) {
        const next = relative(delta);
        if (next) return { changes, token: next };
      }
      const more = page?.['@odata.nextLink'];
      path = more ? relative(more) : null;
    }
    throw new ProviderError('refused', 'Outlook gaf geen deltaLink.');
  },
};
