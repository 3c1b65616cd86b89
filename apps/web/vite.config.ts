import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (apps/server) serves the built SPA from apps/web/dist and answers /api;
// in development Vite proxies /api to it (IM_API_URL points elsewhere, e.g. a second server).
const apiTarget = process.env.IM_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached between releases.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-mantine',
              test: /node_modules[\\/](@mantine|mantine-datatable|@tabler)/,
              priority: 2,
            },
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
