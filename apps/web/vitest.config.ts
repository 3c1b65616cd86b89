import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
      // Whole-app tests (guard, lazy screens, polling dialogs) need more than 5 s on a busy machine.
      testTimeout: 20_000,
      // Both cores (the default leaves one to the main process), and one module graph per worker
      // instead of one per file: importing Mantine and the app again for each of ~90 files took more
      // time than the tests. What a module keeps between tests is reset in src/test/setup.ts.
      maxWorkers: 2,
      isolate: false,
    },
  }),
);
