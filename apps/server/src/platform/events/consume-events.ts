import type { DomainEvent } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { Logger } from '../logger';

/**
 * A durable consumer of domain events (workflow rules, webhooks, anything later). It gets every
 * committed event at least once, in outbox order, which keeps the events of one flow in order; a
 * batch that throws is offered again (with backoff) until it succeeds. `handle` must therefore be
 * idempotent per event id. Only one process runs a consumer at a time.
 */
export interface EventConsumer {
  name: string;
  handle(events: DurableEvent[]): Promise<void>;
  batchSize?: number;
}

/** An event as durable consumers get it: with the logged changes and the workflow rule depth. */
export interface DurableEvent extends DomainEvent {
  changes: Record<string, unknown> | null;
  rule_depth: number;
}

interface EventRow extends Record<string, unknown> {
  id: string;
  txid: string;
  kind: DomainEvent['kind'];
  company_id: number;
  entity_type: DomainEvent['entity_type'];
  entity_id: number | null;
  flow_id: number | null;
  actor_user_id: number | null;
  actor_admin_user_id: number | null;
  changed: string[];
  changes: Record<string, unknown> | null;
  rule_depth: number;
  created_at: string;
}

const POLL_MS = 5_000;
/**
 * Events that arrive within this time are handled in one round: under load a commit lands every few
 * milliseconds, and a round costs a transaction even when every event in it is someone else's.
 */
export const WAKE_DELAY_MS = 50;
const MAX_BACKOFF_MS = 60_000;
const DEFAULT_BATCH = 100;
/** Events older than this, and behind every consumer, are removed. */
export const OUTBOX_KEEP_DAYS = 7;

/**
 * Runs the durable consumers. Each consumer's position is a row of `event_consumer`, locked while a
 * batch runs (`for update skip locked`: one process at a time) and advanced in the same transaction
 * once `handle` succeeded. It reads only events of transactions older than every transaction still
 * in flight (`txid < pg_snapshot_xmin`), so an event committed late with a lower id is never skipped.
 */
export class EventDispatcher {
  private readonly consumers = new Map<string, EventConsumer>();
  private readonly backoff = new Map<string, { until: number; ms: number }>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly retryBaseMs = 500,
  ) {}

  register(consumer: EventConsumer): void {
    if (this.consumers.has(consumer.name)) throw new Error(`Consumer ${consumer.name} registered twice`);
    this.consumers.set(consumer.name, consumer);
  }

  async start(): Promise<void> {
    await this.db.platform(async (tx) => {
      for (const name of this.consumers.keys()) {
        await tx.execute(sql`insert into event_consumer (name) values (${name}) on conflict do nothing`);
      }
    });
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Runs every consumer soon (within WAKE_DELAY_MS), together with whatever else commits meanwhile. */
  wakeSoon(): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.wake();
    }, WAKE_DELAY_MS);
    this.soon.unref();
  }

  /** Runs every consumer until it is caught up; called for committed events and every few seconds. */
  wake(): void {
    if (this.soon) {
      clearTimeout(this.soon);
      this.soon = undefined;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const consumer of this.consumers.values()) {
          // A batch shorter than the batch size read up to the end: no second round to find nothing.
          while ((await this.runOnce(consumer)) >= (consumer.batchSize ?? DEFAULT_BATCH)) {}
        }
      } while (this.again);
    })()
      .catch((err) => this.logger.error({ err }, 'event dispatcher failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Settles after the current round (a round still waiting to start starts now); for tests and shutdown. */
  async idle(): Promise<void> {
    if (this.soon) this.wake();
    while (this.running) await this.running;
  }

  /** One batch of one consumer: answers how many events it handled (0 when caught up, busy or failing). */
  async runOnce(consumer: EventConsumer): Promise<number> {
    const wait = this.backoff.get(consumer.name);
    if (wait && Date.now() < wait.until) return 0;
    try {
      const handled = await this.db.platform(async (tx) => {
        const position = await tx.execute<{ last_txid: string; last_id: string }>(
          sql`select last_txid::text, last_id::text from event_consumer where name = ${consumer.name}
              for update skip locked`,
        );
        const at = position.rows[0];
        if (!at) return 0;
        const batch = await tx.execute<EventRow>(sql`
          select id::text, txid::text, kind, company_id, entity_type, entity_id, flow_id, actor_user_id,
                 actor_admin_user_id, changed, changes, rule_depth, to_json(created_at) #>> '{}' as created_at
          from domain_event
          where (txid, id) > (${at.last_txid}::xid8, ${at.last_id}::bigint)
            and txid < pg_snapshot_xmin(pg_current_snapshot())
          order by txid, id
          limit ${consumer.batchSize ?? DEFAULT_BATCH}`);
        if (batch.rows.length === 0) return 0;
        await consumer.handle(batch.rows.map(toEvent));
        const last = batch.rows[batch.rows.length - 1]!;
        await tx.execute(sql`update event_consumer
          set last_txid = ${last.txid}::xid8, last_id = ${last.id}::bigint, failures = 0, last_error = null,
              updated_at = now()
          where name = ${consumer.name}`);
        return batch.rows.length;
      });
      this.backoff.delete(consumer.name);
      return handled;
    } catch (err) {
      const ms = Math.min(wait ? wait.ms * 2 : this.retryBaseMs, MAX_BACKOFF_MS);
      this.backoff.set(consumer.name, { until: Date.now() + ms, ms });
      this.logger.warn({ err, consumer: consumer.name }, 'event consumer failed; retrying');
      await this.db
        .platform((tx) =>
          tx.execute(sql`update event_consumer set failures = failures + 1, last_error = ${String(err).slice(0, 2000)},
            updated_at = now() where name = ${consumer.name}`),
        )
        .catch(() => {});
      return 0;
    }
  }

  /**
   * Removes events older than OUTBOX_KEEP_DAYS that every registered consumer has handled (a
   * consumer no longer in the code holds nothing back).
   */
  async prune(): Promise<number> {
    const names = [...this.consumers.keys()];
    const result = await this.db.platform((tx) =>
      tx.execute(sql`delete from domain_event e
        where e.created_at < now() - make_interval(days => ${OUTBOX_KEEP_DAYS})
          and not exists (select 1 from event_consumer c
            where c.name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)) and (c.last_txid, c.last_id) < (e.txid, e.id))`),
    );
    return result.rowCount ?? 0;
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.soon = undefined;
  }
}

function toEvent(row: EventRow): DurableEvent {
  const { txid: _txid, ...event } = row;
  return event;
}
