import { defineConfig } from 'vitest/config';

// Browser tests: the built server (apps/server/dist) with its embedded PostgreSQL and demo data,
// driven in Debian's Chromium through playwright-core. The demo data is loaded once per run
// (e2e/global-setup.ts); each file's server starts on a copy of it.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/failure-report.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
