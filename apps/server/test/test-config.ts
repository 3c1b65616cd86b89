import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../src/platform/config';

/** A configuration for tests: quiet, its own data directory, no SMTP, no demo data, no geocoding (no network). */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'im-test-data-')),
    APP_URL: 'http://app.test',
    INIT_ADMIN_EMAIL: 'admin@test.local',
    INIT_ADMIN_PASSWORD: 'Beheer123',
    DB_POOL_SIZE: '5',
    GEOCODER: 'none',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ...overrides,
  });
}
