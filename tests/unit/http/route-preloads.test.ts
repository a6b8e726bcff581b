import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  parseBuildManifest,
  preloadsFor,
  ROUTE_MODULES,
  routePreloads,
  withRoutePreloads,
  type BuildManifest,
} from '../../../sync-server/http/route-preloads.ts';

/**
 * A build manifest shaped as vite.config.ts's build writes it: the entry imports the app after the first paint, the
 * app imports the libraries; the checkout is a chunk of its own that imports a chunk of its own, the app, and the
 * cities list only when asked. The checkout's and the cart's chunks carry their area's stylesheet (the first page's
 * own is inline, named by no chunk).
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_boot-b1.js'],
    dynamicImports: ['client/main.tsx'],
  },
  '_boot-b1.js': { file: 'assets/boot-b1.js' },
  'client/main.tsx': { file: 'assets/main-m1.js', isDynamicEntry: true, imports: ['_app-a1.js'] },
  '_app-a1.js': {
    file: 'assets/app-a1.js',
    imports: ['_vendor-v1.js'],
    dynamicImports: ['client/checkout/checkout-page.tsx', 'client/cart/cart-page.tsx'],
  },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
  'client/checkout/checkout-page.tsx': {
    file: 'assets/checkout-page-c1.js',
    isDynamicEntry: true,
    imports: ['_app-a1.js', '_details-d1.js', '_vendor-v1.js'],
    dynamicImports: ['client/places/places-chunk.ts'],
    css: ['assets/account-styles-s2.css'],
  },
  '_details-d1.js': {
    file: 'assets/details-d1.js',
    imports: ['_phone-p1.js', '_vendor-v1.js'],
    css: ['assets/account-styles-s2.css'],
  },
  '_phone-p1.js': { file: 'assets/phone-p1.js' },
  'client/places/places-chunk.ts': { file: 'assets/places-chunk-x1.js', isDynamicEntry: true },
  'client/cart/cart-page.tsx': {
    file: 'assets/cart-page-k1.js',
    isDynamicEntry: true,
    imports: ['_app-a1.js', '_phone-p1.js'],
    css: ['assets/cart-styles-s3.css'],
  },
  'index.css': { file: 'assets/index-s1.css', src: 'index.css' },
};

const manifest = (): BuildManifest => parseBuildManifest(MANIFEST)!;

describe('the files a screen of its own preloads, from the build manifest', () => {
  it('the checkout: its chunk and the chunks it imports, not the first page’s nor what it loads only when asked', () => {
    const preloads = routePreloads(manifest());
    expect(preloadsFor(preloads, '/checkout')).toEqual([
      '/assets/checkout-page-c1.js',
      '/assets/details-d1.js',
      '/assets/phone-p1.js',
      '/assets/account-styles-s2.css',
    ]);
    expect(preloadsFor(preloads, '/checkout/')).toEqual(preloadsFor(preloads, '/checkout'));
    expect(preloadsFor(preloads, '/cart')).toEqual([
      '/assets/cart-page-k1.js',
      '/assets/phone-p1.js',
      '/assets/cart-styles-s3.css',
    ]);
  });

  it('home, a category, a product and the thank-you page preload nothing more than the shell does', () => {
    const preloads = routePreloads(manifest());
    for (const path of ['/', '/iphone', '/iphone-17-256-IP17-256-BLK', '/checkout/thank-you/1', '/checkoutx']) {
      expect(preloadsFor(preloads, path), path).toEqual([]);
    }
  });

  it('a screen the build does not name (another build, a renamed file) gets no preload, not an error', () => {
    const { 'client/cart/cart-page.tsx': _cart, ...withoutCart } = MANIFEST;
    const preloads = routePreloads(parseBuildManifest(withoutCart)!);
    expect(preloadsFor(preloads, '/cart')).toEqual([]);
    expect(preloadsFor(preloads, '/checkout')).toHaveLength(4);
  });

  it('a file that is not a build manifest is refused, so the server sends the shell as built', () => {
    expect(parseBuildManifest(null)).toBeUndefined();
    expect(parseBuildManifest([])).toBeUndefined();
    expect(parseBuildManifest({ 'index.html': { file: 'assets/index.js' } })).toBeUndefined();
  });

  it('every screen of the table is a module of the client (a renamed page would lose its preloads silently)', () => {
    for (const module of Object.values(ROUTE_MODULES)) {
      expect(existsSync(fileURLToPath(new URL(`../../../${module}`, import.meta.url))), module).toBe(true);
    }
  });
});

describe('the shell with a screen’s preloads', () => {
  const SHELL =
    '<html><head><script type="module" src="/assets/index-e1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/app-a1.js"></head><body></body></html>';

  it('adds them at the end of the head, after the first page’s own, each once', () => {
    const html = withRoutePreloads(SHELL, ['/assets/checkout-page-c1.js', '/assets/app-a1.js']);
    expect(html).toBe(
      SHELL.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/checkout-page-c1.js"></head>'),
    );
  });

  it('preloads a stylesheet as a style, in the mode Vite’s helper links it in', () => {
    const html = withRoutePreloads(SHELL, ['/assets/cart-page-k1.js', '/assets/cart-styles-s3.css']);
    expect(html).toBe(
      SHELL.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/cart-page-k1.js">' +
          '<link rel="preload" as="style" crossorigin href="/assets/cart-styles-s3.css"></head>',
      ),
    );
  });

  it('leaves the shell as built when there is nothing to add', () => {
    expect(withRoutePreloads(SHELL, [])).toBe(SHELL);
  });
});
