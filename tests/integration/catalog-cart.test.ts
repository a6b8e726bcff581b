import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../schema/index.ts';
import { addTax } from '../../schema/catalog/tax.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import {
  CONFIGURABLE_SKU,
  configurableIphone,
  DISABLED_CHILD,
  emptySnapshot,
  EXPIRED_SALE_CHILD,
  ON_SALE_CHILD,
  testProduct,
} from './catalog-fixtures.ts';

describe(`the cart sells from the catalogue (${storeKind})`, () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer();
    await writeCatalog(server.db, {
      ...emptySnapshot(),
      products: [configurableIphone(), testProduct({ id: 200, sku: 'SWITCHED-OFF', status: 2 })],
      // A stock item wins over the product document's own stock.
      stockItems: [{ product_id: 2, sku: 'MBP14-M4P-24-1TB', is_in_stock: false, qty: 0 }],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const addAll = async (skus: string[]) => {
    const guest = await createGuest(server.url);
    const commands = skus.map((sku) => guest.command('cart.addItem', { sku, qty: 1 }));
    await guest.push(commands);
    const settled = await guest.settled(commands.map((c) => c.id));
    const byId = new Map(settled.map((c) => [c.id, c]));
    const cart = (await guest.cart()) as Cart | undefined;
    return { outcomes: commands.map((c) => byId.get(c.id)!), cart };
  };

  it('seeded with the demo catalogue, the demo products sell at their prices', async () => {
    const { outcomes, cart } = await addAll(['APP3', 'IP17-256-BLK', 'MBA13-M4-16-256']);
    expect(outcomes.map((o) => o.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(cart?.items.map((l) => [l.sku, l.unitPriceInclTax, l.name])).toEqual([
      ['APP3', 49_900, 'AirPods Pro 3'],
      ['IP17-256-BLK', 189_900, 'iPhone 17, 256 GB, черен'],
      ['MBA13-M4-16-256', 199_900, 'MacBook Air 13" M4, 16 GB, 256 GB'],
    ]);
  });

  it('a configurable child sku is added at its effective price with VAT; the special price only inside its window', async () => {
    const { outcomes, cart } = await addAll([ON_SALE_CHILD, EXPIRED_SALE_CHILD]);
    expect(outcomes.map((o) => o.status)).toEqual(['succeeded', 'succeeded']);
    expect(cart?.items.map((l) => [l.sku, l.unitPriceInclTax])).toEqual([
      [ON_SALE_CHILD, addTax(99_900, 20)],
      [EXPIRED_SALE_CHILD, addTax(149_900, 20)],
    ]);
  });

  it('refuses what is not for sale: a disabled product or variant, a configurable parent, an out-of-stock stock item', async () => {
    const { outcomes, cart } = await addAll([DISABLED_CHILD, 'SWITCHED-OFF', CONFIGURABLE_SKU, 'MBP14-M4P-24-1TB']);
    expect(outcomes.map((o) => [o.status, o.resultCode])).toEqual([
      ['rejected', 'product_not_found'],
      ['rejected', 'product_not_found'],
      ['rejected', 'product_not_found'],
      ['rejected', 'out_of_stock'],
    ]);
    expect(cart?.items ?? []).toEqual([]);
  });
});
