import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The sync server (sync-server/main.ts) answers these paths; in development Vite forwards them to it. */
const SERVER = process.env.SYNC_SERVER_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/sync', '/healthz', '/images', '/media', '/amp'];

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/** The app the entry (client/boot.ts) imports once the shell has been painted: the root of the first page. */
const APP_MAIN = fileURLToPath(new URL('./client/main.tsx', import.meta.url));
const SCHEMA_DIR = fileURLToPath(new URL('./schema/', import.meta.url));
/** The catalogue's product schemas, which import nothing but zod. */
const PRODUCT_SCHEMAS = fileURLToPath(new URL('./schema/catalog/catalog-product.ts', import.meta.url));
/**
 * An empty module in a chunk of its own (client/lib/chunk-marks): client/boot.ts and client/store/store-client.tsx
 * import it to evaluate that chunk in a task of its own.
 */
const chunkMark = (name: string): string =>
  fileURLToPath(new URL(`./client/lib/chunk-marks/${name}.ts`, import.meta.url));
/** A chunk group: the modules `holds` names, and the chunk's mark. */
const markedChunk = (chunk: string, mark: string, holds: (id: string, graph: ModuleGraph) => boolean) => {
  const markId = chunkMark(mark);
  return (id: string, graph: ModuleGraph): string | null => (id === markId || holds(id, graph) ? chunk : null);
};
const DEXIE_MODULES = /[\\/]node_modules[\\/]dexie[\\/]/;
/** RxDB and the libraries only it uses (its query engine, leader election, event reduction). */
const RXDB_MODULES =
  /[\\/]node_modules[\\/](rxdb|mingo|event-reduce-js|binary-decision-diagram|broadcast-channel|custom-idle-queue|oblivious-set|array-push-at-sort-position)[\\/]/;

/**
 * The stylesheets of the parts the layout loads on every page once it has rendered, each a chunk of its own
 * (client/app/layout.tsx, client/navigation/lazy-navigation.tsx): the menu bar, the footer and the shop's contacts in
 * it, the account's and the lasting notices. Their rules go with the first page's, inline: a file of their own would
 * be one more request on every first visit, for parts the first page shows anyway.
 */
const LAYOUT_PART_STYLES =
  /[\\/]client[\\/](navigation[\\/](menu-bar|site-footer)|ui[\\/]shop-contact|account[\\/]account-notices|notices[\\/]lasting-notices)\.css$/;
/**
 * The lazy views' stylesheets: one file per area, not one per chunk. The first page's JavaScript names each file a
 * lazy import waits for (Vite's preload lists, in the app's chunk), about 15 bytes of its gzip budget apiece
 * (npm run bench:web), and one per chunk (two dozen) would pass the budget. A view's file is fetched with its chunk,
 * and waited for, on its first visit; the others of its area come with it. A lazy stylesheet of no area fails the
 * build (collectFirstPageFiles).
 */
