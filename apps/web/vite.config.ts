import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The server (apps/server) serves the built SPA from apps/web/dist and answers /api;
// in development Vite proxies /api to it (IM_API_URL points elsewhere, e.g. a second server).
const apiTarget = process.env.IM_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest tells the bundle budget check (scripts/bundle-budget.mjs) what each entry loads first.
    manifest: true,
    rolldownOptions: {
      // Two HTML entries: the staff app, and the customer pages (hash links in mails, no login), which
      // share no code with the staff app but React and @im/domain (decision 024).
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        customer: path.resolve(import.meta.dirname, 'customer.html'),
      },
      // Schemas of @im/domain are built at module load (`z.object(...)`); marked pure, those the web
      // app never uses drop out of the bundle, and with them zod where no screen parses with it.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Only what the first screen needs loads with it: libraries of one screen (maps, drag and
        // drop, tables) come with that screen's chunk. React and Mantine stay in chunks of their own,
        // which change less often than the app and stay cached between releases. The router has its
        // own chunk: the customer entry loads React without it.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
