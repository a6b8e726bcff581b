import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../schema/routing/route-paths.ts';
import { demoCatalog } from '../../sync-server/catalog/demo-catalog.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 19, "honest answers to browsers and search engines": every page gets the same shell, but its HTTP status
 * says whether the address exists (sync-server/http/page-status.ts), as a crawler and a monitor read it.
 */
describe(`a page's HTTP status (${storeKind})`, () => {
  let server: RunningServer;
  let staticDir: string;
  const catalog = demoCatalog();
  const shown = catalog.products.find((p) => p.status < 2 && p.visibility !== 1 && !p.parentSku)!;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'page-status-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
    server = await startTestServer(undefined, 'on', undefined, { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (at: string) => fetch(server.url + at, { redirect: 'manual' });

  it.each([
    '/',
    '/iphone',
    '/macbook-air',
    '/search=айфон',
    '/new-apple-products',
    '/about-us',
    '/cart',
    '/checkout',
    '/my-account/orders',
    '/posts/sell',
    '/compare',
  ])('%s answers 200 with the shell', async (at) => {
    const response = await get(at);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('shell');
  });

  it("/error, the spec's error page, answers 500 with the shell (never a success for a crawler or a monitor)", async () => {
    const response = await get('/error');
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('shell');
  });

  it("a product's own address answers 200", async () => {
    expect((await get(productPath(shown.slug, shown.sku))).status).toBe(200);
  });

  it.each(['/no-such-page', '/iphone-NOSUCHSKU', '/about-us/extra', '/page-not-found', '/summer-2024', '/outlet'])(
    '%s answers 404 with the same shell, which shows the not-found page',
    async (at) => {
      const response = await get(at);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('shell');
    },
  );

  it('an old address is moved for good to the current one, its query kept', async () => {
    const response = await get('/apple-iphone?sort=price-asc');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/iphone?sort=price-asc');
  });

  it('a product address with another slug is moved to the canonical one', async () => {
    const response = await get(`/some-old-name-${encodeURIComponent(shown.sku)}`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(productPath(shown.slug, shown.sku));
  });
});