const LAZY_STYLE_AREAS: ReadonlyArray<readonly [string, RegExp]> = [
  // The cart page and the mini-cart.
  ['cart-styles', /[\\/]client[\\/]cart[\\/]/],
  // The forms: the account's pages, the checkout, the orders and their payments, with the shared form and order parts.
  [
    'account-styles',
    /[\\/]client[\\/](account|checkout|orders|payments|places|ui[\\/]form)[\\/]|[\\/]client[\\/]ui[\\/]order-parts\.css$/,
  ],
  // The catalogue's lazy parts: the product's dialogs and option forms, the sitemap, the wishlist and compare pages,
  // the second-hand ads, the phone's menu.
  ['catalog-styles', /[\\/]client[\\/](catalog|shortlists|ads|navigation)[\\/]/],
  // The operator console (client/ops) and the chart library its health page draws with.
  ['ops-styles', /[\\/]client[\\/]ops[\\/]|[\\/]node_modules[\\/]uplot[\\/]/],
];
/** The area of a lazy view's stylesheet (LAZY_STYLE_AREAS), for the chunk groups below. */
const lazyStyleArea = (id: string, graph: ModuleGraph): string | null =>
  id.endsWith('.css') && !LAYOUT_PART_STYLES.test(id) && !isFirstPage(id, graph)
    ? (LAZY_STYLE_AREAS.find(([, modules]) => modules.test(id))?.[0] ?? null)
    : null;

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
      // Low priority, the entry and Vite's own preloads too: the first paint (the header and the server's first
      // view with its pictures) never waits for the app's code, which runs after it anyway (client/boot.ts).
      const lowPriority = html.replace(
        /<(script type="module"|link rel="modulepreload") crossorigin/g,
        (_, start: string) => `<${start} fetchpriority="low" crossorigin`,
      );
      const tags = [...files]
        .filter((file) => !html.includes(`href="/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      return { html: lowPriority, tags };
    },
  },
});

/**
 * The first page's files: the entry, what it imports, and what it imports after the first paint (client/boot.ts),
 * with their imports. The page's head has a preload link for each (preloadFirstPage), and they have all run before
 * any lazy chunk is asked for, so a lazy chunk's preload list need not name them (modulePreload below): each name
 * was first-page bytes, repeated for every lazy chunk, and a lookup in the page at each lazy import.
 */
const firstPageFiles = new Set<string>();
/**
 * The first page's stylesheets: the CSS its chunks import (each module imports its own rules), in the order the page
 * visits them: the boot chunk's (the shared styles, client/ui/shared.css), then the app's (the features'). The page
 * carries them inline (linkFirstPageStyles, inlineStylesheet), so no preload list names them (collectFirstPageFiles
 * takes them off their chunks): the start would otherwise ask for the same rules again as a file, and wait for it.
 */
const firstPageStylesheets: string[] = [];
/**
 * The local store's start (client/store/store-client.tsx) imports the commands' registry, then Dexie's, RxDB's
 * and the store's own chunk, evaluating each in a task of its own; the first import asks for all four files at
 * once (modulePreload below), so splitting them costs no round trips.
 */
const storeStart = { registry: '', files: [] as string[] };
const COMMAND_REGISTRY = fileURLToPath(new URL('./schema/commands/registry.ts', import.meta.url));
const BROWSER_STORE_CLIENT = fileURLToPath(new URL('./client/sync/browser-store-client.ts', import.meta.url));
const collectFirstPageFiles = (): Plugin => ({
  name: 'collect-first-page-files',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      firstPageFiles.clear();
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const visit = (file: string): void => {
        if (firstPageFiles.has(file)) return;
        firstPageFiles.add(file);
        chunks.get(file)?.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue;
        visit(chunk.fileName);
        chunk.dynamicImports.forEach(visit);
      }
      firstPageStylesheets.length = 0;
      for (const file of firstPageFiles) {
        const css = chunks.get(file)?.viteMetadata?.importedCss;
        if (!css) continue;
        firstPageStylesheets.push(...css);
        css.clear();
      }
      const lazyStylesheets = [...chunks.values()].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
      const outside = lazyStylesheets.filter(
        (file) => !LAZY_STYLE_AREAS.some(([area]) => file.startsWith(`assets/${area}-`)),
      );
      if (outside.length > 0)
        this.error(`collect-first-page-files: a lazy stylesheet outside LAZY_STYLE_AREAS: ${[...new Set(outside)]}`);
      const all = [...chunks.values()];
      const groupFile = (modules: RegExp): string[] =>
        all
          .filter((c) => c.facadeModuleId === null && c.moduleIds.some((id) => modules.test(id)))
          .map((c) => c.fileName);
      storeStart.registry = all.find((c) => c.facadeModuleId === COMMAND_REGISTRY)?.fileName ?? '';
      storeStart.files = [
        ...groupFile(DEXIE_MODULES),
        ...groupFile(RXDB_MODULES),
        ...all.filter((c) => c.facadeModuleId === BROWSER_STORE_CLIENT).map((c) => c.fileName),
      ];
      if (!storeStart.registry || storeStart.files.length !== 3)
        this.error(`collect-first-page-files: the store's chunks are not as expected: ${storeStart.files}`);
    },
  },
});

