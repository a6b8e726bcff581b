import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The sync server (sync-server/main.ts) answers these paths; in development Vite forwards them to it. */
const SERVER = process.env.SYNC_SERVER_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/sync', '/healthz', '/images', '/amp'];

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * The first page's JavaScript as one file: every module the entry imports statically (directly or through
 * others). Left to itself Rolldown splits the modules the lazy account pages share with the entry into a
 * dozen small chunks, and on a slow link each costs the first paint a request (six connections at a time).
 * Lazy chunks (the local store, the account pages) keep only what the entry does not already load.
 */
const firstPageChunk = () => {
  const known = new Map<string, boolean>();
  const isFirstPage = (id: string, graph: ModuleGraph): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // an import cycle does not make a module part of the first page by itself
    const info = graph.getModuleInfo(id);
    const result = info !== null && (info.isEntry || info.importers.some((importer) => isFirstPage(importer, graph)));
    known.set(id, result);
    return result;
  };
  // The entry (index.html) and the script it names stay in their own small chunk, so the build manifest
  // still names the entry.
  const isEntryScript = (id: string, graph: ModuleGraph): boolean => {
    const info = graph.getModuleInfo(id);
    return info !== null && (info.isEntry || info.importers.some((importer) => graph.getModuleInfo(importer)?.isEntry));
  };
  return (id: string, graph: ModuleGraph): string | null =>
    !isEntryScript(id, graph) && isFirstPage(id, graph) ? 'app' : null;
};

export default defineConfig({
  root: '.',
  publicDir: 'public',
  resolve: {
    // broadcast-channel's `unload` listens to the deprecated unload event: the same API on pagehide instead.
    alias: [{ find: /^unload$/, replacement: fileURLToPath(new URL('./client/app/page-unload.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
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
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: firstPageChunk(), debugName: 'first-page' }] } },
    },
    // The first page is one chunk on purpose (above); its budget is gzip bytes, checked by `npm run bench:web`.
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false, ws: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false }])),
  },
});
