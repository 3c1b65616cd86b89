import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Tx } from '../db/database';
import { batch } from '../db/tables/batch.schema';
import type { Logger } from '../logger';

export const BATCH_QUEUE = 'batch';
const RECOVERY_INTERVAL_MS = 60_000;
export const INTERRUPTED_MESSAGE = 'De taak is onderbroken doordat de server opnieuw is gestart.';

export interface BatchStep {
  progress: number;
  state?: Record<string, unknown>;
}

export interface BatchContext<P> {
  batchId: string;
  payload: P;
  /** What earlier steps saved; a resumed job continues from it. */
  state: Record<string, unknown>;
  companyId: number;
  userId: number | null;
  /**
   * Runs one chunk of work in a transaction that also records progress and state, so a chunk is
   * either fully done and counted, or not at all.
   */
  step(fn: (tx: Tx) => Promise<BatchStep>, scope?: 'tenant' | 'platform'): Promise<void>;
}

export interface BatchJobDefinition<P> {
  type: string;
  payload: z.ZodType<P>;
  /** True when `run` can continue after a restart from the saved state; else the batch is marked failed. */
  resumable: boolean;
  run(ctx: BatchContext<P>): Promise<void>;
}

export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  retryLimit: number;
  /**
   * Jobs fetched and run side by side per poll (default 1). A worker polls every half second, so a
   * queue that must keep up with bursts (webhook deliveries) takes several at a time; each job still
   * fails and retries on its own.
   */
  batchSize?: number;
  /**
   * How long a job may stay active before pg-boss offers it again (the queue's 4 hours otherwise): a
   * job whose process died is picked up after this long.
   */
  expireInSeconds?: number;
  /**
   * 'stately': at most one job queued and one active per singleton key (pg-boss queue policy), so work per
   * thing (a calendar connection's sync) takes turns and never piles up. Default 'standard'.
   */
  policy?: 'standard' | 'stately';
  /** A cron schedule (pg-boss, UTC) that queues the job with an empty payload, on one process of all. */
  cron?: string;
  handle(payload: P): Promise<void>;
}

/** Runs a pg-boss statement inside a drizzle transaction, outside the restricted role (pg-boss owns its schema). */
function executorFor(tx: Tx, appRole: string | null) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        // drizzle renders an undefined value as no SQL at all (`$15::int` would become `::int`); pg-boss
        // passes undefined for options that are not set, which node-postgres itself would send as NULL.
        chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      if (appRole) await tx.execute(sql`select set_config('role', 'none', true)`);
      try {
        return await tx.execute(sql.join(chunks));
      } finally {
        if (appRole) await tx.execute(sql`select set_config('role', ${appRole}, true)`);
      }
    },
  };
}

export class Jobs {
  private readonly boss: PgBoss;
  private readonly batchDefs = new Map<string, BatchJobDefinition<unknown>>();
  private readonly jobDefs = new Map<string, JobDefinition<unknown>>();
  private recoveryTimer: NodeJS.Timeout | undefined;
  private readonly recoveries: (() => Promise<void>)[] = [];
  private started = false;

