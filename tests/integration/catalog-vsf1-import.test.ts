import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVsf1 } from '../../sync-server/catalog/import/import-vsf1.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { importIntoStore } from '../../tools/import-vsf1.ts';
import { openTestDatabase, startTestServer } from '../support/test-server.ts';

/** The real Vue Storefront 1 dumps (tests/fixtures/vsf1). */
const FIXTURES = fileURLToPath(new URL('../fixtures/vsf1/', import.meta.url));
const FILES = ['catalog-2017.ndjson', 'attribute.ndjson', 'category.ndjson', 'cms_page.ndjson', 'review.ndjson'].map(
  (name) => path.join(FIXTURES, name),
);

/**
 * A shop moving from Vue Storefront 1: its dumps go into the store as they are, and the store serves them
 * (product page, search, CMS page) the way it serves its own catalogue.
 */
describe('VSF1 dumps imported into the store', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    const { snapshot, rejected } = await importVsf1(FILES);
    expect(rejected).toEqual([]);
    await importIntoStore(db, snapshot);
    server = await startTestServer(db);
    await server.search.catchUp();
  }, 120_000);

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const get = async (url: string) => (await fetch(server.url + url)).json() as Promise<{ code: number; result: never }>;
  const post = async (url: string, body: unknown) =>
    (
      await fetch(server.url + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json() as Promise<{ code: number; result: never }>;

  it('serves an imported configurable with its children and a price in stotinki', async () => {
    const answer = await get('/api/catalog/products/MH01');
    expect(answer.code).toBe(200);
    const product = answer.result as { name: string; type_id: string; price: number; configurable_children: unknown[] };
    expect(product.name).toBe('Chaz Kangeroo Hoodie');
    expect(product.type_id).toBe('configurable');
    expect(product.price).toBe(5200);
    expect(product.configurable_children.length).toBeGreaterThan(10);
  });

  it('finds imported products by name with a typo', async () => {
    const answer = await post('/api/catalog/search', { text: 'hoodi kangero', mode: 'search' });
    const result = answer.result as { items: { sku: string }[]; total: number };
    expect(result.items.map((p) => p.sku)).toContain('MH01');
  });

  it('serves an imported CMS page by its identifier', async () => {
    const answer = await post('/api/pages/single', { slug: 'enable-cookies' });
    expect(answer.code).toBe(200);
    expect((answer.result as { title: string }).title).toBe('Enable Cookies');
  });
});
