import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/platform/db/embedded';
import { createLogger } from '../src/platform/log';
import { createServer } from '../src/server';
import { type LocalS3, startLocalS3 } from './s3-server';
import { testConfig } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    /** The local S3 server of this run (started when TEST_FILE_STORAGE=s3). */
    localS3: { endpoint: string; bucket: string };
  }
}

/**
 * One database server for the whole run (TEST_DATABASE_URL, or an embedded one), and one template
 * database with every migration and the job queue's schema; each test file copies it. With
 * TEST_FILE_STORAGE=s3 also one local S3 server (s3rver) that every test server keeps its files in.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | null = null;
  let dataDir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
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
  project.provide('templateDatabase', template);

  return async () => {
    const dbs = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'im_t_${process.pid}_%' or datname = $1`,
      [template],
    );
    for (const { datname } of dbs.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    await localS3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
