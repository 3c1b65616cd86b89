import type { Database } from '../db/database';
import { pruneRequestKeys } from '../http/request-once';
import type { Logger } from '../logger';
import { EventDispatcher } from './consume-events';
import { EventListener } from './listener';

export type { DurableEvent, EventConsumer } from './consume-events';
export type { LiveSubscriber } from './listener';

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Domain events after commit: the listener (in every process, feeding the live channel) and the
 * durable consumers (in processes that work on jobs). Features publish through `writeLog`.
 */
export class EventHub {
  readonly listener: EventListener;
  readonly dispatcher: EventDispatcher;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    databaseUrl: string,
    private readonly db: Database,
    logger: Logger,
  ) {
    this.listener = new EventListener(databaseUrl, logger);
    this.dispatcher = new EventDispatcher(db, logger);
  }

  async start(options: { work: boolean }): Promise<void> {
    await this.listener.start();
    if (!options.work) return;
    this.listener.subscribe({
      onEvent: () => this.dispatcher.wakeSoon(),
      onGap: () => this.dispatcher.wake(),
    });
    await this.dispatcher.start();
    // Hourly housekeeping: delivered events, and create keys past their keeping (decision 069).
    this.pruneTimer = setInterval(() => {
      void this.dispatcher.prune().catch(() => {});
      void pruneRequestKeys(this.db).catch(() => {});
    }, PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    this.dispatcher.stop();
    await this.dispatcher.idle();
    await this.listener.stop();
  }
}
