import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchResult } from '../../schema/search/search-engine.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { generateCatalog } from '../../tools/catalog/generate-catalog.ts';
import { openDevice, type Device } from '../support/node-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

/** Queries a shopper makes, each run on the server and on the device's local data. */
const QUERIES: SearchQueryInput[] = [
  { mode: 'search', text: 'macbok pro' },
  { mode: 'search', text: 'калъфф' },
  { mode: 'search', text: 'airpods', sort: 'price-asc' },
  // Issue 29: a kind by its everyday word, singular or plural, either script.
  { mode: 'search', text: 'лаптопи' },
  { mode: 'search', text: 'калъфи' },
  { mode: 'search', text: 'kompyutri' },
  { mode: 'search', text: 'слушалки' },
  { mode: 'listing', categoryId: 3, populateAggregations: true },
  { mode: 'listing', categoryId: 3, sort: 'price-desc', perPage: 10, current: 10 },
];

const summary = (result: SearchResult) => ({
  total: result.total,
  skus: result.items.map((p) => p.sku),
  aggregations: result.aggregations,
});

/**
 * Issue 3, "offline catalogue": after one online visit the device holds the whole catalogue and answers the
 * same queries as the server, with the same semantics, while offline.
 */
describe(`offline catalogue (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  let device: Device;
  const now = new Date();

  beforeAll(async () => {
    db = await openTestDatabase();
    // The generated shop at a small size: every product type, real categories and attributes.
    await writeCatalog(db, generateCatalog({ products: 300, now }));
    server = await startTestServer(db, 'off');
    await server.search.catchUp();
    device = await openDevice(server.url);
  }, 120_000);

  afterAll(async () => {
    await device?.client.stop();
    await server?.close();
    await db?.close();
  });

  const serverSearch = async (query: SearchQueryInput): Promise<SearchResult> => {
    const response = await fetch(`${server.url}/api/catalog/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(query),
    });
    return ((await response.json()) as { result: SearchResult }).result;
  };

  it('replicates the whole catalogue to the device', async () => {
    const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM catalog_products');
    const count = row!.count;
    const state = await waitFor(
      device.client.catalog.state$,
      (s) => s.products === count,
      `all ${count} products on the device`,
      60_000,
    );
    expect(state.categories).toBeGreaterThan(20);
    expect(state.unreadable).toBe(0);
  });

  it('offline, the device answers every query as the server did online', async () => {
    const online = await Promise.all(QUERIES.map(serverSearch));
    for (const result of online) expect(result.total).toBeGreaterThan(0);

    device.network.setOnline(false);
    try {
      for (const [i, query] of QUERIES.entries()) {
        const local = await device.client.searchCatalog(query);
        expect(local.source).toBe('local');
        expect({ query, ...summary(local) }).toEqual({ query, ...summary(online[i]!) });
      }
    } finally {
      device.network.setOnline(true);
    }
  });

  it('online, search asks the server', async () => {
    const answer = await device.client.searchCatalog({ mode: 'search', text: 'iphone' });
    expect(answer.source).toBe('server');
    expect(answer.total).toBeGreaterThan(0);
  });
});
