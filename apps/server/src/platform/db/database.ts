import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../logger';
import { AfterCommitNotifier, type Notification } from './after-commit';
import { PreparingClient, UnpreparedClient } from './preparing-client';
import * as schema from './schema';
import { SETTING } from './tenancy-sql';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/**
 * A transaction. Without drizzle's relational query API (`tx.query`): building its builders for every table
 * of the schema cost more CPU per transaction than a small read's own query (docs/benchmarks/api.md).
 */
export type Tx = Omit<Parameters<Parameters<Db['transaction']>[0]>[0], 'query'>;

/** Who acts in a transaction; the ids end up in column defaults, RLS policies and the log. */
export interface Actor {
  companyId: number | null;
  userId?: number | null;
  impersonatorUserId?: number | null;
}

/**
 * The data layer. Every query runs in a transaction that first sets the acting company and user
 * and switches to the restricted application role, so row-level security applies even when the
 * connection itself is a superuser.
 */
export class Database {
  readonly db: Db;
  /**
   * Connections that keep session state across transactions (session advisory locks held while a batch or
   * a mail runs): straight to PostgreSQL when `pool` goes through a transaction pooler, else `pool` itself.
   */
  readonly sessionPool: pg.Pool;
  /** A streaming replica for `replicaReads` / `replicaTenant`, or null: those then read from `pool`. */
  readonly replicaPool: pg.Pool | null;

  private readonly dialect = new PgDialect();
  private readonly roleSetting: string;
  /** The set-up of `tenantReads`: one parameterised statement (a company's transaction, never all companies). */
  private readonly readSetUp: string;
  /** The set-up of a transaction (`run`), sent with its first statement. */
  private readonly txSetUp: string;
  private readonly notifier: AfterCommitNotifier;
  private readonly onReplicaError: (err: Error) => void;

  constructor(
    readonly pool: pg.Pool,
    /** The non-superuser role queries run under, or null when the connection user is already restricted. */
    readonly appRole: string | null,
    /** Where a failed after-commit notification is reported (`notifyAfterCommit`). */
    onNotifyError: (err: Error) => void = (err) => process.emitWarning(err),
    options: DatabaseOptions = {},
  ) {
    this.db = drizzle(pool, { schema });
    this.sessionPool = options.sessionPool ?? pool;
    this.replicaPool = options.replicaPool ?? null;
    this.onReplicaError = options.onReplicaError ?? ((err) => process.emitWarning(err));
    this.notifier = new AfterCommitNotifier(pool, onNotifyError);
    if (appRole !== null && !/^[a-z_][a-z0-9_]*$/.test(appRole))
      throw new Error(`Invalid role name ${appRole}`);
    // Behind a transaction pooler a connection's start-up options do not reach PostgreSQL (and PgBouncer
    // refuses them): the idle-in-transaction limit is set per transaction instead (docs/decisions/034, 053).
    const idleLimit = options.idleInTransactionMs
      ? `, set_config('idle_in_transaction_session_timeout', '${Math.floor(options.idleInTransactionMs)}', true)`
      : '';
    this.roleSetting = (appRole ? `, set_config('role', '${appRole}', true)` : '') + idleLimit;
    this.readSetUp = `select set_config('${SETTING.companyId}', $1, true), set_config('${SETTING.userId}', $2, true),
      set_config('${SETTING.impersonatorId}', $3, true), set_config('${SETTING.allCompanies}', '', true)${this.roleSetting}`;
    this.txSetUp = `select set_config('${SETTING.companyId}', $1, true), set_config('${SETTING.userId}', $2, true),
      set_config('${SETTING.impersonatorId}', $3, true), set_config('${SETTING.allCompanies}', $4, true)${this.roleSetting}`;
  }

  /**
   * Runs `fn` seeing only the actor's company. `snapshot`: a read-only transaction on one snapshot
   * (repeatable read), for reads whose statements must agree, such as a count and the page it belongs to.
   */
  tenant<T>(
    actor: Actor & { companyId: number },
    fn: (tx: Tx) => Promise<T>,
    options: { snapshot?: boolean } = {},
  ): Promise<T> {
    return this.run(this.pool, actor, false, fn, options.snapshot);
  }

