import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Logger } from '../logger';
import { MIGRATIONS_DIR } from '../paths';
import { APP_ROLE, createPool, Database } from './database';

/**
 * Makes sure the restricted role exists and the connection user may switch to it. Answers the role
 * name, or null when the connection user cannot create roles but is itself subject to RLS.
 */
async function ensureAppRole(client: pg.PoolClient, logger: Logger): Promise<string | null> {
  const me = await client.query<{ rolsuper: boolean; rolcreaterole: boolean; rolbypassrls: boolean }>(
    'select rolsuper, rolcreaterole, rolbypassrls from pg_roles where rolname = current_user',
  );
  const { rolsuper, rolcreaterole, rolbypassrls } = me.rows[0]!;
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  if (exists.rowCount === 0 && (rolsuper || rolcreaterole)) {
    try {
      await client.query(`create role ${APP_ROLE} nologin nosuperuser nobypassrls`);
    } catch (err) {
      // Another process created it at the same moment.
      if (!['42710', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
    }
  }
  const hasRole = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  if (hasRole.rowCount === 1) {
    if (!rolsuper) {
      const member = await client.query('select pg_has_role(current_user, $1, $2) as ok', [
        APP_ROLE,
        'MEMBER',
      ]);
      if (!member.rows[0].ok) await client.query(`grant ${APP_ROLE} to current_user`);
    }
    return APP_ROLE;
  }
  if (rolsuper || rolbypassrls) {
    throw new Error(
      `The database user bypasses row-level security and role ${APP_ROLE} cannot be created. Create it once with: CREATE ROLE ${APP_ROLE} NOLOGIN; GRANT ${APP_ROLE} TO <your user>;`,
    );
  }
  logger.warn(
    {},
    `role ${APP_ROLE} not available; relying on FORCE ROW LEVEL SECURITY for the connection user`,
  );
  return null;
}

/** Applies pending migrations and the grants and RLS settings every table needs. */
export async function migrateDatabase(pool: pg.Pool, logger: Logger): Promise<string | null> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('installatiemanager:migrate'))`);
    const appRole = await ensureAppRole(client, logger);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    await client.query(`
      do $$ declare r record; begin
        for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity and not c.relforcerowsecurity
        loop execute format('alter table public.%I force row level security', r.relname); end loop;
      end $$;`);
    if (appRole) {
      await client.query(`grant usage on schema public to ${appRole}`);
      await client.query(`grant select, insert, update, delete on all tables in schema public to ${appRole}`);
      await client.query(`grant usage, select on all sequences in schema public to ${appRole}`);
    }
    return appRole;
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('installatiemanager:migrate'))`).catch(() => {});
    client.release();
  }
}

export interface OpenDatabaseOptions {
  idleInTransactionMs?: number;
  /** `transaction`: `url` (and `replicaUrl`) is a transaction pooler such as PgBouncer (docs/decisions/053). */
  pooler?: 'none' | 'transaction';
  /** Straight to PostgreSQL: migrations and session state (`Database.sessionPool`); default `url`. */
  directUrl?: string;
  /** A streaming replica for `Database.replicaReads`. */
  replicaUrl?: string;
}

/** Connections that keep session state (advisory locks of batches and mails), beside the main pool. */
const SESSION_POOL_SIZE = 4;

export async function openDatabase(
  url: string,
  poolSize: number,
  logger: Logger,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const pooler = options.pooler ?? 'none';
  const pool = createPool(url, poolSize, logger, { ...options, pooler });
  const sessionPool =
    pooler === 'transaction' || (options.directUrl && options.directUrl !== url)
      ? createPool(options.directUrl ?? url, SESSION_POOL_SIZE, logger, {
          idleInTransactionMs: options.idleInTransactionMs,
          applicationName: 'installatiemanager-direct',
        })
      : pool;
  const replicaPool = options.replicaUrl
    ? createPool(options.replicaUrl, poolSize, logger, {
        pooler,
        applicationName: 'installatiemanager-replica',
      })
    : null;
  try {
    // Migrations hold a session advisory lock across their transactions: on the direct connection.
    const appRole = await migrateDatabase(sessionPool, logger);
    return new Database(
      pool,
      appRole,
      (err) => logger.warn({ err: { message: err.message } }, 'after-commit notification failed'),
      {
        sessionPool,
        replicaPool,
        onReplicaError: (err) =>
          logger.warn({ err: { message: err.message } }, 'replica read failed; read from the primary'),
        idleInTransactionMs: pooler === 'transaction' ? options.idleInTransactionMs : undefined,
      },
    );
  } catch (err) {
    await Promise.all([pool, sessionPool, replicaPool].map((p) => (p && p !== pool ? p.end() : undefined)));
    await pool.end();
    throw err;
  }
}
