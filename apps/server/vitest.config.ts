import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // One module graph per worker instead of one per file: importing the whole server again for each
    // file cost more CPU than the tests themselves. Every test file starts its own server on its own
    // database, so no state of a test is kept in a module.
    isolate: false,
  },
});
