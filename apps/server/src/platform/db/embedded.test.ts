import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import {
  DataDirLockedError,
  type EmbeddedPostgres,
  RANDOM_PAGE_COST,
  sharedBuffersMb,
  startEmbeddedPostgres,
  unixSocketDir,
} from './embedded';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');
const TIMEOUT = 180_000;

const dirs: string[] = [];
const running: EmbeddedPostgres[] = [];
const children: ChildProcess[] = [];
const infoLines: string[] = [];
const noop = () => {};
const logger: Logger = { info: (_o, msg) => infoLines.push(msg ?? ''), warn: noop, error: noop, debug: noop };

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'im-embedded-pg-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<EmbeddedPostgres> {
  const db = await startEmbeddedPostgres({ dataDir, logger });
  running.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function procStat(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function signalable(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Orphans are reaped lazily by init, so a dead process may linger as a zombie for a while. */
const alive = (pid: number) => signalable(pid) && procStat(pid)?.[0] !== 'Z';

function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => procStat(p)?.[1] === String(pid));
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function waitFor(cond: () => boolean, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; !cond(); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
  }
}

/** Runs embedded.fixture.ts in a separate Node process (node --import tsx, so the pid is the real server). */
async function startFixture(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'embedded.fixture.ts'), dataDir],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += String(d);
      if (output.includes('READY')) resolve();
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited (${code}): ${output}`)));
  });
  return child;
}

async function sigkill(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) await sigkill(c);
  for (const db of running.splice(0)) await db.stop().catch(noop);
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('sharedBuffersMb', () => {
  it('takes an eighth of the memory, at least 128 MB and at most 1 GB', () => {
    const gb = 1024 ** 3;
    expect(sharedBuffersMb(0.5 * gb)).toBe(128);
    expect(sharedBuffersMb(4 * gb)).toBe(512);
    expect(sharedBuffersMb(24 * gb)).toBe(1024);
  });
});

describe('unixSocketDir', () => {
  it('is the cluster directory when the socket path fits and the name needs no quoting', () => {
    expect(unixSocketDir('/var/lib/im/postgres', 'linux')).toBe('/var/lib/im/postgres');
    // A socket address holds 107 bytes: `<dir>/.s.PGSQL.65535` must fit.
    const fits = `/${'a'.repeat(107 - '/.s.PGSQL.65535'.length - 1)}`;
    expect(unixSocketDir(fits, 'linux')).toBe(fits);
    expect(unixSocketDir(`${fits}b`, 'linux')).toBeUndefined();
    expect(unixSocketDir('/data/my data/postgres', 'linux')).toBeUndefined();
    expect(unixSocketDir('/data/a,b/postgres', 'linux')).toBeUndefined();
    expect(unixSocketDir('C:\\im\\postgres', 'win32')).toBeUndefined();
  });
});

describe('startEmbeddedPostgres', () => {
  it(
    'starts, answers queries, and keeps data across restarts',
    async () => {
      const dir = await tempDir();
      const first = await start(dir);
      expect(first.url).toMatch(/^postgres:\/\/postgres:[0-9a-f]{48}@127\.0\.0\.1:\d+\/app\?host=/);
      // The server connects through the Unix socket in the cluster's directory (no client address).
      expect(new URL(first.url).searchParams.get('host')).toBe(path.join(dir, 'postgres'));
      expect(await query(first.url, 'select inet_server_addr() as addr')).toEqual([{ addr: null }]);
      // TCP on loopback still answers (tools given only the address).
      expect(await query(first.url.split('?')[0]!, 'select inet_server_addr() as addr')).toEqual([
        { addr: '127.0.0.1' },
      ]);
      expect(
        infoLines.some((l) => /^embedded PostgreSQL started on 127\.0\.0\.1:\d+, data in /.test(l)),
      ).toBe(true);
      expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      const [buffers] = await query(
        first.url,
        "select setting::bigint * current_setting('block_size')::bigint / 1048576 as mb from pg_settings where name = 'shared_buffers'",
      );
      expect(Number(buffers!.mb)).toBe(sharedBuffersMb());
      // Key lookups priced as on an SSD with the data in memory (small tables are not hashed whole).
      expect(await query(first.url, 'select current_setting($$random_page_cost$$) as cost')).toEqual([
        { cost: String(RANDOM_PAGE_COST) },
      ]);
      await query(
        first.url,
        "create table klant (naam text); insert into klant values ('Jansen Installatie')",
      );
      const creds = path.join(dir, 'postgres-credentials.json');
      expect((await stat(creds)).mode & 0o777).toBe(0o600);
      await first.stop();
      await first.stop(); // idempotent
      expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);

      const second = await start(dir);
      expect(second.url.split('@')[0]).toBe(first.url.split('@')[0]); // same stored password
      expect(await query(second.url, 'select naam from klant')).toEqual([{ naam: 'Jansen Installatie' }]);
      expect(JSON.parse(await readFile(creds, 'utf8'))).toMatchObject({ user: 'postgres' });
    },
    TIMEOUT,
  );

  it(
    'refuses a second start on the same data directory while the first is running',
    async () => {
      const dir = await tempDir();
      const first = await start(dir);
      const attempt = startEmbeddedPostgres({ dataDir: dir, logger });
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(
        `Data directory ${dir} is already in use by another server process (pid ${process.pid}). ` +
          'Stop that process first, or set DATA_DIR to another directory.',
      );
      expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await first.stop();
      await (await start(dir)).stop(); // lock released by stop()
    },
    TIMEOUT,
  );

  it(
    'recovers after the server process was SIGKILLed, stopping the orphaned PostgreSQL',
    async () => {
      const dir = await tempDir();
      const fixture = await startFixture(dir);
      const orphan = postmasterPid(dir);
      await expect(startEmbeddedPostgres({ dataDir: dir, logger })).rejects.toThrow(`(pid ${fixture.pid})`);

      await sigkill(fixture);
      expect(alive(orphan)).toBe(true); // detached: postgres survives its server

      const db = await start(dir);
      expect(alive(orphan)).toBe(false);
      expect(postmasterPid(dir)).not.toBe(orphan);
      expect(await query(db.url, 'select note from survivor')).toEqual([{ note: 'survives SIGKILL' }]);
    },
    TIMEOUT,
  );

  it.each([
    ['right away (zombie postmaster, lingering backends)', false],
    ['after the dead postmaster was reaped', true],
  ])(
    'starts over a stale postmaster.pid after PostgreSQL itself was killed: %s',
    async (_label, waitForReap) => {
      const dir = await tempDir();
      const fixture = await startFixture(dir);
      const pm = postmasterPid(dir);
      const backends = childPids(pm);
      await sigkill(fixture);
      process.kill(pm, 'SIGKILL');
      await waitFor(() => !alive(pm));
      // Reaped: kill(pid, 0) fails, so postgres itself must recognise its pid file as stale.
      if (waitForReap) await waitFor(() => !backends.some(alive) && !signalable(pm), 60_000);
      expect(existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(true);

      const db = await start(dir);
      expect(backends.filter(alive)).toEqual([]);
      expect(postmasterPid(dir)).not.toBe(pm);
      expect(await query(db.url, 'select note from survivor')).toEqual([{ note: 'survives SIGKILL' }]);
    },
    TIMEOUT,
  );

  it(
    'ships pg_trgm and the dutch text search configuration',
    async () => {
      const db = await start(await tempDir());
      await query(db.url, 'create extension if not exists pg_trgm');
      const [trgm] = await query<{ sim: number }>(
        db.url,
        "select similarity('installatie', 'instalatie') as sim",
      );
      expect(trgm?.sim).toBeGreaterThan(0.5);
      const [fts] = await query<{ match: boolean }>(
        db.url,
        "select to_tsvector('dutch', 'De monteurs installeerden warmtepompen') @@ to_tsquery('dutch', 'warmtepomp') as match",
      );
      expect(fts?.match).toBe(true);
      const [lower] = await query<{ l: string }>(db.url, "select lower('ÉÉN CV-KETEL') as l");
      expect(lower?.l).toBe('één cv-ketel'); // builtin C.UTF-8 provider lower-cases non-ASCII
    },
    TIMEOUT,
  );

  it(
    'stop() leaves no PostgreSQL process behind',
    async () => {
      const dir = await tempDir();
      const db = await start(dir);
      const pm = postmasterPid(dir);
      const backends = childPids(pm);
      expect(backends.length).toBeGreaterThan(0);
      await Promise.all([db.stop(), db.stop()]);
      expect(alive(pm)).toBe(false);
      expect(backends.filter(alive)).toEqual([]);
      expect(existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    },
    TIMEOUT,
  );
});
