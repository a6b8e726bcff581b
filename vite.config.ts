import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The sync server (sync-server/main.ts) answers these paths; in development Vite forwards them to it. */
const SERVER = process.env.SYNC_SERVER_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/sync', '/healthz', '/images', '/amp'];

/**
 * Every page starts the local store (client/app/store-client.tsx imports it lazily, so the shell paints
 * first); preloading its chunk from the HTML fetches it beside the entry instead of after it has run,
 * one round trip less before a category's first grid on a slow link.
 */
const preloadStoreClient = (): Plugin => ({
  name: 'preload-store-client',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const chunk = Object.values(bundle ?? {}).find(
        (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/client/sync/browser-store-client.ts'),
      );
      if (!chunk) return [];
      return [
        {
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
          injectTo: 'head',
        },
      ];
    },
  },
});

export default defineConfig({
  root: '.',
  publicDir: 'public',
  resolve: {
    // broadcast-channel's `unload` listens to the deprecated unload event: the same API on pagehide instead.
    alias: [{ find: /^unload$/, replacement: fileURLToPath(new URL('./client/app/page-unload.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    preloadStoreClient(),
    VitePWA({
      // Registered by client/app/service-worker.ts after checking the file (spec, commerce section 7).
      injectRegister: false,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      filename: 'service-worker.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Apple Store България',
        short_name: 'Apple Store BG',
        description: 'iPhone, iPad, Mac, Apple Watch и AirPods с цени в лева и евро. Работи и без интернет.',
        lang: 'bg',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f5f5f7',
        theme_color: '#ffffff',
        categories: ['shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // Without these the first load is never controlled by the worker (STACK.md).
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        navigateFallback: '/index.html',
        // The server renders these itself (AMP pages) or answers them (API, sync, health).
        navigateFallbackDenylist: [/^\/api\//, /^\/sync\//, /^\/healthz/, /^\/amp\//],
        runtimeCaching: [
          {
            // Product pictures are served by the sync server; keep the ones seen for offline use.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'product-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false, ws: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false }])),
  },
});