/** Where index.html takes the first page's stylesheets. */
const FIRST_PAGE_STYLES_MARK = '<!--first-page-styles-->';

/** index.html links the first page's stylesheets (firstPageStylesheets) at its mark, for inlineStylesheet. */
const linkFirstPageStyles = (): Plugin => ({
  name: 'link-first-page-styles',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      if (!html.includes(FIRST_PAGE_STYLES_MARK)) throw new Error(`index.html has no ${FIRST_PAGE_STYLES_MARK} mark`);
      const links = firstPageStylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
      return html.replace(FIRST_PAGE_STYLES_MARK, () => links);
    },
  },
});

/**
 * The first page's stylesheets go into the page itself (under 10 KB gzip: the HTML and they fit the first round trips
 * of a slow link together): the first paint waits for no other file, and what the server draws into the page before
 * the JavaScript (sync-server/http/first-view.ts) is laid out by the app's own rules, exactly where the app will
 * draw it. A linked stylesheet held the first paint back by a round trip. The lazy views' stylesheets stay files
 * (LAZY_STYLE_AREAS), which Vite's preload helper links and waits for before the view's chunk runs, after these.
 */
const inlineStylesheet = (): Plugin => ({
  name: 'inline-stylesheet',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const page = bundle['index.html'];
    if (page?.type !== 'asset') return;
    const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
    const html = String(page.source);
    const files = [...html.matchAll(link)].map((match) => match[1]!);
    if (files.length === 0) throw new Error('inline-stylesheet: the page links no stylesheet of the build');
    page.source = html.replace(link, (_, file: string) => {
      const css = bundle[file];
      if (css?.type !== 'asset') throw new Error(`inline-stylesheet: ${file} is not a stylesheet of the build`);
      // Inline, the file is fetched by nothing: it is not written, nor kept by the service worker.
      delete bundle[file];
      return `<style>${String(css.source).trim()}</style>`;
    });
  },
});

/**
 * A lazy view's stylesheet that fails to load (offline on a first visit, before the service worker has kept it) is
 * asked for again by the view's next import, which client/lib/import-when-reachable.ts makes once the browser is back
 * online. Vite's preload helper remembers a stylesheet it asked for, failed or not, and leaves the failed link in the
 * page, where its next attempt finds it: the view would then run without its rules. The build's helper forgets a
 * failure instead, and takes the failed link out.
 */
const retryFailedStylesheets = (): Plugin => ({
  name: 'retry-failed-stylesheets',
  apply: 'build',
  transform(code, id) {
    if (id !== '\0vite/preload-helper.js') return null;
    // preloadOnce: a rejected preload is forgotten, not kept as done.
    const kept = /\(err\) => \{\s*seen\[href\] = void 0;/;
    // The stylesheet's link: removed when it fails.
    const failed = 'if (e.type === "error") rej(';
    if (!kept.test(code) || code.split(failed).length !== 2)
      this.error('retry-failed-stylesheets: the preload helper no longer reads as expected');
    return code
      .replace(kept, () => '(err) => { delete seen[href];')
      .replace(failed, () => 'if (e.type === "error") link.remove(), rej(');
  },
});

/**
 * The page's Content-Security-Policy allows no eval (sync-server/http/security-headers.ts). zod probes for it
 * with `new Function('')` before its first object parse to decide whether to compile parsers; the probe fails
 * under the policy, zod parses without compiling as it would anyway, but the browser reports each probe as a
 * violation. Started `jitless`, zod does not probe: its configuration object is created so in the build.
 */
const zodWithoutEval = (): Plugin => ({
  name: 'zod-without-eval',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
    const created = '(_a.__zod_globalConfig = {})';
    if (!code.includes(created)) this.error('zod-without-eval: zod no longer creates its configuration as expected');
    return code.replace(created, () => '(_a.__zod_globalConfig = { jitless: true })');
  },
});

