import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import Beasties from 'beasties';
import { VitePWA } from 'vite-plugin-pwa';

/** The sync server (sync-server/main.ts) answers these paths; in development Vite forwards them to it. */
const SERVER = process.env.SYNC_SERVER_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/sync', '/healthz', '/images', '/amp'];

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/** The app the entry (client/boot.ts) imports once the shell has been painted: the root of the first page. */
const APP_MAIN = fileURLToPath(new URL('./client/main.tsx', import.meta.url));
const SCHEMA_DIR = fileURLToPath(new URL('./schema/', import.meta.url));

/**
 * The first page's JavaScript as three files: every module the app (client/main.tsx) imports statically,
 * directly or through others, split into the libraries ('vendor'), the schemas shared with the server
 * ('schema') and the app itself ('app'). Left to itself Rolldown splits the modules the lazy account pages
 * share with the entry into a dozen small chunks, and on a slow link each costs the first paint a request
 * (six connections at a time). Three, preloaded together from the page's head, cost none; the entry
 * evaluates them one task each (client/boot.ts), as one file's evaluation was the longest task of a start.
 * Lazy chunks (the local store, the account pages) keep only what the first page does not already load.
 */
const firstPageModules = () => {
  const known = new Map<string, boolean>();
  const isFirstPage = (id: string, graph: ModuleGraph): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // an import cycle does not make a module part of the first page by itself
    const info = graph.getModuleInfo(id);
    const result =
      info !== null &&
      (info.isEntry || id === APP_MAIN || info.importers.some((importer) => isFirstPage(importer, graph)));
    known.set(id, result);
    return result;
  };
  // The entry (index.html) and the script it names stay in their own small chunk, so the build manifest
  // still names the entry.
  const isEntryScript = (id: string, graph: ModuleGraph): boolean => {
    const info = graph.getModuleInfo(id);
    return info !== null && (info.isEntry || info.importers.some((importer) => graph.getModuleInfo(importer)?.isEntry));
  };
  return (id: string, graph: ModuleGraph): boolean => !isEntryScript(id, graph) && isFirstPage(id, graph);
};

/**
 * The first page's chunks (and what they import) are fetched from the page's head, beside the entry: the entry
 * imports them only after the first paint (client/boot.ts), and without this each download would start then.
 */
const preloadFirstPage = (): Plugin => ({
  name: 'preload-first-page',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const chunks = new Map(
        Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry?.dynamicImports.some((file) => chunks.get(file)?.facadeModuleId === APP_MAIN))
        throw new Error('the entry does not import client/main.tsx');
      // Everything the entry imports after the first paint (client/boot.ts), and what that imports: each file
      // found only when the one before it has run would cost a slow link a round trip.
      const files = new Set<string>();
      const visit = (file: string): void => {
        if (files.has(file)) return;
        files.add(file);
        chunks.get(file)?.imports.forEach(visit);
      };
      entry.dynamicImports.forEach(visit);
      return [...files]
        .filter((file) => !html.includes(`href="/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
    },
  },
});

/** Where Beasties believes the build's files are: its reads are answered from the bundle in memory. */
const BUNDLE_ROOT = '/bundle/';

/**
 * The first paint needs no stylesheet: the rules the shell's header uses (index.html) are inlined into the page
 * by Beasties, which picks the rules that match it, and the stylesheet is only preloaded, to be applied before
 * the app renders (client/boot.ts). A blocking stylesheet held the header back by a round trip on a slow link.
 */
const inlineShellStyles = (): Plugin => ({
  name: 'inline-shell-styles',
  apply: 'build',
  enforce: 'post',
  async generateBundle(_options, bundle) {
    const page = bundle['index.html'];
    if (page?.type !== 'asset') return;
    const stylesheets = new Map(
      Object.values(bundle).flatMap((output) =>
        output.type === 'asset' && output.fileName.endsWith('.css') ? [[output.fileName, String(output.source)]] : [],
      ),
    );
    const beasties = new (class extends Beasties {
      override readFile(filename: string): string {
        const css = stylesheets.get(filename.replace(BUNDLE_ROOT, ''));
        if (css === undefined) throw new Error(`inline-shell-styles: ${filename} is not in the build`);
        return css;
      }
    })({
      path: BUNDLE_ROOT,
      publicPath: '/',
      preload: 'body',
      noscriptFallback: false,
      pruneSource: false,
      logLevel: 'warn',
    });
    const inlined = await beasties.process(String(page.source));
    // Beasties moved the stylesheet to the end of the body: a preload in the head instead, applied by the entry.
    const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
    const href = link.exec(inlined)?.[1];
    if (!href) throw new Error('inline-shell-styles: the page names no stylesheet');
    const preload = `<link rel="preload" as="style" crossorigin href="${href}" data-app-styles>`;
    page.source = inlined.replace(link, '').replace('<script type="module"', `${preload}\n    <script type="module"`);
  },
});

const isFirstPage = firstPageModules();

export default defineConfig({
  root: '.',
  publicDir: 'public',
  resolve: {
    // broadcast-channel's `unload` listens to the deprecated unload event: the same API on pagehide instead.
    alias: [{ find: /^unload$/, replacement: fileURLToPath(new URL('./client/app/page-unload.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    preloadFirstPage(),
    inlineShellStyles(),
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
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports itself (Vite's helper for dynamic imports, the styles, the yield) in a
            // chunk of its own: inside the app chunk, the entry would import that chunk statically and
            // evaluate it before the shell is painted (client/boot.ts).
            {
              name: 'boot',
              test: /vite\/preload-helper|client\/ui\/styles\.css|client\/lib\/main-thread\.ts/,
              priority: 4,
            },
            {
              name: (id, graph) => (isFirstPage(id, graph) && id.includes('/node_modules/') ? 'vendor' : null),
              priority: 3,
            },
            {
              name: (id, graph) => (isFirstPage(id, graph) && id.startsWith(SCHEMA_DIR) ? 'schema' : null),
              priority: 2,
            },
            { name: (id, graph) => (isFirstPage(id, graph) ? 'app' : null), priority: 1 },
          ],
        },
      },
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
