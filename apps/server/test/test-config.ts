import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/platform/config';
import { localS3Config } from './s3-server';

/**
 * With TEST_FILE_STORAGE=s3 every test server keeps its files in the local S3 server that global-setup.ts
 * started (decision 052), under a prefix named after its data directory: servers that share a DATA_DIR
 * share their files, as on disk.
 */
export function testStorageEnv(dataDir: string): Record<string, string> {
  if (process.env.TEST_FILE_STORAGE !== 's3') return {};
  return localS3Config(inject('localS3'), `t-${path.basename(dataDir)}`);
}

/** A configuration for tests: quiet, its own data directory, no SMTP, no demo data, no geocoding (no network). */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'im-test-data-'));
  return loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    INIT_ADMIN_EMAIL: 'admin@test.local',
    INIT_ADMIN_PASSWORD: 'Beheer123',
    DB_POOL_SIZE: '5',
    GEOCODER: 'none',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ...(overrides.FILE_STORAGE ? {} : testStorageEnv(dataDir)),
    ...overrides,
  });
}
