import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testStorageEnv } from './test-config';
import type { ApiResponse } from './test-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real server (`tsx apps/server/src/main.ts`) running in its own process group. */
export interface ChildServer {
  proc: ChildProcess;
  baseUrl: string;
  output: () => string;
  api: (method: string, url: string, token?: string, body?: unknown) => Promise<Omit<ApiResponse, 'headers'>>;
  /** SIGKILL to the whole group (tsx and the node process it starts); resolves when all of it is gone. */
  kill: () => Promise<void>;
}

const started: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

function killGroup(proc: ChildProcess): void {
  try {
    process.kill(-proc.pid!, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}

/** Whether any live (not zombie) process is left in the group; Linux only, elsewhere answers false. */
export function groupAlive(pgid: number): boolean {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return false;
  }
  return pids.some((pid) => {
    try {
      // fields after "(comm)": state, ppid, pgrp
      const [state, , pgrp] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
      return Number(pgrp) === pgid && state !== 'Z';
    } catch {
      return false;
    }
  });
}

/** For afterAll: kills every child server this test file started, whatever state it is in. */
export function killAllChildServers(): void {
  for (const proc of started.splice(0)) killGroup(proc);
}

/** Starts the server with the given environment on a free port; resolves once /api/health answers 200. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const proc = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(env.DATA_DIR && !env.FILE_STORAGE ? testStorageEnv(env.DATA_DIR) : {}),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  started.push(proc);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildServer = {
    proc,
    baseUrl,
    output: () => output,
    async api(method, url, token, body) {
      const res = await fetch(baseUrl + url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : text };
    },
    async kill() {
      killGroup(proc);
      await exited;
      for (const end = Date.now() + 10_000; groupAlive(proc.pid!); await sleep(50)) {
        if (Date.now() > end) throw new Error(`processes of group ${proc.pid} survived SIGKILL`);
      }
    },
  };
  for (const end = Date.now() + 60_000; Date.now() < end; await sleep(200)) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return server;
  }
  killGroup(proc);
  throw new Error(`server did not become healthy:\n${output}`);
}
