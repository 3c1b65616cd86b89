import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import * as schema from './schema';
import { SETTING } from './tenancy-sql';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

  constructor(
    readonly pool: pg.Pool,
    /** The non-superuser role queries run under, or null when the connection user is already restricted. */
    readonly appRole: string | null,
  ) {
    this.db = drizzle(pool, { schema });
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
    return this.run(actor, false, fn, options.snapshot);
  }

  /** Runs `fn` across all companies: login, platform administration and jobs. Use deliberately. */
  platform<T>(fn: (tx: Tx) => Promise<T>, actor: Actor = { companyId: null }): Promise<T> {
    return this.run(actor, true, fn);
  }

  private run<T>(
    actor: Actor,
    allCompanies: boolean,
    fn: (tx: Tx) => Promise<T>,
    snapshot = false,
  ): Promise<T> {
    const config = snapshot
      ? ({ isolationLevel: 'repeatable read', accessMode: 'read only' } as const)
      : undefined;
    return this.db.transaction(async (tx) => {
      const role = this.appRole ? sql`, set_config('role', ${this.appRole}, true)` : sql``;
      await tx.execute(
        sql`select set_config(${SETTING.companyId}, ${idSetting(actor.companyId)}, true),
          set_config(${SETTING.userId}, ${idSetting(actor.userId)}, true),
          set_config(${SETTING.impersonatorId}, ${idSetting(actor.impersonatorUserId)}, true),
          set_config(${SETTING.allCompanies}, ${allCompanies ? 'on' : ''}, true)${role}`,
      );
      return fn(tx);
    }, config);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function idSetting(id: number | null | undefined): string {
  return id === null || id === undefined ? '' : String(id);
}

export const APP_ROLE = 'im_app';

export function createPool(url: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'installatiemanager' });
  // An idle client losing its server (restart, network) must not crash the process.
  pool.on('error', (err) => logger.warn({ err }, 'idle database connection error'));
  return pool;
}