  /**
   * A plan's reads as the actor's company in ONE round trip, for the hottest read-only calls: the actor's
   * settings and role, then the reads, pipelined without begin and commit. PostgreSQL runs everything up
   * to the pipeline's Sync as one implicit transaction, so the settings (`set_config(..., true)`) and the
   * role apply to every read and end with it, exactly as in `tenant`; if the set-up fails, no read runs.
   */
  tenantReads<T>(actor: Actor & { companyId: number }, plan: ReadPlan<T>): Promise<T> {
    return this.readsOn(this.pool, actor, plan);
  }

  /**
   * `tenantReads` on the replica (DATABASE_REPLICA_URL; without one, on the primary), for the read-heavy lists
   * whose answer may be a second old: overviews, the pipeline, statistics. Never a read after the caller's
   * own write, never inside a change, never what decides access (sessions, users, modules): those read the
   * primary (docs/decisions/053). A replica that cannot answer (down, a query cancelled by recovery) is
   * reported and the read runs on the primary.
   */
  replicaReads<T>(actor: Actor & { companyId: number }, plan: ReadPlan<T>): Promise<T> {
    const replica = this.replicaPool;
    if (!replica) return this.tenantReads(actor, plan);
    return this.readsOn(replica, actor, plan).catch((err: Error) => {
      if (!replicaFailure(err)) throw err;
      this.onReplicaError(err);
      return this.tenantReads(actor, plan);
    });
  }

  /**
   * `tenant` with `snapshot` (read-only, one snapshot) on the replica: `replicaReads`' rule for a list built
   * with the query builder. `fn` must only read; a write fails on the replica.
   */
  replicaTenant<T>(actor: Actor & { companyId: number }, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const replica = this.replicaPool;
    if (!replica) return this.run(this.pool, actor, false, fn, true);
    return this.run(replica, actor, false, fn, true).catch((err: Error) => {
      if (!replicaFailure(err)) throw err;
      this.onReplicaError(err);
      return this.run(this.pool, actor, false, fn, true);
    });
  }

  private async readsOn<T>(
    pool: pg.Pool,
    actor: Actor & { companyId: number },
    plan: ReadPlan<T>,
  ): Promise<T> {
    const client = await pool.connect();
    if (!(client instanceof PreparingClient)) {
      client.release();
      return this.run(pool, actor, false, (tx) => runPlan(tx, plan));
    }
    let broken: Error | undefined;
    try {
      const sets = await client
        .pipelined([
          {
            text: this.readSetUp,
            values: [
              idSetting(actor.companyId),
              idSetting(actor.userId),
              idSetting(actor.impersonatorUserId),
            ],
          },
          ...plan.reads,
        ])
        .catch((err: Error) => {
          // A statement's error leaves the connection clean (the implicit transaction ended at Sync);
          // anything else (a lost connection) does not.
          if (!(err instanceof pg.DatabaseError)) broken = err;
          throw err;
        });
      return plan.combine(plan.reads.map((r, i) => r.map(sets[i + 1]!)));
    } finally {
      (client as unknown as pg.PoolClient).release(broken);
    }
  }

  /** Runs `fn` across all companies: login, platform administration and jobs. Use deliberately. */
  platform<T>(fn: (tx: Tx) => Promise<T>, actor: Actor = { companyId: null }): Promise<T> {
    return this.run(this.pool, actor, true, fn);
  }

