import { readFile } from 'node:fs/promises';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { directImports } from './scripts/direct-imports-plugin';
import { pageChunkGroups } from './scripts/page-chunks';
import { prerenderLogin } from './scripts/prerender-login-plugin';
import { routePreload } from './scripts/route-preload-plugin';

/** Paths the service worker must never answer: API data, development routes, health, docs and the admin console. */
const NOT_APP_SHELL = [/^\/seller\//, /^\/__dev\//, /^\/healthz/, /^\/docs/, /^\/admin(\/|$)/];

/**
 * The service worker's Web Push handler (features/notice-settings/push-worker.ts) as
 * dist/push-sw.js, a classic script the generated sw.js imports (workbox.importScripts).
 */
function pushWorker(): Plugin {
  const source = new URL('./src/features/notice-settings/push-worker.ts', import.meta.url);
  return {
    name: 'push-worker',
    apply: 'build',
    async generateBundle() {
      const { code } = await transformWithEsbuild(await readFile(source, 'utf8'), source.pathname, { target: 'es2020', minify: true, format: 'iife' });
      this.emitFile({ type: 'asset', fileName: 'push-sw.js', source: code });
    },
  };
}

/**
 * The service worker's outbox sender (lib/outbox/outbox-worker.ts, Background Sync) as
 * dist/outbox-sw.js: bundled, since it shares the outbox's IndexedDB store and sender with the app.
 */
function outboxWorker(): Plugin {
  const entry = new URL('./src/lib/outbox/outbox-worker.ts', import.meta.url).pathname;
  return {
    name: 'outbox-worker',
    apply: 'build',
    async generateBundle() {
      const result = await esbuild({ entryPoints: [entry], bundle: true, write: false, format: 'iife', target: 'es2020', minify: true, platform: 'browser' });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error('outbox-sw.js: empty bundle');
      this.emitFile({ type: 'asset', fileName: 'outbox-sw.js', source: code });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    directImports(),
    routePreload(),
    prerenderLogin(),
    pushWorker(),
    outboxWorker(),
    VitePWA({
      // The app registers the worker itself, in production builds only (features/app-update).
      injectRegister: false,
      registerType: 'prompt',
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'logo.svg'],
      manifest: {
        name: '销售助手',
        short_name: '销售助手',
        description: '销售助手：业绩、客户、订单与报告',
        lang: 'zh-CN',
        start_url: './#/',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#f8f8f8',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Shows Web Push notices and opens their page on a tap (pushWorker above); sends the
        // outbox on a Background Sync (outboxWorker above).
        importScripts: ['push-sw.js', 'outbox-sw.js'],
        // The app shell and every page chunk; the heavy libraries of a few pages (charts, PDF,
        // QR decoding) are cached when first used instead of on the first visit.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/echarts-*.js', '**/view-pdf-*.js', '**/pdf.worker*', '**/jsQR-*.js'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: NOT_APP_SHELL,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Hashed assets never change: cache first.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
  ],
  base: './',
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // A few files per page instead of a file per component (scripts/page-chunks.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: pageChunkGroups() } },
      // The contract's modules build their TypeBox schemas at the top level (Type.Object(…)); the app
      // imports only their constants and types, so the schemas are dead code here, and with them the
      // TypeBox engine (~20 KB gzip of every first load otherwise).
      treeshake: { manualPureFunctions: ['Type', 'Nullable', 'Paged'], propertyReadSideEffects: false },
    },
  },
  server: {
    proxy: { '/seller': 'http://localhost:3000', '/__dev': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
