import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { applyCartCommand, type CartCommand, type CartDecision } from '../../schema/cart/cart-rules.ts';
import { emptyCart, type Cart } from '../../schema/cart/cart.ts';
import { parseCommand } from '../../schema/commands/registry.ts';
import type { Product, ProductLookup } from '../../schema/index.ts';
import { catalogPullSources } from '../../sync-server/catalog/catalog-sources.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { loadProductLookup } from '../../sync-server/catalog/product-repository.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateCatalog } from '../../tools/catalog/generate-catalog.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';

/**
 * Issue 29, item 2: the catalogue `npm start` generates stores every variant of a configurable also as a product of
 * its own (visibility 1, as Magento and VSF do). The device's cart prices a sku by the `products` it replicated; the
 * server by its catalogue rows. For every configurable of that catalogue and each of its option sets, adding a variant
 * with those options and changing a line's variant to them must get the same decision on both (accepted or refused,
 * the refusal's code, the line's sku and price).
 */
const OWNER = 'guest-generated-variants';
// Today, as `npm start` generates it: the device's products are priced as of the pull, so the server's lookup is too.
const NOW = new Date();
let seq = 0;

const command = (type: CartCommand['type'], payload: Record<string, unknown>): CartCommand => {
  seq += 1;
  const parsed = parseCommand({
    id: `0190a6b2-3c4d-7e8f-9a0b-${seq.toString(16).padStart(12, '0')}`,
    type,
    payload,
    owner: OWNER,
    clientId: 'client-generated',
    seq,
    createdAt: NOW.getTime(),
    status: 'pending',
    serverSeq: 0,
  });
  if (!parsed.ok) throw new Error(`test command does not parse: ${parsed.message}`);
  return parsed.command as CartCommand;
};

/** What a shopper notices of a decision: accepted with which lines at which price, or the refusal's code. */
const outcome = (decision: CartDecision, cart: Cart) =>
  decision.kind === 'accepted'
    ? { accepted: cart.items.map((l) => [l.sku, l.qty, l.unitPriceInclTax, l.options]) }
    : { refused: decision.code, field: decision.field ?? null };

/** The device's products: every page of the `products` pull, each document replacing the one of its sku. */
const deviceProducts = async (db: Database): Promise<ProductLookup> => {
  const bySku = new Map<string, Product>();
  for (let after = 0; ;) {
    const page = await catalogPullSources.products!.pull(db, OWNER, after, 500);
    if (page.documents.length === 0) break;
    for (const product of page.documents as Product[]) bySku.set(product.sku, product);
    after = page.checkpoint.serverSeq;
  }
  return (sku) => bySku.get(sku);
};

/** Each enabled variant's values of the configurable attributes: the option sets a shopper can choose. */
const optionSets = (product: CatalogProduct): { sku: string; options: Record<string, string> }[] => {
  const codes = product.configurable_options.map((o) => o.attribute_code);
  return product.configurable_children
    .filter((child) => (child.status ?? 1) < 2)
    .map((child) => ({
      sku: child.sku,
      options: Object.fromEntries(
        codes.flatMap((code) => {
          const value = child.attributes[code];
          return typeof value === 'string' ? [[code, value]] : [];
        }),
      ),
    }));
};

describe(`device and server decide variants alike on the generated catalogue (${storeKind})`, () => {
  let db: Database;
  let configurables: CatalogProduct[];

  beforeAll(async () => {
    db = await openTestDatabase();
    const snapshot = generateCatalog({ products: DEFAULT_PRODUCT_COUNT, seed: DEFAULT_SEED, now: NOW });
    await writeCatalog(db, snapshot);
    configurables = snapshot.products.filter((p) => p.type_id === 'configurable' && (p.status ?? 1) < 2);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('every configurable and each option set: addItem and configureLine get the same decision', async () => {
    const device = await deviceProducts(db);
    const skus = configurables.flatMap((p) => p.configurable_children.map((c) => c.sku));
    const server = await loadProductLookup(db, skus, NOW);
    const differences: unknown[] = [];
    const refusedOwn: unknown[] = [];
    let checked = 0;
    for (const product of configurables) {
      const sets = optionSets(product);
      for (const from of sets) {
        for (const to of sets) {
          const add = command('cart.addItem', { sku: from.sku, qty: 1, options: to.options });
          const configure = command('cart.configureLine', { lineId: from.sku, options: to.options });
          const decide = (lookup: ProductLookup) => {
            const added = applyCartCommand(emptyCart(OWNER), add, lookup);
            const withLine = applyCartCommand(
              emptyCart(OWNER),
              command('cart.addItem', { sku: from.sku, qty: 1, options: {} }),
              lookup,
            ).cart;
            const configured = applyCartCommand(withLine, configure, lookup);
            return {
              add: outcome(added.decision, added.cart),
              configure: outcome(configured.decision, configured.cart),
            };
          };
          const onDevice = decide(device);
          const onServer = decide(server);
          checked += 1;
          // A variant with its own colour and storage is what the product page adds: never refused as not its options.
          if (from.sku === to.sku && 'refused' in onServer.add && onServer.add.refused === 'options_invalid')
            refusedOwn.push({ sku: from.sku, server: onServer });
          if (JSON.stringify(onDevice) !== JSON.stringify(onServer))
            differences.push({ from: from.sku, options: to.options, device: onDevice, server: onServer });
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(differences.slice(0, 3)).toEqual([]);
    expect(differences.length).toBe(0);
    expect(refusedOwn.slice(0, 3)).toEqual([]);
  }, 60_000);
});
