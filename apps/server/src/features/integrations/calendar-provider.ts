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
