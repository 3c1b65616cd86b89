import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { afterLoginFiles } from './build/after-login-files.ts';
import { inlineScripts } from './build/inline-scripts.ts';
import { precompress } from './build/precompress.ts';

// The server (apps/server) serves the built SPA from apps/web/dist and answers /api;
// in development Vite proxies /api to it (IM_API_URL points elsewhere, e.g. a second server).
const apiTarget = process.env.IM_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    inlineScripts(),
    afterLoginFiles(),
    // The staff app is installable and opens without a connection where it was opened before
    // (decision 059): the service worker precaches every built file of the staff app; the customer
    // pages (customer.html) and /api stay on the network.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Installatiemanager',
        short_name: 'Installatiemanager',
        description: 'CRM en dossierbeheer voor installatiebedrijven',
        lang: 'nl',
        start_url: '/#/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1864ab',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['customer.html', '**/node_modules/**'],
        // The largest chunk (the rich-text editor) is about 450 kB before compression.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/customer/],
        cleanupOutdatedCaches: true,
        // The first worker takes the open page at once (nothing older to replace); a later release waits
        // for the user's 'Vernieuwen' (registerType 'prompt').
        clientsClaim: true,
      },
    }),
    precompress(),
  ],
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
            {
              name: 'vendor-ui',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
