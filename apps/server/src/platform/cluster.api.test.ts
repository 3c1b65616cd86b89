import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, groupAlive, killAllChildServers, startChildServer } from '../../test/child-server';
import { ADMIN, createTestDatabase } from '../../test/test-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on a connection of its own (`Connection: close`): the primary hands each connection to the next worker. */
function fresh(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      { method, agent: false, headers: body === undefined ? {} : { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The worker processes in a process group: those the cluster module started (NODE_UNIQUE_ID in their environment). */
function workersOf(pgid: number): { pid: number; ppid: number }[] {
  const out: { pid: number; ppid: number }[] = [];
  for (const entry of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const [state, ppid, pgrp] = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      if (
        readFileSync(`/proc/${entry}/environ`, 'utf8')
          .split('\0')
          .some((v) => v.startsWith('NODE_UNIQUE_ID='))
      )
        out.push({ pid: Number(entry), ppid: Number(ppid) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe('several server processes on one port (WORKERS=2)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-cluster-test-'));
  let server: ChildServer;

  beforeAll(async () => {
    server = await startChildServer({
      DATABASE_URL: await createTestDatabase(),
      WORKERS: '2',
      INIT_ADMIN_EMAIL: ADMIN.email,
      INIT_ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      GEOCODER: 'none',
    });
  }, 120_000);

  afterAll(() => {
    killAllChildServers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from two worker processes that share the per-address limits and the guess guard', async () => {
    expect(workersOf(server.proc.pid!)).toHaveLength(2);
    // Ten a minute per address: counted once for both workers, not ten each.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await fresh(server.baseUrl, 'POST', '/api/password/email', { email: `x${i}@example.nl` })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    // Thirty unknown customer links, then every customer call is refused, whichever worker answers.
    for (let i = 0; i < 30; i++) {
      const res = await fresh(
        server.baseUrl,
        'GET',
        `/api/flow/${i.toString().padStart(4, '0')}AAAAAAAAAAAAAAAAAA/getbycustomer`,
      );
      expect(res.status).toBe(404);
    }
    for (let i = 0; i < 2; i++) {
      const blocked = await fresh(server.baseUrl, 'GET', '/api/flow/ZZZZAAAAAAAAAAAAAAAAAA/getbycustomer');
      expect(blocked.status).toBe(429);
      expect(JSON.parse(blocked.body).message).toMatch(/^Te veel onbekende links vanaf dit adres/);
    }
    // A login on one connection holds on the other worker's.
    const login = await fresh(server.baseUrl, 'POST', '/api/authenticate', ADMIN);
    expect(login.status).toBe(200);
    const token = JSON.parse(login.body).token as string;
    for (let i = 0; i < 4; i++)
      expect((await server.api('GET', '/api/user/getcurrentuser', token)).status).toBe(200);
  });

  it('starts a worker again when one stops, and stops every process on SIGTERM', async () => {
    const [victim] = workersOf(server.proc.pid!);
    process.kill(victim!.pid, 'SIGKILL');
    for (const end = Date.now() + 30_000; ; await sleep(200)) {
      const now = workersOf(server.proc.pid!);
      if (now.length === 2 && !now.some((w) => w.pid === victim!.pid)) break;
      if (Date.now() > end) throw new Error(`no new worker: ${JSON.stringify(now)}\n${server.output()}`);
    }
    for (
      const end = Date.now() + 30_000;
      (await fresh(server.baseUrl, 'GET', '/api/health')).status !== 200;
      await sleep(200)
    )
      if (Date.now() > end) throw new Error('not healthy again');
    const primary = workersOf(server.proc.pid!)[0]!.ppid;
    const exited = new Promise<number | null>((resolve) => server.proc.once('exit', (code) => resolve(code)));
    process.kill(primary, 'SIGTERM');
    expect(await exited).toBe(0);
    for (const end = Date.now() + 30_000; groupAlive(server.proc.pid!); await sleep(100))
      if (Date.now() > end) throw new Error(`processes left after SIGTERM:\n${server.output()}`);
  }, 90_000);
});
