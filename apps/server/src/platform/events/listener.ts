import { type DomainEvent, zDomainEvent } from '@im/domain';
import pg from 'pg';
import type { Logger } from '../logger';
import { DOMAIN_EVENT_CHANNEL, SESSION_END_CHANNEL } from './channel';

export interface LiveSubscriber {
  /** A committed domain event of any company; the subscriber filters. */
  onEvent(event: DomainEvent): void;
  /** Sessions of this user ended (logout, password change): check the subscriber's own session. */
  onSessionEnd?(userId: number): void;
  /** Notifications may have been missed (the listening connection was lost): refetch. */
  onGap?(): void;
  /** The process is stopping. */
  onClose?(): void;
}

const RECONNECT_MS = [250, 1000, 3000, 10_000];

/**
 * The live side of the outbox in this process: one dedicated connection LISTENs on the event and
 * session-end channels and hands every notification to the subscribers (the browsers' streams).
 * Every server process has one, so a change committed through any process reaches the browsers of
 * all of them. After a lost connection it reconnects and tells subscribers they may have missed some.
 */
export class EventListener {
  private client: pg.Client | null = null;
  private readonly subscribers = new Set<LiveSubscriber>();
  private stopped = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Whether notifications reach this process right now (false before start, while reconnecting, after stop). */
  get connected(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'installatiemanager-live',
    });
    client.on('notification', (message) => this.dispatch(message.channel, message.payload));
    client.on('error', (err) => this.logger.warn({ err }, 'live event connection error'));
    client.on('end', () => {
      if (this.client !== client || this.stopped) return;
      this.client = null;
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${DOMAIN_EVENT_CHANNEL}; listen ${SESSION_END_CHANNEL}`);
    this.client = client;
    if (this.attempt > 0) for (const s of this.subscribers) s.onGap?.();
    this.attempt = 0;
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_MS[Math.min(this.attempt, RECONNECT_MS.length - 1)]!;
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.connect().catch((err) => {
        this.logger.warn({ err }, 'live event connection failed; retrying');
        if (!this.stopped) this.scheduleReconnect();
      });
    }, delay);
    this.retry.unref();
  }

  private dispatch(channel: string, payload: string | undefined): void {
    if (!payload) return;
    if (channel === SESSION_END_CHANNEL) {
      const userId = Number(payload);
      for (const s of this.subscribers) s.onSessionEnd?.(userId);
      return;
    }
    let event: DomainEvent;
    try {
      event = zDomainEvent.parse(JSON.parse(payload));
    } catch (err) {
      this.logger.warn({ err }, 'unreadable domain event notification');
      return;
    }
    for (const s of this.subscribers) {
      try {
        s.onEvent(event);
      } catch (err) {
        this.logger.warn({ err }, 'live subscriber failed');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    for (const s of this.subscribers) s.onClose?.();
    this.subscribers.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
