import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ModuleTag, UserType } from '@im/domain';
import pg from 'pg';
import { inject } from 'vitest';
import { ensureMainCompany } from '../src/features/companies/bootstrap';
import { createCompany } from '../src/features/companies/create-company';
import { createUser } from '../src/features/users/create-user';
import { createLogger } from '../src/platform/log';
import { createServer, type Server } from '../src/server';
import { withDatabase } from './global-setup';
import { testConfig } from './test-config';

export const ADMIN = { email: 'admin@test.local', password: 'Beheer123' };
export const TEST_PASSWORD = 'Geheim123';

export interface TestServer {
  server: Server;
  baseUrl: string;
  databaseUrl: string;
  api: (
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<ApiResponse>;
  login: (email: string, password?: string) => Promise<string>;
  createTestCompany: (input?: { name?: string; modules?: ModuleTag[] }) => Promise<number>;
  createTestUser: (input: {
    companyId: number;
    role?: number;
    userType?: UserType;
    email?: string;
  }) => Promise<{ id: number; email: string }>;
  close: () => Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  body: any;
}

/** A fresh database copied from the template. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `im_t_${process.ppid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

/**
 * How a server the tests start reaches its database (`direct`, on the admin URL's server): through the run's
 * PgBouncer (TEST_PGBOUNCER=1) with the direct URL beside it, and with the replica's copy of the same
 * database for replica reads (TEST_REPLICA=1).
 */
export function serverDatabase(direct: string): { databaseUrl: string; config: Record<string, string> } {
  const name = new URL(direct).pathname.slice(1);
  const pooler = inject('poolerDatabaseUrl');
  const replica = inject('replicaDatabaseUrl');
  return {
    databaseUrl: pooler ? withDatabase(pooler, name) : direct,
    config: {
      ...(pooler ? { DATABASE_DIRECT_URL: direct } : {}),
      ...(replica ? { DATABASE_REPLICA_URL: withDatabase(replica, name) } : {}),
    },
  };
}

/** A real server on a free loopback port, over its own fresh database, with the main company in it. */
export async function startTestServer(
  options: {
    config?: Record<string, string>;
    work?: boolean;
    batchChunkSize?: number;
    /** A database of the test's own instead of a copy of the template (migrated at start), and how to reach it. */
    database?: { direct: string; url: string; config: Record<string, string> };
  } = {},
): Promise<TestServer> {
  const databaseUrl = options.database?.direct ?? (await createTestDatabase());
  const connection = options.database
    ? { databaseUrl: options.database.url, config: options.database.config }
    : serverDatabase(databaseUrl);
  const config = testConfig({ ...connection.config, ...options.config });
  const logger = createLogger('warn');
  const server = await createServer({
    config,
    databaseUrl: connection.databaseUrl,
    logger,
    work: options.work ?? true,
    batchChunkSize: options.batchChunkSize,
  });
  await ensureMainCompany(server.deps.db, config, logger, () => {});
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

  const api: TestServer['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit['body'];
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed };
  };

  let counter = 0;
  return {
    server,
    baseUrl,
    databaseUrl,
    api,
    async login(email, password = TEST_PASSWORD) {
      const res = await api('POST', '/api/authenticate', { body: { email, password } });
      if (res.status !== 200)
        throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async createTestCompany(input = {}) {
      return server.deps.db.platform((tx) =>
        createCompany(tx, {
          name: input.name ?? `Testbedrijf ${++counter}`,
          modules: input.modules ?? ['BASIS', 'CRM', 'SETTINGS'],
        }),
      );
    },
    async createTestUser(input) {
      const email = input.email ?? `user${++counter}-${randomBytes(3).toString('hex')}@test.local`;
      const id = await server.deps.db.platform((tx) =>
        createUser(tx, {
          companyId: input.companyId,
          name: 'Test',
          surname: `Gebruiker ${counter}`,
          email,
          password: TEST_PASSWORD,
          role: input.role ?? 100,
          userType: input.userType ?? 'standard',
        }),
      );
      return { id, email };
    },
    close: () => server.close(),
  };
}

/**
 * A second server process on the first one's database, as behind a load balancer: answers requests and
 * hears the first one's notifications, works on no jobs. `close` before the first one's.
 */
export async function startSecondServer(
  first: TestServer,
  config: Record<string, string> = {},
): Promise<{ server: Server; baseUrl: string; close: () => Promise<void> }> {
  const connection = serverDatabase(first.databaseUrl);
  const server = await createServer({
    config: testConfig({ ...connection.config, ...config }),
    databaseUrl: connection.databaseUrl,
    logger: createLogger('warn'),
    work: false,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  return { server, baseUrl, close: () => server.close() };
}

/**
 * Every file the server's store holds: on disk each regular file below DATA_DIR/files (a half-written
 * one too), on S3 (TEST_FILE_STORAGE=s3) each key under the server's prefix.
 */
export async function storedFiles(server: Server): Promise<string[]> {
  const { config, storage } = server.deps;
  if (config.FILE_STORAGE === 'disk') {
    try {
      return readdirSync(path.join(config.DATA_DIR, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
    } catch {
      return [];
    }
  }
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
}
