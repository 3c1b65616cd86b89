/**
 * Test database servers beside the usual one (docs/decisions/053): a PgBouncer in transaction pooling mode in
 * front of a PostgreSQL, and a PostgreSQL 15 primary of its own with a streaming replica made by
 * `pg_basebackup -R`. Both run in a temporary directory on free loopback ports, as the `postgres` OS user
 * when the tests run as root (neither server runs as root).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './child-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bin directory of the machine's PostgreSQL with `pg_basebackup` (PG_BIN_DIR, else the newest Debian one). */
export function pgBinDir(): string | null {
  const candidates = process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : [];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, 'bin'));
  return candidates.find((dir) => existsSync(path.join(dir, 'pg_basebackup'))) ?? null;
}

/** The `pgbouncer` executable (PGBOUNCER_PATH, /usr/sbin/pgbouncer or on PATH), or null. */
export function pgBouncerPath(): string | null {
  const candidates = [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** As root: the `postgres` OS user's ids (PostgreSQL and PgBouncer refuse to run as root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  const ids = { uid: id('-u'), gid: id('-g') };
  if (!(ids.uid > 0)) throw new Error("Running as root without a 'postgres' OS user to run PostgreSQL as");
  return ids;
}

function ownedTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

function run(command: string, args: string[], cwd: string): void {
  const user = runAs();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', ...(user ?? {}) });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed (${result.status}): ${result.stderr || result.stdout}`);
}

/** Waits until `url` answers `text` with a first row that `ok` accepts. */
async function waitFor(url: string, text: string, ok: (row: pg.QueryResultRow) => boolean, what: string) {
  const until = Date.now() + 60_000;
  let last = '';
  while (Date.now() < until) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query(text);
      if (rows[0] && ok(rows[0])) return;
      last = JSON.stringify(rows[0]);
    } catch (err) {
      last = (err as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(200);
  }
  throw new Error(`${what} not ready after 60 s: ${last}`);
}

export interface PrimaryWithReplica {
  /** The primary's `postgres` database (the admin URL of a test run). */
  primaryUrl: string;
  /** The replica's `postgres` database: every database of the primary is there too, read-only. */
  replicaUrl: string;
  primaryPort: number;
  replicaPort: number;
  /** Stops both servers and removes their directory. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary (initdb) and a hot standby streaming from it (`pg_basebackup -R`). `synchronous`:
 * every commit returns once the replica has applied it (`synchronous_commit = remote_apply`), so a test's
 * read after its own write sees the write on the replica too; the API suite runs so (TEST_REPLICA=1).
 * Without it the replica lags as in production, and `pg_wal_replay_pause()` can freeze it.
 */
export async function startPrimaryWithReplica(
  options: { synchronous?: boolean } = {},
): Promise<PrimaryWithReplica> {
  const bin = pgBinDir();
  if (!bin) throw new Error('No PostgreSQL with pg_basebackup on this machine (set PG_BIN_DIR)');
  const dir = ownedTempDir('im-test-replica-');
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const stop = async () => {
    for (const data of [replica, primary])
      if (existsSync(path.join(data, 'postmaster.pid')))
        spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
          ...(runAs() ?? {}),
          stdio: 'ignore',
        });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(
      path.join(bin, 'initdb'),
      ['-D', primary, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
      dir,
    );
    // initdb's pg_hba.conf already trusts replication connections from 127.0.0.1.
    const settings = [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 300',
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      'hot_standby_feedback = on',
      // Test data only: nothing here must survive a crash.
      'fsync = off',
      'full_page_writes = off',
      ...(options.synchronous
        ? ["synchronous_standby_names = 'im_replica'", 'synchronous_commit = remote_apply']
        : []),
    ];
    writeFileSync(path.join(primary, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
    run(path.join(bin, 'pg_ctl'), ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start'], dir);
    run(
      path.join(bin, 'pg_basebackup'),
      ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream'],
      dir,
    );
    // The replica's own port, and a name the primary's synchronous_standby_names knows it by (the later
    // primary_conninfo line wins over the one -R wrote).
    const auto = path.join(replica, 'postgresql.auto.conf');
    writeFileSync(
      auto,
      `${readFileSync(auto, 'utf8')}port = ${replicaPort}\n` +
        `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=im_replica'\n`,
    );
    run(path.join(bin, 'pg_ctl'), ['-D', replica, '-l', path.join(dir, 'replica.log'), '-w', 'start'], dir);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    await waitFor(replicaUrl, 'select pg_is_in_recovery() as standby', (r) => r.standby === true, 'replica');
    await waitFor(
      primaryUrl,
      "select state, sync_state from pg_stat_replication where application_name = 'im_replica'",
      (r) => r.state === 'streaming',
      'streaming replication',
    );
    return { primaryUrl, replicaUrl, primaryPort, replicaPort, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export interface PgBouncer {
  /** PgBouncer's own `postgres` database entry: any database name reaches the same-named one behind it. */
  url: string;
  port: number;
  /** Stops PgBouncer (SIGINT: at once) and removes its directory. */
  stop(): Promise<void>;
}

/**
 * PgBouncer 1.18 in `pool_mode = transaction` in front of the PostgreSQL at `target` (a postgres:// URL;
 * its host, port, user and password): every database name is passed through (`* =`), clients connect as
 * `postgres` without a password (auth_type trust). Server connections idle for 10 s are closed, so the
 * test databases of a long run do not pile up connections behind it.
 */
export async function startPgBouncer(target: string): Promise<PgBouncer> {
  const exe = pgBouncerPath();
  if (!exe) throw new Error('pgbouncer is not installed (apt-get install pgbouncer, or set PGBOUNCER_PATH)');
  const u = new URL(target);
  const host = u.searchParams.get('host') ?? u.hostname;
  const serverPort = u.port || '5432';
  const user = decodeURIComponent(u.username || 'postgres');
  const password = decodeURIComponent(u.password);
  const dir = ownedTempDir('im-test-pgbouncer-');
  const port = await freePort();
  const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const server = [`host=${host}`, `port=${serverPort}`, `user=${user}`];
  if (password) server.push(`password=${quote(password)}`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = ${server.join(' ')}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      'server_idle_timeout = 10',
      'autodb_idle_timeout = 30',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  const ids = runAs();
  if (ids) for (const f of ['pgbouncer.ini', 'userlist.txt']) chownSync(path.join(dir, f), ids.uid, ids.gid);
  const proc: ChildProcess = spawn(exe, [path.join(dir, 'pgbouncer.ini')], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(ids ?? {}),
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGINT');
      await Promise.race([exited, sleep(5_000)]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await Promise.race([
      waitFor(url, 'select 1 as ok', (r) => r.ok === 1, 'PgBouncer'),
      exited.then(() => {
        throw new Error(`pgbouncer stopped: ${stderr}`);
      }),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, stop };
}
