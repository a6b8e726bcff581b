import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { chooseTopProducts } from '../../schema/catalog/top-products.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { emptySnapshot, testProduct } from './catalog-fixtures.ts';

/**
 * Issue 29, item 18: home's "Топ продукти" on the generated catalogue were all outlet machines, the first promo
 * products by id. The row takes the shop's offers category by category, outlet units only to fill it, and the
 * device builds the same row offline from what it holds (chooseTopProducts).
 */
const outlet = (id: number) =>
  testProduct({
    id,
    sku: `OUT-${id}`,
    name: `Разопакован: MacBook ${id}`,
    promo: true,
    category_ids: [13],
    category: [{ category_id: 13, name: 'Аутлет', slug: 'outlet' }],
  });
const inCategory = (id: number, slug: string) =>
  testProduct({
    id,
    sku: `${slug.toUpperCase()}-${id}`,
    promo: true,
    category: [{ category_id: id, name: slug, slug }],
  });

const products: CatalogProduct[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(outlet),
  inCategory(20, 'iphone'),
  inCategory(21, 'iphone'),
  inCategory(22, 'iphone'),
  inCategory(23, 'macbook-air'),
  inCategory(24, 'macbook-air'),
  inCategory(25, 'airpods'),
  // Not a top product: no promotion, out of stock.
  testProduct({ id: 26, sku: 'IPAD-26', category: [{ category_id: 8, name: 'iPad', slug: 'ipad' }] }),
  testProduct({ id: 27, sku: 'WATCH-27', promo: true, stock: { is_in_stock: false, qty: 0 } }),
];

describe(`home's top products (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'off', undefined, { SEED: 'none' });
    await writeCatalog(server.db, { ...emptySnapshot(), products });
  });
  afterAll(() => server.close());

  const topOfInit = async (): Promise<string[]> => {
    const body = (await (await fetch(`${server.url}/api/catalog/init`)).json()) as {
      result: { top_products: { sku: string }[] };
    };
    return body.result.top_products.map((p) => p.sku);
  };

  it('are the offers of each category in turn, outlet units only to fill the row', async () => {
    expect(await topOfInit()).toEqual([
      'IPHONE-20',
      'MACBOOK-AIR-23',
      'AIRPODS-25',
      'IPHONE-21',
      'MACBOOK-AIR-24',
      'IPHONE-22',
      'OUT-1',
      'OUT-2',
    ]);
  });

  it('the device, offline, chooses the same row from the same products', async () => {
    const candidates = products.filter((p) => p.promo && p.stock.is_in_stock);
    expect(chooseTopProducts(candidates, 8).map((p) => p.sku)).toEqual(await topOfInit());
  });

  it('a catalogue of outlet units alone still fills the row', () => {
    expect(chooseTopProducts([outlet(3), outlet(1), outlet(2)], 8).map((p) => p.sku)).toEqual([
      'OUT-1',
      'OUT-2',
      'OUT-3',
    ]);
  });
});