  private async run<T>(
    pool: pg.Pool,
    actor: Actor,
    allCompanies: boolean,
    fn: (tx: Tx) => Promise<T>,
    snapshot = false,
  ): Promise<T> {
    // Opening the transaction, setting the actor and switching to the restricted role is one round
    // trip: one simple-protocol query of several statements. Every value in it is an integer or a
    // fixed name (checked below), so nothing from a request reaches this text.
    const setUp = [
      snapshot ? 'begin isolation level repeatable read read only' : 'begin',
      `select set_config('${SETTING.companyId}', '${idSetting(actor.companyId)}', true),
        set_config('${SETTING.userId}', '${idSetting(actor.userId)}', true),
        set_config('${SETTING.impersonatorId}', '${idSetting(actor.impersonatorUserId)}', true),
        set_config('${SETTING.allCompanies}', '${allCompanies ? 'on' : ''}', true)${this.roleSetting}`,
    ].join(';\n');
    const client = await pool.connect();
    // Set when the connection may be left inside a transaction: then it is closed, not reused.
    let broken: Error | undefined;
    // With the preparing client, begin and set-up travel with the transaction's first statement (one
    // round trip less for every transaction); until then nothing was sent, so nothing is to end.
    const deferring = client instanceof PreparingClient;
    try {
      if (deferring)
        client.deferUntilNextStatement([
          { text: snapshot ? 'begin isolation level repeatable read read only' : 'begin', values: [] },
          {
            text: this.txSetUp,
            values: [
              idSetting(actor.companyId),
              idSetting(actor.userId),
              idSetting(actor.impersonatorUserId),
              allCompanies ? 'on' : '',
            ],
          },
        ]);
      else
        await client.query(setUp).catch((err: Error) => {
          broken = err;
          throw err;
        });
      const session = new NodePgSession<Schema, Relations>(client, this.dialect, undefined);
      const tx: Tx = new NodePgTransaction<Schema, Relations>(this.dialect, session, undefined);
      clients.set(tx, client);
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        // Committed by `commitWith` before the failure: the change stands, and is announced.
        if (deferring && client.endCommitted()) this.publishCommitted(tx);
        else if (!(deferring && client.dropDeferred()))
          await client.query('rollback').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
        throw err;
      }
      if (deferring) {
        // Nothing to end when `commitWith` committed, or when nothing but the unsent opening waits.
        const ended = client.endCommitted() || (!client.hasDeferredWrites && client.dropDeferred());
        if (!ended)
          // Deferred writes travel with the commit: one round trip.
          await client.pipelined([{ text: 'commit', values: [] }]).catch(async (err: Error) => {
            if (err instanceof pg.DatabaseError)
              await client.query('rollback').catch((rollbackError: Error) => {
                broken = rollbackError;
              });
            else broken = err;
            throw err;
          });
      } else
        await client.query('commit').catch((err: Error) => {
          broken = err;
          throw err;
        });
      this.publishCommitted(tx);
      return result;
    } finally {
      client.release(broken);
    }
  }

  /** Sends a committed transaction's notifications (`notifyAfterCommit`). */
  private publishCommitted(tx: Tx): void {
    const notifications = pendingNotifications.get(tx);
    if (notifications) this.notifier.publish(notifications);
  }

  /** Hears every notification of this process's transactions as they commit (see AfterCommitNotifier). */
  onCommitted(listener: (notification: Notification) => void): void {
    this.notifier.onCommitted(listener);
  }

  /** Resolves once every after-commit notification queued so far was sent (tests, benchmarks, close). */
  notificationsSettled(): Promise<void> {
    return this.notifier.settled();
  }

  /** Ends every pool (`endPool`) once the after-commit notifications went out. */
  async close(): Promise<void> {
    await this.notifier.settled();
    await Promise.all(
      [this.sessionPool, this.replicaPool].map((p) => (p && p !== this.pool ? endPool(p) : undefined)),
    );
    await endPool(this.pool);
  }
}

/**
 * Ends a pool once every connection has closed. pg-pool's `end()` answers once it has asked each
 * connection to end, before their sockets close; a database stopped right after (the embedded one at
 * shutdown) then ended some of them itself, a warning per connection. Waits at most 5 s for them.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++closed >= open) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allClosed, new Promise((r) => (timer = setTimeout(r, 5_000)))]);
  clearTimeout(timer);
}

export interface DatabaseOptions {
  /** See `Database.sessionPool`; default: the main pool. */
  sessionPool?: pg.Pool;
  /** See `Database.replicaPool`. */
  replicaPool?: pg.Pool | null;
  /** Where a replica read that fell back to the primary is reported. */
  onReplicaError?: (err: Error) => void;
  /**
   * Set per transaction (behind a transaction pooler, where start-up options cannot carry it): PostgreSQL
   * ends a transaction left idle this long.
   */
  idleInTransactionMs?: number;
}

