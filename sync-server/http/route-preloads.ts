import { z } from 'zod';
import { escapeHtml } from '../amp/escape-html.ts';

/**
 * The JavaScript and the stylesheets of the page being served, fetched from the page's head. A screen that is a chunk of its own
 * (lazyRouteComponent: the cart, the checkout...) is otherwise discovered only when the app has run and the router
 * has matched the address: on a slow phone link its download, and then each file it imports, starts seconds after
 * the page arrived. The server knows the address it answers, and Vite's build manifest (`build.manifest`,
 * dist/.vite/manifest.json) names each screen's chunk and what it imports, so the page names them at once.
 *
 * Only the served screen's own files: what the first page loads is in the built shell already (vite.config.ts,
 * preloadFirstPage; its rules inline), and what a screen imports only when asked (the cities list of the checkout)
 * stays lazy. A screen's stylesheet (vite.config.ts, LAZY_STYLE_AREAS) is fetched with its chunk: Vite's preload
 * helper waits for it before the screen runs, and without the preload it would be asked for only then, a round trip
 * later. The links load files of this origin, which the page's policy allows (script-src and style-src 'self');
 * they add no inline code, so the page's hashes do not change. The service worker keeps the built shell, without them, for offline starts:
 * there every file comes from its cache anyway.
 */

/** The client's screens of one fixed address that are a chunk of their own, by the module the manifest names. */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/cart': 'client/cart/cart-page.tsx',
  '/checkout': 'client/checkout/checkout-page.tsx',
  '/compare': 'client/shortlists/ui/compare-page.tsx',
  '/wishlist': 'client/shortlists/ui/wishlist-page.tsx',
  '/login': 'client/account/login-page.tsx',
  '/register': 'client/account/register-page.tsx',
  '/reset-password': 'client/account/reset-password-page.tsx',
  '/order-tracking': 'client/orders/tracking-page.tsx',
};

const manifestChunkSchema = z.object({
  file: z.string().regex(/^[\w./-]+\.js$/),
  isEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
  css: z.array(z.string().regex(/^[\w./-]+\.css$/)).optional(),
});
/** Vite's build manifest: source module (or shared chunk's key) to its output; only JavaScript chunks are kept. */
const manifestSchema = z.record(z.string(), z.unknown());
export type BuildManifest = Record<string, z.infer<typeof manifestChunkSchema>>;

/** The manifest's JavaScript chunks; undefined when `json` is not a build manifest with one entry. */
export const parseBuildManifest = (json: unknown): BuildManifest | undefined => {
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const chunks: BuildManifest = {};
  for (const [key, value] of Object.entries(parsed.data)) {
    const chunk = manifestChunkSchema.safeParse(value);
    if (chunk.success) chunks[key] = chunk.data;
  }
  return Object.values(chunks).filter((chunk) => chunk.isEntry).length === 1 ? chunks : undefined;
};

/** `key` and every chunk it imports statically, directly or through others, in the order they are met. */
const withStaticImports = (manifest: BuildManifest, keys: readonly string[], into = new Set<string>()): Set<string> => {
  const visit = (key: string): void => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return into;
};

/**
 * The first page's chunks as bench:web counts them (tools/bench/web/bundle.ts) and the shell preloads them
 * (vite.config.ts): the entry, what it imports after the first paint, and their static imports.
 */
const firstPageKeys = (manifest: BuildManifest): Set<string> => {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  return withStaticImports(manifest, [entry, ...(manifest[entry]!.dynamicImports ?? [])]);
};

/** For each screen of ROUTE_MODULES the manifest knows, the addresses of the files its page should preload. */
export const routePreloads = (manifest: BuildManifest): Map<string, string[]> => {
  const firstPage = firstPageKeys(manifest);
  const preloads = new Map<string, string[]>();
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    if (!manifest[module]) continue;
    const keys = [...withStaticImports(manifest, [module])].filter((key) => !firstPage.has(key));
    const stylesheets = new Set(keys.flatMap((key) => manifest[key]!.css ?? []));
    preloads.set(route, [
      ...keys.map((key) => `/${manifest[key]!.file}`),
      ...[...stylesheets].map((file) => `/${file}`),
    ]);
  }
  return preloads;
};

/** The screen a request's path names: `/checkout/` is `/checkout`. */
const routeOf = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The files to preload for `pathname`, from routePreloads; none for an address that is no such screen. */
export const preloadsFor = (preloads: ReadonlyMap<string, readonly string[]>, pathname: string): readonly string[] =>
  preloads.get(routeOf(pathname)) ?? [];

/**
 * The shell with `files` preloaded at the end of its head, after the first page's own preloads (those are needed
 * first: the screen's code runs only once the app has). A file the shell names already is not named twice. A
 * stylesheet is preloaded, not linked: the shell's first paint does not wait for it; fetched in the mode Vite's
 * helper links it in (crossorigin), it is the same request.
 */
export const withRoutePreloads = (shell: string, files: readonly string[]): string => {
  const links = files
    .filter((file) => !shell.includes(`href="${file}"`))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`,
    )
    .join('');
  if (links === '' || !shell.includes('</head>')) return shell;
  // A function, so no `$` in a file name is read as a replacement pattern.
  return shell.replace('</head>', () => `${links}</head>`);
};