  constructor(
    databaseUrl: string,
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      max: 3,
      application_name: 'installatiemanager-jobs',
    });
    this.boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  }

  defineBatch<P>(def: BatchJobDefinition<P>): void {
    this.batchDefs.set(def.type, def as BatchJobDefinition<unknown>);
  }

  defineJob<P>(def: JobDefinition<P>): void {
    this.jobDefs.set(def.name, def as JobDefinition<unknown>);
  }

  /** Work a feature recovers from a dead process, at start and with the batches every minute. */
  onRecovery(recover: () => Promise<void>): void {
    this.recoveries.push(recover);
  }

  private async recover(): Promise<void> {
    await this.recoverBatches();
    for (const recover of this.recoveries) await recover();
  }

  async start(options: { work: boolean } = { work: true }): Promise<void> {
    await this.boss.start();
    await this.ensureQueue(BATCH_QUEUE);
    for (const [name, def] of this.jobDefs) await this.ensureQueue(name, def.policy);
    this.started = true;
    if (!options.work) return;
    for (const [name, def] of this.jobDefs)
      if (def.cron) await this.boss.schedule(name, def.cron, {}, { retryLimit: 0 } as never);
    await this.boss.work<{ batchId: string }>(
      BATCH_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await this.runBatch(job.data.batchId);
      },
    );
    for (const def of this.jobDefs.values()) {
      const batchSize = def.batchSize ?? 1;
      await this.boss.work(def.name, { batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        if (batchSize === 1) {
          if (jobs[0]) await def.handle(def.payload.parse(jobs[0].data));
          return;
        }
        // A failure is recorded per job (pg-boss would otherwise fail the whole batch).
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await def.handle(def.payload.parse(job.data));
            } catch (err) {
              await this.boss.fail(def.name, job.id, {
                message: err instanceof Error ? err.message : String(err),
              });
            }
          }),
        );
      });
    }
    await this.recover();
    this.recoveryTimer = setInterval(() => {
      this.recover().catch((err) => this.logger.error({ err }, 'recovery failed'));
    }, RECOVERY_INTERVAL_MS);
    this.recoveryTimer.unref();
  }

  private async ensureQueue(name: string, policy: 'standard' | 'stately' = 'standard'): Promise<void> {
    if (!(await this.boss.getQueue(name))) {
      await this.boss.createQueue(name, { name, policy, retryLimit: 0, expireInSeconds: 4 * 3600 } as never);
    }
  }

  /**
   * Records a batch and queues it in the caller's transaction: both commit, or neither. `state`: what the
   * run starts from (a total counted while asking, say).
   */
  async startBatch<P>(tx: Tx, type: string, payload: P, state?: Record<string, unknown>): Promise<string> {
    const def = this.batchDefs.get(type);
    if (!def) throw new Error(`Unknown batch type ${type}`);
    const parsed = def.payload.parse(payload) as Record<string, unknown>;
    const [row] = await tx
      .insert(batch)
      .values({ type, payload: parsed, ...(state ? { state } : {}) })
      .returning({ id: batch.id });
    await this.boss.send(BATCH_QUEUE, { batchId: row!.id }, {
      db: executorFor(tx, this.db.appRole),
    } as never);
    return row!.id;
  }

  /** Queues a plain job in the caller's transaction. */
  async send<P extends object>(tx: Tx, name: string, payload: P): Promise<void> {
    const def = this.jobDefs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    await this.boss.send(
      name,
      def.payload.parse(payload) as object,
      {
        retryLimit: def.retryLimit,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
        retryBackoff: true,
        retryDelay: 5,
        db: executorFor(tx, this.db.appRole),
      } as never,
    );
  }

  /**
   * Queues a job outside any transaction (work found by a scheduled job). With a singleton key, a queue of
   * policy 'stately' keeps one such job waiting at most (a second is dropped).
   */
  async queue<P extends object>(
    name: string,
    payload: P,
    options: { singletonKey?: string } = {},
  ): Promise<void> {
    const def = this.jobDefs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    await this.boss.send(name, def.payload.parse(payload) as object, {
      retryLimit: def.retryLimit,
      ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /** Runs a batch if nobody else does; the advisory lock lives as long as this worker's connection. */
  async runBatch(batchId: string): Promise<void> {
    const client = await this.db.sessionPool.connect();
    let locked = false;
    try {
      const lock = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 7)) as ok',
        [batchId],
      );
      locked = lock.rows[0]!.ok;
      if (!locked) return;
      const row = await this.db.platform((tx) =>
        tx
          .select()
          .from(batch)
          .where(eq(batch.id, batchId))
          .then((r) => r[0]),
      );
      if (!row || row.finishedAt || row.cancelledAt) return;
      const def = this.batchDefs.get(row.type);
      if (!def) return await this.failBatch(batchId, `Onbekend taaktype ${row.type}`);
      await this.db.platform((tx) =>
        tx
          .update(batch)
          .set({ startedAt: row.startedAt ?? new Date(), attempts: row.attempts + 1 })
          .where(eq(batch.id, batchId)),
      );
      let state = row.state;
      const actor = { companyId: row.companyId, userId: row.createdBy };
      const ctx: BatchContext<unknown> = {
        batchId,
        payload: def.payload.parse(row.payload),
        get state() {
          return state;
        },
        companyId: row.companyId,
        userId: row.createdBy,
        step: async (fn, scope = 'tenant') => {
          const work = async (tx: Tx) => {
            const result = await fn(tx);
            state = result.state ?? state;
            const progress = Math.max(0, Math.min(99, Math.floor(result.progress)));
            await tx.update(batch).set({ progress, state }).where(eq(batch.id, batchId));
          };
          await (scope === 'platform' ? this.db.platform(work, actor) : this.db.tenant(actor, work));
        },
      };
      try {
        await def.run(ctx);
        await this.db.platform((tx) =>
          tx.update(batch).set({ progress: 100, finishedAt: new Date() }).where(eq(batch.id, batchId)),
        );
      } catch (err) {
        this.logger.error({ err, batchId, type: row.type }, 'batch failed');
        await this.failBatch(batchId, err instanceof Error ? err.message : String(err));
      }
    } finally {
      if (locked)
        await client.query('select pg_advisory_unlock(hashtextextended($1, 7))', [batchId]).catch(() => {});
      client.release();
    }
  }

  private async failBatch(batchId: string, message: string): Promise<void> {
    // Only an unfinished batch: recovery may see one just before its worker finishes and unlocks it.
    await this.db.platform((tx) =>
      tx
        .update(batch)
        .set({ progress: 100, cancelledAt: new Date(), error: message.slice(0, 2000) })
        .where(and(eq(batch.id, batchId), isNull(batch.finishedAt))),
    );
  }

  /**
   * A batch that started but whose lock nobody holds lost its worker (the process died). Resumable
   * kinds are queued again and continue from their saved state; the others are marked failed. A
   * batch still not started a minute after it was asked for (its worker died while picking it up)
   * is queued again whatever its kind: it has done nothing yet. A duplicate job is harmless, since
   * `runBatch` skips a batch that is locked or already ended.
   */
  async recoverBatches(): Promise<void> {
    const candidates = await this.db.platform((tx) =>
      tx.execute<{ id: string; type: string; started: boolean }>(sql`
        select id, type, started_at is not null as started from batch
        where finished_at is null and cancelled_at is null
          and (started_at is not null or created_at < now() - interval '1 minute')`),
    );
    if (candidates.rows.length === 0) return;
    const client = await this.db.sessionPool.connect();
    try {
      for (const { id, type, started } of candidates.rows) {
        const lock = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 7)) as ok',
          [id],
        );
        if (!lock.rows[0]!.ok) continue; // a live worker holds it
        await client.query('select pg_advisory_unlock(hashtextextended($1, 7))', [id]);
        if (!started || this.batchDefs.get(type)?.resumable) {
          this.logger.info({ batchId: id, type, started }, 'queueing interrupted batch again');
          await this.boss.send(BATCH_QUEUE, { batchId: id });
        } else {
          this.logger.warn({ batchId: id, type }, 'marking interrupted batch as failed');
          await this.failBatch(id, INTERRUPTED_MESSAGE);
        }
      }
    } finally {
      client.release();
    }
  }

  async stop(): Promise<void> {
    if (this.recoveryTimer) clearInterval(this.recoveryTimer);
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.started = false;
  }
}
