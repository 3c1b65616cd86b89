import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { compileEInvoiceRules } from '../src/features/invoices/einvoice/validate-einvoice';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/platform/db/embedded';
import { createLogger } from '../src/platform/log';
import { createServer } from '../src/server';
import {
  type PgBouncer,
  type PrimaryWithReplica,
  startPgBouncer,
  startPrimaryWithReplica,
} from './pg-servers';
import { type LocalS3, startLocalS3 } from './s3-server';
import { testConfig } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    /** TEST_PGBOUNCER=1: a PgBouncer (transaction pooling) in front of the admin URL's server. */
    poolerDatabaseUrl?: string;
    /** TEST_REPLICA=1: the streaming replica of the admin URL's server. */
    replicaDatabaseUrl?: string;
    /** The local S3 server of this run (started when TEST_FILE_STORAGE=s3). */
    localS3: { endpoint: string; bucket: string };
  }
}

/**
 * One database server for the whole run (TEST_DATABASE_URL, or an embedded one), and one template
 * database with every migration and the job queue's schema; each test file copies it.
 * TEST_REPLICA=1: the server is a PostgreSQL 15 primary of its own with a synchronous streaming replica
 * (test/pg-servers.ts), and the servers the tests start read their replica-reads there. TEST_PGBOUNCER=1:
 * the servers the tests start reach that server through a PgBouncer in transaction pooling mode, and
 * straight only for what keeps session state (docs/decisions/053). TEST_FILE_STORAGE=s3: also one local
 * S3 server (s3rver) that every test server keeps its files in (docs/decisions/052).
 */
export default async function setup(project: TestProject) {
  // The e-invoice rules compiled once for every worker, beside the database's set-up (validate-einvoice.ts).
  const compilingRules = compileEInvoiceRules();
  let embedded: EmbeddedPostgres | null = null;
  let dataDir: string | null = null;
  let cluster: PrimaryWithReplica | null = null;
  let bouncer: PgBouncer | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_REPLICA === '1') {
    cluster = await startPrimaryWithReplica({ synchronous: true });
    adminUrl = cluster.primaryUrl;
    project.provide('replicaDatabaseUrl', cluster.replicaUrl);
  }
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, logger: createLogger('warn') });
    adminUrl = embedded.url;
  }
  const template = `im_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  let localS3: LocalS3 | null = null;
  if (process.env.TEST_FILE_STORAGE === 's3') {
    localS3 = await startLocalS3();
    project.provide('localS3', { endpoint: localS3.endpoint, bucket: localS3.bucket });
  }
  const server = await createServer({
    config: testConfig({ FILE_STORAGE: 'disk' }),
    databaseUrl: templateUrl,
    logger: createLogger('warn'),
    work: false,
  });
  await server.close();
  project.provide('adminDatabaseUrl', adminUrl);
  if (process.env.TEST_PGBOUNCER === '1') {
    bouncer = await startPgBouncer(adminUrl);
    project.provide('poolerDatabaseUrl', bouncer.url);
  }
  project.provide('templateDatabase', template);
  // A failure here is the e-invoice tests' to report (they compile again and say why).
  await compilingRules.catch((error: unknown) =>
    console.warn('Compiling the e-invoice rules failed:', error),
  );

  return async () => {
    // First: its server connections would hold the test databases open.
    await bouncer?.stop();
    const dbs = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'im_t_${process.pid}_%' or datname = $1`,
      [template],
    );
    for (const { datname } of dbs.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    await cluster?.stop();
    await localS3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