/**
 * A replica failure worth a retry on the primary: no connection (not a statement's error), a query cancelled
 * because recovery needed its rows (40001), or the replica's connection ended by the server (57P0x).
 */
function replicaFailure(err: Error): boolean {
  if (!(err instanceof pg.DatabaseError)) return true;
  return err.code === '40001' || (err.code ?? '').startsWith('57P');
}

type Relations = NonNullable<Db['_']['schema']>;

/** The connection of each open transaction, for `rawRows`. */
const clients = new WeakMap<Tx, pg.PoolClient>();

/** Notifications of each open transaction, sent once it committed (`notifyAfterCommit`). */
const pendingNotifications = new WeakMap<Tx, Notification[]>();

/**
 * A `pg_notify` that goes out once the transaction committed, and not at all when it rolls back. Not
 * inside the transaction: a notifying commit holds a database-wide lock until it is flushed to disk, which
 * serialises every writer (after-commit.ts).
 */
export function notifyAfterCommit(tx: Tx, channel: string, payload: string): void {
  if (!clients.has(tx)) throw new Error('notifyAfterCommit: not a transaction of Database');
  const list = pendingNotifications.get(tx);
  if (list) list.push({ channel, payload });
  else pendingNotifications.set(tx, [{ channel, payload }]);
}

/**
 * Rows of a fixed SQL text with parameters, on the transaction's connection (its tenant settings and role
 * apply as to every other statement in it). For the hottest reads only: the query builder spends more CPU
 * building a statement than a small read costs in the database (docs/benchmarks/api.md); a fixed text is
 * also the same text every time, so the connection keeps it prepared (preparing-client.ts).
 */
export async function rawRows<R extends pg.QueryResultRow>(
  tx: Tx,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const client = clients.get(tx);
  if (!client) throw new Error('rawRows: not a transaction of Database');
  return (await client.query<R>(text, values)).rows;
}

/**
 * A write whose answer nothing waits for, sent with the transaction's next statement (or its commit) in
 * one round trip (`PreparingClient.defer`): a log item, an update whose rows are not read back. Whatever
 * runs after it in the transaction sees it; `onRows` hears its rows once it ran. When it fails, the next
 * statement fails with its error and the transaction rolls back, as if it had failed at once: use it
 * only for writes whose failure no caller handles on its own.
 */
export async function deferWrite(
  tx: Tx,
  text: string,
  values: unknown[],
  onRows?: (rows: pg.QueryResultRow[]) => void,
): Promise<void> {
  const client = clients.get(tx);
  if (!client) throw new Error('deferWrite: not a transaction of Database');
  if (client instanceof PreparingClient) client.defer({ text, values, onRows });
  else {
    const { rows } = await client.query(text, values);
    onRows?.(rows);
  }
}

/** `deferWrite` of a drizzle statement (an update or insert whose rows are not read back). */
export function deferStatement(
  tx: Tx,
  statement: { toSQL(): { sql: string; params: unknown[] } },
): Promise<void> {
  const { sql: text, params } = statement.toSQL();
  return deferWrite(tx, text, params);
}

/**
 * The answer of a change read with its commit, in one round trip: the plan's reads run last in the
 * transaction (they see its changes), then it commits. It must be the transaction's last step: the
 * transaction refuses any statement after it, and a failure after it no longer undoes the change.
 */
export async function commitWith<T>(tx: Tx, plan: ReadPlan<T>): Promise<T> {
  const client = clients.get(tx);
  if (!client) throw new Error('commitWith: not a transaction of Database');
  if (!(client instanceof PreparingClient)) return runPlan(tx, plan);
  const sets = await client.commitWith(plan.reads);
  return plan.combine(plan.reads.map((r, i) => r.map(sets[i]!)));
}

/** A read of a fixed text and how its rows become the answer's part, for `rawReads`. */
export interface RawRead<T> {
  text: string;
  values: unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: each read names its own row type in `map`
  map(rows: any[]): T;
}

/**
 * Several fixed-text reads that do not depend on each other (a detail's sections) in one round trip:
 * on the transaction's connection like `rawRows`, pipelined by `PreparingClient.pipelined`.
 */
