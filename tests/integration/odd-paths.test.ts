import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Odd addresses a probe sends: a NUL (or a lone surrogate) in a path segment, a query value or a body field of a
 * read route, a path that is no URL at all. Each once answered 500 (the store refuses NUL in text; `new URL` throws
 * on `//x:99999`). Each is a 4xx naming what was wrong, and the server keeps serving.
 */

/** Sends the path exactly as written (fetch would normalise `//x:99999` and `%ZZ`). */
const rawRequest = (
  base: string,
  method: string,
  pathAndQuery: string,
  body?: string,
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: pathAndQuery,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** [method, path, field the problem names, body] */
const readRoutes: [string, string, string, string?][] = [
  ['GET', '/api/catalog/products/a%00b', 'path'],
  ['GET', '/api/catalog/products/a%00b/related', 'path'],
  ['GET', '/api/catalog/products?skus=a%00b', 'query.skus'],
  ['GET', '/api/stock/check?sku=a%00b', 'query.sku'],
  ['GET', '/api/stock/check?keywords=iph%00one', 'query.keywords'],
  ['GET', '/api/stock/check?category=%00', 'query.category'],
  ['GET', '/api/stock/list?skus=a%00b', 'query.skus'],
  ['GET', '/api/products/render-list?skus=a%00b&currencyCode=BGN', 'query.skus'],
  ['GET', '/api/catalog/category?slug=a%00b', 'query.slug'],
  ['GET', '/api/catalog/category?url_key=a%00b', 'query.url_key'],
  ['GET', '/api/catalog/categories?parent_id=%00', 'query.parent_id'],
  ['GET', '/api/catalog/attributes?codes=a%00', 'query.codes'],
  ['GET', '/api/ext/cms-data/cmsPage/a%00', 'path'],
  ['GET', '/api/ext/cms-data/cmsBlock/a%00', 'path'],
  ['GET', '/api/ext/cms-data/cmsPageIdentifier/a%00b/1', 'path'],
  ['GET', '/api/blog/posts?tag=a%00', 'query.tag'],
  ['GET', '/api/review/list?product_id=%00', 'query.product_id'],
  ['GET', '/api/catalog/init?a%00=1', 'query'],
  ['POST', '/api/pages/single', 'body.slug', JSON.stringify({ slug: 'a\u0000' })],
  ['POST', '/api/pages/single', 'body.slug', '{"slug":"a\\ud800"}'],
  ['POST', '/api/catalog/search', 'body.text', JSON.stringify({ text: 'iph\u0000one' })],
  ['GET', '/images/products/a%00b.svg', 'path'],
  ['GET', '/amp/a%00b', 'path'],
  ['GET', '/amp/APP3/a%00b', 'path'],
  ['GET', '/amp/APP3/slug/a%00b', 'path'],
  ['GET', '/api/catalog/products/%ZZ', 'path'],
];

describe(`odd paths answer 4xx, never 500 (${storeKind})`, () => {
  let server: RunningServer;
  let staticDir: string;
  beforeAll(async () => {
    // A built shell, so page addresses go through the page route (boot-data.ts) as in production.
    staticDir = mkdtempSync(path.join(tmpdir(), 'odd-paths-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    server = await startTestServer(undefined, 'on', undefined, { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each(readRoutes)('%s %s is a 400 naming %s', async (method, at, field, body) => {
    const response = await rawRequest(server.url, method, at, body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: 400, result: { field } });
  });

  it.each([
    ['//x:99999', 404],
    ['//%ZZ', 400],
    ['/%ZZ', 400],
    ['/iph%00one', 400],
    ['//x:99999/iphone?sort=price-asc', 404],
  ])('the page address %s is a %i naming the path', async (at, status) => {
    const response = await rawRequest(server.url, 'GET', at);
    expect(response.status).toBe(status);
    expect(JSON.parse(response.text)).toMatchObject({ code: status, result: { field: 'path' } });
  });

  it('a page address still gets the shell', async () => {
    const response = await rawRequest(server.url, 'GET', '/iphone?sort=price-asc');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<!doctype html>');
  });

  it.each(['/sync/toString/pull', '/sync/__proto__/pull', '/sync/constructor/pull', '/sync/constructor/push'])(
    'the collection in %s is unknown: 404',
    async (at) => {
      const created = (await (await fetch(`${server.url}/api/cart/create`, { method: 'POST' })).json()) as {
        result: string;
      };
      const method = at.endsWith('push') ? 'POST' : 'GET';
      const response = await fetch(`${server.url}${at}`, {
        method,
        headers: { authorization: `Bearer ${created.result}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ rows: [] }) } : {}),
      });
      expect(response.status).toBe(404);
    },
  );

  it('the server still answers afterwards', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const product = await fetch(`${server.url}/api/catalog/products/APP3`);
    expect(product.status).toBe(200);
  });
});
