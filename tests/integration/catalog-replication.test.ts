import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/index.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { demoCatalog } from '../../sync-server/catalog/demo-catalog.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { configurableIphone, emptySnapshot, ON_SALE_CHILD, testProduct } from './catalog-fixtures.ts';

/** Source name -> how many documents the demo catalogue gives it (reviews: approved only). */
const demo = demoCatalog();
const SOURCES: Record<string, number> = {
  categories: demo.categories.length,
  attributes: demo.attributes.length,
  cmsPages: demo.cmsPages.length,
  cmsBlocks: demo.cmsBlocks.length,
  banners: demo.banners.length,
  blogPosts: demo.blogPosts.length,
  reviews: demo.reviews.filter((r) => r.review_status === 1).length,
  taxRules: demo.taxRules.length,
  catalogProducts: demo.products.length,
  products: demo.products.length,
};
/** The one-collection form holds every public entity. */
const ENTRIES = Object.entries(SOURCES)
  .filter(([name]) => name !== 'products')
  .reduce((sum, [, count]) => sum + count, 0);

describe(`catalogue replication (${storeKind})`, () => {
  let server: RunningServer;
  let alice: Guest;
  let bob: Guest;

  beforeAll(async () => {
    server = await startTestServer(undefined, 'off');
    alice = await createGuest(server.url);
    bob = await createGuest(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('every catalogue source is public: any guest pulls the same documents, in server_seq order', async () => {
    for (const [name, count] of Object.entries(SOURCES)) {
      const a = await alice.pull(name);
      const b = await bob.pull(name);
      expect({ name, count: a.documents.length }).toEqual({ name, count });
      expect(b).toEqual(a);
      const seqs = a.documents.map((d) => d.serverSeq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(a.checkpoint.serverSeq).toBe(seqs.at(-1));
    }
    // The cart's view keeps the shape and values the cart client has always had.
    const cartView = (await alice.pull<Product>('products')).documents.find((d) => d.sku === 'APP3');
    expect(cartView).toEqual({
      sku: 'APP3',
      name: 'AirPods Pro 3',
      slug: 'airpods-pro-3',
      priceInclTax: 49_900,
      isInStock: true,
      stockQty: 50,
      image: '/images/products/APP3.svg',
      category: 'airpods',
      typeId: 'simple',
      serverSeq: expect.any(Number),
    });

    const entries = await alice.pull<{ key: string; kind: string; doc: Record<string, unknown> }>('catalog');
    expect(entries.documents).toHaveLength(ENTRIES);
    expect(new Set(entries.documents.map((e) => e.key)).size).toBe(ENTRIES);
    expect(entries.documents.find((e) => e.key === 'product:APP3')?.doc).toMatchObject({ name: 'AirPods Pro 3' });
    expect(entries.documents.filter((e) => e.kind === 'review')).toHaveLength(SOURCES.reviews!);
    const entrySeqs = entries.documents.map((d) => d.serverSeq);
    expect(entrySeqs).toEqual([...entrySeqs].sort((x, y) => x - y));

    // Without a token (a first visit whose guest has not come): the same catalogue. An owner's rows never, and a
    // token that is sent must be good.
    const anonymous = await fetch(`${server.url}/sync/categories/pull`);
    expect(anonymous.status).toBe(200);
    expect(((await anonymous.json()) as { documents: unknown[] }).documents).toEqual(
      (await alice.pull('categories')).documents,
    );
    for (const owned of ['carts', 'outcomes', 'commands']) {
      expect((await fetch(`${server.url}/sync/${owned}/pull`)).status).toBe(401);
    }
    const badToken = await fetch(`${server.url}/sync/categories/pull`, { headers: { authorization: 'Bearer nope' } });
    expect(badToken.status).toBe(401);
  });

  it('pulls follow checkpoints: a later write comes after, in pages, and nothing is pulled twice', async () => {
    const start = (await alice.pull('catalogProducts')).checkpoint.serverSeq;
    const added = Array.from({ length: 5 }, (_, i) => testProduct({ id: 500 + i, sku: `REPL-${i}` }));
    await writeCatalog(server.db, { ...emptySnapshot(), products: added });
    const seen: string[] = [];
    let after = start;
    for (;;) {
      const page = await alice.pull<{ sku: string }>('catalogProducts', after, 2);
      if (page.documents.length === 0) break;
      expect(page.documents.length).toBeLessThanOrEqual(2);
      seen.push(...page.documents.map((d) => d.sku));
      after = page.checkpoint.serverSeq;
    }
    expect(seen).toEqual(added.map((p) => p.sku));
  });

  it('the cart `products` source carries each sellable sku: configurable children, priced now', async () => {
    const start = (await alice.pull('products')).checkpoint.serverSeq;
    await writeCatalog(server.db, { ...emptySnapshot(), products: [configurableIphone()] });
    const page = await alice.pull<Product>('products', start);
    const bySku = new Map(page.documents.map((d) => [d.sku, d]));
    expect([...bySku.keys()]).toEqual([ON_SALE_CHILD, 'IP17P-512-BLU', 'IP17P-1TB-ORG']);
    expect(bySku.get(ON_SALE_CHILD)).toMatchObject({ priceInclTax: 119_880, isInStock: true, stockQty: 5 });
    // The disabled variant is sent as unavailable, so devices holding it stop offering it.
    expect(bySku.get('IP17P-1TB-ORG')).toMatchObject({ isInStock: false, stockQty: 0 });
  });

  it('above OFFLINE_CATALOG_MAX_PRODUCTS the product sources send nothing and say why', async () => {
    const other = await startTestServer(server.db, 'off', undefined, { OFFLINE_CATALOG_MAX_PRODUCTS: 5, SEED: 'none' });
    try {
      for (const name of ['catalogProducts', 'products']) {
        const page = (await alice.pull(name)) as unknown as Record<string, unknown>;
        expect(page).toMatchObject({
          documents: [],
          checkpoint: { serverSeq: 0 },
          offlineCatalog: { replicated: false, maxProducts: 5 },
        });
      }
      // The rest of the catalogue still replicates.
      expect((await alice.pull('categories')).documents.length).toBe(SOURCES.categories);
      const entries = await alice.pull<{ kind: string }>('catalog');
      expect(entries.documents.some((e) => e.kind === 'category')).toBe(true);
      expect(entries.documents.some((e) => e.kind === 'product')).toBe(false);
    } finally {
      await other.close();
    }
    const restored = await startTestServer(server.db, 'off', undefined, { SEED: 'none' });
    await restored.close();
    const page = (await alice.pull('catalogProducts')) as unknown as { offlineCatalog: { replicated: boolean } };
    expect(page.offlineCatalog.replicated).toBe(true);
  });
});
