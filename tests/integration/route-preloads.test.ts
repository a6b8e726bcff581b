import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

const STYLE = 'body{color:#1d1d1f}';
const SCRIPT = 'window.booted=1';
/** A built shell as vite.config.ts writes it: the stylesheet inlined, the entry and the first page's preloads. */
const SHELL =
  `<!doctype html><html><head><style>${STYLE}</style><script>${SCRIPT}</script>` +
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/main-m1.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/app-a1.js"></head>' +
  '<body><div id="root"><!--first-view--></div></body></html>';

/** Its build manifest (.vite/manifest.json): the checkout a chunk of its own, importing one more and the app. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, dynamicImports: ['client/main.tsx'] },
  'client/main.tsx': { file: 'assets/main-m1.js', isDynamicEntry: true, imports: ['_app-a1.js'] },
  '_app-a1.js': { file: 'assets/app-a1.js', dynamicImports: ['client/checkout/checkout-page.tsx'] },
  'client/checkout/checkout-page.tsx': {
    file: 'assets/checkout-page-c1.js',
    isDynamicEntry: true,
    imports: ['_app-a1.js', '_details-d1.js'],
    dynamicImports: ['client/places/places-chunk.ts'],
  },
  '_details-d1.js': { file: 'assets/details-d1.js' },
  'client/places/places-chunk.ts': { file: 'assets/places-chunk-x1.js', isDynamicEntry: true },
};
const CHECKOUT_FILES = ['/assets/checkout-page-c1.js', '/assets/details-d1.js'];

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptSources = (response: Response): string[] =>
  /(?:^|;)\s*script-src ([^;]*)/
    .exec(response.headers.get('content-security-policy') ?? '')![1]!
    .trim()
    .split(/\s+/);
const preloaded = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);

describe(`the page of a screen of its own preloads its files (${storeKind})`, () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const chunk of Object.values(MANIFEST)) writeFileSync(path.join(dir, chunk.file), 'export {};');
    server = await startTestServer(undefined, 'off', undefined, { STATIC_DIR: dir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /checkout names the checkout’s chunks in its head, after the first page’s, under the same policy', async () => {
    const response = await fetch(server.url + '/checkout');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(preloaded(html)).toEqual(['/assets/main-m1.js', '/assets/app-a1.js', ...CHECKOUT_FILES]);
    expect(html.indexOf(CHECKOUT_FILES[1]!)).toBeLessThan(html.indexOf('</head>'));
    // Links to this origin's files: the policy allows them, and the inline code (hence the hashes) is the shell's.
    expect(scriptSources(response)).toEqual(["'self'", sha(SCRIPT)]);
    const home = await fetch(server.url + '/');
    expect(scriptSources(home)).toEqual(scriptSources(response));
    // What the checkout loads only when asked (the cities list) stays lazy.
    expect(html).not.toContain('places-chunk');
    for (const file of CHECKOUT_FILES) {
      const asset = await fetch(server.url + file);
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get('content-type'), file).toMatch(/javascript/);
    }
  });

  it('home, a category and the cart of this build carry only the first page’s preloads', async () => {
    for (const address of ['/', '/iphone', '/cart', '/checkout/thank-you/1']) {
      const html = await (await fetch(server.url + address)).text();
      expect(preloaded(html), address).toEqual(['/assets/main-m1.js', '/assets/app-a1.js']);
    }
  });

  it('the shell the service worker keeps for offline starts is the one built, without a screen’s preloads', async () => {
    const response = await fetch(server.url + '/index.html');
    expect(await response.text()).toBe(SHELL);
  });
});
