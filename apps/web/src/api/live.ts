import { type DomainEvent, LIVE_EVENT, zDomainEvent } from '@im/domain';

export interface LiveHandlers {
  onEvent(event: DomainEvent): void;
  /** Connected (again): after a reconnect or a server-side gap, refetch what is shown. */
  onReady(refetch: boolean): void;
  /** The session is gone (401): stop until the next login. */
  onUnauthorized(): void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

interface Frame {
  event: string;
  data: string;
}

/** Splits a server-sent-event stream into frames (`event:` and `data:` lines, blank line between). */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

/**
 * The live channel (`GET /api/live/events`), read with fetch so the bearer token goes in a header
 * as on every call. Reconnects with growing pauses; every connection after the first reports
 * `onReady(true)` so the screen refetches what it may have missed. Answers a stop function.
 */
export function connectLive(token: string, handlers: LiveHandlers): () => void {
  const abort = new AbortController();
  let attempt = 0;
  let connectedBefore = false;

  const run = async () => {
    while (!abort.signal.aborted) {
      try {
        const response = await fetch('/api/live/events', {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (response.status === 401) {
          handlers.onUnauthorized();
          return;
        }
        if (!response.ok || !response.body) throw new Error(`live channel ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseFrames(buffer + value.replace(/\r\n/g, '\n'));
          buffer = parsed.rest;
          for (const frame of parsed.frames) {
            if (frame.event === LIVE_EVENT.ready) {
              attempt = 0;
              handlers.onReady(connectedBefore || JSON.parse(frame.data).refetch === true);
              connectedBefore = true;
            } else if (frame.event === LIVE_EVENT.domain) {
              const event = zDomainEvent.safeParse(JSON.parse(frame.data));
              if (event.success) handlers.onEvent(event.data);
            }
          }
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      const pause = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
  void run();
  return () => abort.abort();
}

type Listener = (event: DomainEvent) => void;
const listeners = new Set<Listener>();

/** Screens listen to the live events (the app shell owns the one connection). */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitLiveEvent(event: DomainEvent): void {
  for (const listener of listeners) listener(event);
}

/**
 * Query keys to refetch for an event: every query of the entity (keys start with its name), the
 * server tables, and what shows the entity inside something else (the pipeline and flow detail show
 * relations and locations; typeaheads list them).
 */
export function queryKeysFor(event: Pick<DomainEvent, 'entity_type'>): string[][] {
  // Every change writes a log item: an open log overview follows.
  const keys = [[event.entity_type], ['table'], ['logitem']];
  switch (event.entity_type) {
    case 'flow':
      keys.push(['pipeline'], ['lead'], ['typeahead']);
      break;
    case 'relation':
    case 'organization':
    case 'location':
    case 'file':
      keys.push(['flow'], ['pipeline'], ['typeahead']);
      break;
    case 'flowphase':
    case 'flowprofile':
    case 'locationtype':
      keys.push(['company'], ['pipeline']);
      break;
    case 'calculationitem':
      // A document's preview and totals show its calculation.
      keys.push(['calculation'], ['documents']);
      break;
    case 'calculation':
    case 'quotation':
    case 'confirmation':
    case 'document':
    case 'invoice':
    case 'documentwidget':
    case 'documenttype':
      keys.push(['documents']);
      break;
    case 'producttablerow':
      keys.push(['product']);
      break;
    default:
      break;
  }
  if (DASHBOARD_ENTITIES.has(event.entity_type)) keys.push(['dashboard']);
  return keys;
}

/** What the dashboard's widgets and statistics show (its query keys start with 'dashboard'). */
const DASHBOARD_ENTITIES = new Set([
  'action',
  'flow',
  'task',
  'message',
  'incident',
  'notification',
  'quotation',
  'confirmation',
  'invoice',
  'companysettings',
]);