/**
 * RxDB's `sortObject` orders every schema's and query's keys with localeCompare, and a page's first localeCompare
 * loads the collation data: 50-100 ms of a slow phone's main thread as the local store opens. The build gives it
 * client/sync/key-order.ts instead, which orders identifiers exactly as localeCompare does without that data.
 */
const rxdbKeyOrder = (): Plugin => ({
  name: 'rxdb-key-order',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]rxdb[\\/]dist[\\/]esm[\\/]plugins[\\/]utils[\\/]utils-object\.js$/.test(id)) return null;
    const compare = 'a.localeCompare(b)';
    if (code.split(compare).length !== 3) this.error('rxdb-key-order: sortObject no longer compares as expected');
    const keyOrder = JSON.stringify(fileURLToPath(new URL('./client/sync/key-order.ts', import.meta.url)));
    return `import { keyOrder as __keyOrder } from ${keyOrder};\n${code.replaceAll(compare, '__keyOrder(a, b)')}`;
  },
});

/**
 * The price display the app is built with (VITE_PRICE_DISPLAY, client/lib/shop-settings.ts), written into the page's
 * `price-display` meta: the server draws a first view's prices as the app will (sync-server/http/listing-first-view.ts).
 */
const priceDisplayMeta = (): Plugin => {
  let display = 'EUR';
  return {
    name: 'price-display-meta',
    configResolved(config) {
      display = String(config.env.VITE_PRICE_DISPLAY ?? 'EUR');
    },
    transformIndexHtml: (html) =>
      html.replace(/(<meta name="price-display" content=")[^"]*"/, (_, start: string) => `${start}${display}"`),
  };
};

/** The store's drawing for a picture never downloaded (public/, precached by the worker like every svg). */
const OFFLINE_PICTURE = '/offline-picture.svg';

const isFirstPage = firstPageModules();
/** React itself, which needs no other library: its own first-page chunk (below). */
const REACT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export default defineConfig({
  root: '.',
  publicDir: 'public',
  resolve: {
    // broadcast-channel's `unload` listens to the deprecated unload event: the same API on pagehide instead.
    alias: [{ find: /^unload$/, replacement: fileURLToPath(new URL('./client/app/page-unload.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    zodWithoutEval(),
    rxdbKeyOrder(),
    retryFailedStylesheets(),
    preloadFirstPage(),
    collectFirstPageFiles(),
    linkFirstPageStyles(),
    inlineStylesheet(),
    priceDisplayMeta(),
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
        // The server renders these itself (AMP pages, the newsletter's confirm and unsubscribe answers, which a
        // shopper opens from a mail in a browser the worker already controls) or answers them (API, sync, health).
        navigateFallbackDenylist: [/^\/api\//, /^\/sync\//, /^\/healthz/, /^\/amp\//, /^\/newsletter\//],
        runtimeCaching: [
          {
            // Product pictures are served by the sync server; keep the ones seen for offline use.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'product-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              // Offline, a picture this device never downloaded is the store's drawing, not a blank box.
              precacheFallback: { fallbackURL: OFFLINE_PICTURE },
            },
          },
          {
            // Second-hand ads' photos: a photo's address never changes its bytes, so the kept copy is served. Not
            // one asked with a token: an ad's photo before it is published is its owner's, kept by no cache.
            urlPattern: ({ url, sameOrigin, request }) =>
              sameOrigin && url.pathname.startsWith('/media/') && !request.headers.has('authorization'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'ad-photos',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              precacheFallback: { fallbackURL: OFFLINE_PICTURE },
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
            // evaluate it before the shell is painted (client/boot.ts). The shared styles (client/ui/shared.css)
            // too: the first of the first page's stylesheets (collectFirstPageFiles), before the features' own,
            // which the app's chunk holds in an order of Rolldown's (each feature's rules hold in any order).
            {
              name: 'boot',
              test: /vite\/preload-helper|client\/lib\/(main-thread|first-view-taps)\.ts|client\/ui\/shared\.css/,
              priority: 4,
            },
            // React apart from the other libraries: the entry evaluates each in a task of its own (client/boot.ts),
            // as the two in one file were a 90 ms task of a slow phone.
            {
              name: (id, graph) => (isFirstPage(id, graph) && REACT_MODULES.test(id) ? 'react' : null),
              priority: 3,
            },
            {
              name: markedChunk(
                'vendor',
                'libraries',
                (id, graph) => isFirstPage(id, graph) && id.includes('/node_modules/'),
              ),
              priority: 3,
            },
            // The catalogue's product schemas (about a hundred zod schemas built as the file runs) apart from the
            // other schemas: the entry evaluates each in a task of its own (client/boot.ts).
            {
              name: markedChunk(
                'product-schema',
                'product-schemas',
                (id, graph) => isFirstPage(id, graph) && id === PRODUCT_SCHEMAS,
              ),
              priority: 2,
            },
            {
              name: (id, graph) => (isFirstPage(id, graph) && id.startsWith(SCHEMA_DIR) ? 'schema' : null),
              priority: 2,
            },
            {
              name: (id, graph) => (isFirstPage(id, graph) || LAYOUT_PART_STYLES.test(id) ? 'app' : null),
              priority: 1,
            },
            // The lazy views' stylesheets, one chunk of CSS per area; Vite keeps the CSS file, not the empty chunk.
            { name: lazyStyleArea, debugName: 'lazy-styles', priority: 1 },
            // The local store's libraries (not on the first page): Dexie, then RxDB, each a chunk that
            // client/store/store-client.tsx evaluates in a task of its own, before the store's own code; the three
            // in one file were one long task of a slow phone as the store started.
            {
              name: markedChunk('dexie', 'dexie', (id, graph) => !isFirstPage(id, graph) && DEXIE_MODULES.test(id)),
              priority: 0,
            },
            {
              name: markedChunk('rxdb', 'rxdb', (id, graph) => !isFirstPage(id, graph) && RXDB_MODULES.test(id)),
              priority: 0,
            },
          ],
        },
      },
    },
    modulePreload: {
      // The local store's chunks (client/store/store-client.tsx) start after the page has settled (client/store/store-client-start.ts); Vite's
      // helper would first append a preload link for each of its two dozen files, one long task on a slow phone
      // (about 60 ms at Lighthouse's 4x CPU slowdown). The browser fetches them as the chunk's imports instead.
      // The same for the parts a page loads late and below the fold (the product's review and question forms, the
      // lasting notices): appending their 10-20 links took 20-40 ms of a slow phone's main thread each time.
      // The operator console's pages too (ops-pages, health-page): their lists were first-page bytes of every
      // shopper's (npm run bench:web) for an area shoppers never open; the console fetches its chunks as imports.
      // A lazy chunk's list leaves out the first page's files, which are there already (collectFirstPageFiles).
      // Its stylesheets (LAZY_STYLE_AREAS) are not in `deps`: Vite names them whatever this answers.
      // The store's start asks for its four chunks with its first import (storeStart), the next ones for none.
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        if (file === storeStart.registry) return storeStart.files;
        if (
          /\/(browser-store-client|registry|dexie|rxdb|message-pages|lasting-notices|account-notices|ops-pages|health-page)-[\w-]+\.js$/.test(
            file,
          )
        )
          return [];
        return deps.filter((dep) => !firstPageFiles.has(dep));
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
