// Google Calendar API v3 (decision 070): the primary calendar's events (list, insert, patch, delete), OAuth 2.0
// with PKCE on Google's endpoints (offline access for a refresh token), revocation on unlinking. Our event ids
// are chosen by us (base32hex, from the push key): a second insert of the same id answers 409 and is patched.
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
import { ProviderError } from './provider-http';

const EVENTS = '/calendars/primary/events';
const MAX_PAGES = 20;
/** A sync round reads at most this many pages of 250 (a first, full sync of a busy calendar). */
const MAX_SYNC_PAGES = 100;

interface GoogleTime {
  dateTime?: string;
  date?: string;
}
interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
}

/** Google's event ids: 5–1024 characters of base32hex (a–v, 0–9). */
export function googleEventId(key: string): string {
  // Hex is base32hex's lower half.
  return Buffer.from(key, 'utf8').toString('hex');
}

const body = (e: CalendarEventInput) => ({
  summary: e.summary,
  description: e.description,
  location: e.location,
  start: { dateTime: e.start.toISOString() },
  end: { dateTime: e.end.toISOString() },
  status: 'confirmed',
});

const toIso = (t: GoogleTime | undefined): string =>
  t?.dateTime ? new Date(t.dateTime).toISOString() : t?.date ? `${t.date}T00:00:00.000Z` : '';

export const googleCalendar: CalendarProvider = {
  service: 'gcal',
  auth(config: Config) {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
    return {
      kind: 'oauth',
      endpoints: {
        authorizeUrl: config.GOOGLE_AUTH_URL,
        tokenUrl: config.GOOGLE_TOKEN_URL,
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        scope: 'https://www.googleapis.com/auth/calendar.events',
        // A refresh token on every consent, so a relinked account works without the user removing access first.
        extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' },
      },
    };
  },
  apiBase: (config) => config.GOOGLE_CALENDAR_API_URL,
  apiHeaders: () => ({}),
  errorText: calendarErrorText,
  revokeUrl: (config) => config.GOOGLE_REVOKE_URL,

  async describeLink(http) {
    // The events collection names its calendar: for the primary one, the account's address.
    const page = await http.get<{ summary?: string }>(`${EVENTS}?maxResults=1`);
    return { accountLabel: page?.summary ?? 'Google Agenda' };
  },

  async listEvents(http, from, to) {
    const out: CalendarEvent[] = [];
    let pageToken = '';
    for (let i = 0; i < MAX_PAGES; i++) {
      const q = new URLSearchParams({
        timeMin: from.toISOString(),
        timeMax: to.toISOString(),
        singleEvents: 'true',
        orderBy: 'startTime',
        maxResults: '250',
      });
      if (pageToken) q.set('pageToken', pageToken);
      const page = await http.get<{ items?: GoogleEvent[]; nextPageToken?: string }>(`${EVENTS}?${q}`);
      for (const e of page?.items ?? []) {
        if (e.status === 'cancelled') continue;
        out.push({
          id: e.id,
          summary: e.summary ?? '',
          start: toIso(e.start),
          end: toIso(e.end),
          allDay: !e.start?.dateTime,
          location: e.location ?? '',
        });
      }
      if (!page?.nextPageToken) break;
      pageToken = page.nextPageToken;
    }
    return out;
  },

  async createEvent(http, event) {
    const id = googleEventId(event.key);
    try {
      await http.post<GoogleEvent>(EVENTS, { id, ...body(event) });
    } catch (err) {
      // Made before (a retry after a lost answer): the same id, brought up to date.
      if (!(err instanceof ProviderError && err.status === 409)) throw err;
      await http.patch(`${EVENTS}/${id}`, body(event));
    }
    return id;
  },

  async updateEvent(http, id, event) {
    try {
      await http.patch(`${EVENTS}/${encodeURIComponent(id)}`, body(event));
      return id;
    } catch (err) {
      if (!isGone(err)) throw err;
      return googleCalendar.createEvent(http, event);
    }
  },

  async deleteEvent(http, id) {
    try {
      await http.delete(`${EVENTS}/${encodeURIComponent(id)}`);
    } catch (err) {
      if (!isGone(err)) throw err;
    }
  },

  async syncEvents(http, token, from) {
    // Google's incremental sync: the first (full) list from `from` on ends with a nextSyncToken; a list with that
    // token answers what changed since, deleted events included (status 'cancelled'). An expired token: 410.
    const changes: CalendarChange[] = [];
    let pageToken = '';
    for (let i = 0; i < MAX_SYNC_PAGES; i++) {
      const q = new URLSearchParams({ maxResults: '250' });
      if (token) q.set('syncToken', token);
      else q.set('timeMin', from.toISOString());
      if (pageToken) q.set('pageToken', pageToken);
      let page: { items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string };
      try {
        page = await http.get(`${EVENTS}?${q}`);
      } catch (err) {
        if (err instanceof ProviderError && err.status === 410) throw new SyncTokenExpired();
        throw err;
      }
      for (const e of page?.items ?? [])
        changes.push({
          id: e.id,
          deleted: e.status === 'cancelled',
          start: toIso(e.start),
          end: toIso(e.end),
        });
      if (page?.nextSyncToken) return { changes, token: page.nextSyncToken };
      if (!page?.nextPageToken) break;
      pageToken = page.nextPageToken;
    }
    throw new ProviderError('refused', 'Google Agenda gaf geen synchronisatietoken.');
  },
};
