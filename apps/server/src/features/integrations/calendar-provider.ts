// What a user's own calendar offers the app (decision 070): one interface, Google Calendar and Microsoft 365 /
// Outlook (Graph) as its implementations. Events are pushed under a key of ours, so a retried create finds the
// event it made before instead of making a second.
import type { CalendarService } from '@im/domain';
import type { Config } from '../../platform/config';
import type { LinkedProvider } from './linked-provider';
import type { ProviderHttp } from './provider-http';

/** An agenda item as the calendar gets it. `key`: ours, the same on every push of the item to this user. */
export interface CalendarEventInput {
  key: string;
  summary: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
}

/** An event read from the calendar (all-day events carry dates at midnight UTC). */
export interface CalendarEvent {
  id: string;
  summary: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string;
}

/** An event changed in the calendar since the last sync (decision 074); times as ISO instants. */
export interface CalendarChange {
  id: string;
  deleted: boolean;
  start: string;
  end: string;
}

/** What a sync round read: the changes, and the token the next round starts from. */
export interface CalendarDelta {
  changes: CalendarChange[];
  token: string;
}

/** The provider no longer knows the sync token (Google and Graph answer 410 Gone): sync in full again. */
export class SyncTokenExpired extends Error {
  constructor() {
    super('sync token expired');
  }
}

export interface CalendarProvider extends LinkedProvider {
  service: CalendarService;
  /** Where a token is revoked on unlinking, or null when the provider offers none (Graph: just forget). */
  revokeUrl(config: Config): string | null;
  /** After the link: whose calendar it reaches (the account's address). */
  describeLink(http: ProviderHttp): Promise<{ accountLabel: string }>;
  listEvents(http: ProviderHttp, from: Date, to: Date): Promise<CalendarEvent[]>;
  /** Makes the event, or finds the one made earlier under the same key; answers its id. */
  createEvent(http: ProviderHttp, event: CalendarEventInput): Promise<string>;
  /** Changes the event; one deleted in the calendar since is made again (answers the id it has now). */
  updateEvent(http: ProviderHttp, id: string, event: CalendarEventInput): Promise<string>;
  /** Deletes the event; one already gone is fine. */
  deleteEvent(http: ProviderHttp, id: string): Promise<void>;
  /**
   * Incremental sync (Google: events.list with syncToken; Graph: calendarView/delta with its deltaLink). Without a
   * token: every event from `from` on (a full sync) and the first token. Throws SyncTokenExpired on 410 Gone.
   */
  syncEvents(http: ProviderHttp, token: string | null, from: Date): Promise<CalendarDelta>;
}

/** `error.message` of Google's and Graph's error bodies. */
export function calendarErrorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const e = (body as { error?: unknown }).error;
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string')
    return (e as { message: string }).message;
  return null;
}

/** A provider's answer 404 or 410: the event is not there (any more). */
export const isGone = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  'status' in err &&
  ((err as { status: unknown }).status === 404 || (err as { status: unknown }).status === 410);
