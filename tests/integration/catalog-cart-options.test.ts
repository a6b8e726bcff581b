import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * The server prices a cart line with its options from the catalogue (sync-server/catalog/product-repository.ts, one
 * statement with the bundle items' stock) by the product page's rules, over the real sync protocol.
 */
describe(`the cart charges options as the product page shows them (${storeKind})`, () => {
  let server: RunningServer;

  beforeAll(async () => {
    // Seeded with the demo catalogue: the watch with custom options, the MacBook Air + AirPods Pro 3 bundle.
    server = await startTestServer();
    // Live stock: one AirPods Pro 3 left, which the bundle's own stock does not know.
    await server.db.query('UPDATE stock_items SET qty = 1 WHERE sku = $1', ['APP3']);
  });
  afterAll(async () => {
    await server.close();
  });

  const add = async (sku: string, qty: number, options: Record<string, string>) => {
    const guest = await createGuest(server.url);
    const command = guest.command('cart.addItem', { sku, qty, options });
    await guest.push([command]);
    const [outcome] = await guest.settled([command.id]);
    return { outcome: outcome!, cart: (await guest.cart()) as Cart | undefined };
  };

  it('the watch with band M, AppleCare+ and an engraving costs 1 845 лв., its options in words', async () => {
    const { outcome, cart } = await add('AWU3-49-TI', 1, {
      'custom:1': '12',
      'custom:2': '21',
      'custom:3': 'За Мария',
    });
    expect(outcome.status).toBe('succeeded');
    expect(cart?.items[0]).toMatchObject({ unitPriceInclTax: 184_500 });
    expect(cart?.items[0]?.labels).toEqual([
      { name: 'Размер на каишката', value: 'M' },
      { name: 'AppleCare+ за 2 години', value: 'AppleCare+' },
      { name: 'Гравиране', value: 'За Мария' },
    ]);
  });

  it('an option id the watch does not have, or its required band left out, is refused naming payload.options', async () => {
    const unknown = await add('AWU3-49-TI', 1, { 'custom:1': '12', 'custom:2': '99' });
    expect(unknown.outcome).toMatchObject({
      status: 'rejected',
      resultCode: 'options_invalid',
      error: { field: 'payload.options' },
    });
    const missing = await add('AWU3-49-TI', 1, { 'custom:2': '21' });
    expect(missing.outcome).toMatchObject({ status: 'rejected', resultCode: 'custom_options_invalid' });
  });

  it('the bundle with the MacBook Pro costs its items’ bundle prices with VAT', async () => {
    const { outcome, cart } = await add('BNDL-MBA-APP3', 1, { 'bundle:1': '1x2', 'bundle:2': '1x3' });
    expect(outcome.status).toBe('succeeded');
    expect(cart?.items[0]).toMatchObject({ unitPriceInclTax: 426_000 + 45_000 });
  });

  it('a bundle needing more of an item than its live stock holds is refused', async () => {
    const { outcome } = await add('BNDL-MBA-APP3', 1, { 'bundle:1': '1x1', 'bundle:2': '2x3' });
    expect(outcome).toMatchObject({ status: 'rejected', resultCode: 'insufficient_stock' });
  });
});