export async function rawReads<T extends unknown[]>(
  tx: Tx,
  reads: { [K in keyof T]: RawRead<T[K]> },
): Promise<T> {
  const client = clients.get(tx);
  if (!client) throw new Error('rawReads: not a transaction of Database');
  const list = reads as readonly RawRead<unknown>[];
  let sets: pg.QueryResultRow[][];
  if (client instanceof PreparingClient) sets = await client.pipelined(list);
  else {
    sets = [];
    for (const r of list) sets.push((await client.query(r.text, r.values)).rows);
  }
  return list.map((r, i) => r.map(sets[i]!)) as T;
}

const renderer = new PgDialect();

/**
 * A read of a drizzle `sql` template (filters built per request), rendered to its text and values so it can
 * join a plan. Unlike `tx.execute`, dates and times arrive parsed (pg's defaults): select epochs or text.
 */
export function sqlRead<R, T>(query: SQL, map: (rows: R[]) => T): RawRead<T> {
  const { sql: text, params } = renderer.sqlToQuery(query);
  return { text, values: params, map };
}

/**
 * `build` remembered per key for the `size` keys used last: for a hot read whose drizzle template (a filter
 * shape, a sort, a limit) costs more CPU to build and render than the database spends running it. The
 * key is compared as JSON; `build` must depend on the key alone (never on the company or the caller,
 * which the statement gets from the transaction's settings).
 */
export function cachedReads<K, T>(size: number, build: (key: K) => RawRead<T>): (key: K) => RawRead<T> {
  const reads = new Map<string, RawRead<T>>();
  return (key) => {
    const id = JSON.stringify(key);
    let read = reads.get(id);
    if (read) {
      reads.delete(id); // re-inserted below: the Map's order is the order of last use
    } else {
      read = build(key);
      if (reads.size >= size) reads.delete(reads.keys().next().value as string);
    }
    reads.set(id, read);
    return read;
  };
}

/** Reads that together make one answer (a detail), and how: for `runPlan` and `Database.tenantReads`. */
export interface ReadPlan<T> {
  reads: RawRead<unknown>[];
  combine(parts: unknown[]): T;
}

export function readPlan<P extends unknown[], T>(
  reads: { [K in keyof P]: RawRead<P[K]> },
  combine: (parts: P) => T,
): ReadPlan<T> {
  return { reads: reads as RawRead<unknown>[], combine: (parts) => combine(parts as P) };
}

/** A plan's reads in one round trip on a transaction, combined. */
export async function runPlan<T>(tx: Tx, plan: ReadPlan<T>): Promise<T> {
  return plan.combine(await rawReads(tx, plan.reads));
}

/** An id as the text of its setting; anything but a safe integer is refused (it goes into SQL text). */
function idSetting(id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  if (!Number.isSafeInteger(id)) throw new Error(`Invalid actor id ${String(id)}`);
  return String(id);
}

export const APP_ROLE = 'im_app';

export function createPool(
  url: string,
  max: number,
  logger: Logger,
  options: { idleInTransactionMs?: number; pooler?: 'none' | 'transaction'; applicationName?: string } = {},
): pg.Pool {
  const pooled = options.pooler === 'transaction';
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: options.applicationName ?? 'installatiemanager',
    // Through a transaction pooler: no named statements (a transaction may get another server connection).
    Client: pooled ? UnpreparedClient : PreparingClient,
    // A process stopped inside a transaction (SIGSTOP, a hung host) loses its session instead of
    // holding its locks (the invoice counter) for good. Behind a pooler: per transaction (Database).
    ...(options.idleInTransactionMs && !pooled
      ? { options: `-c idle_in_transaction_session_timeout=${Math.floor(options.idleInTransactionMs)}` }
      : {}),
  });
  // An idle client losing its server (restart, network) must not crash the process.
  // Only the error itself: pg attaches its client (with every prepared statement) to the error.
  pool.on('error', (err: Error & { code?: string }) =>
    logger.warn({ err: { message: err.message, code: err.code } }, 'idle database connection error'),
  );
  return pool;
}
