import { describe, expect, it } from 'vitest';
import { bgnToEurCents } from '../../schema/money/currency.ts';
import { setStock } from '../../sync-server/catalog/stock-changes.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Issue 16: stock reaches the devices. A stock figure changed on the server (an order's reservation, the stock
 * service) is replicated with the cart's product list, live; the device's cart flags the line out of stock and stops
 * counting it (spec Cart step 7), and counts it again when stock is back. Before, no figure was replicated and the
 * line stayed unmarked and counted.
 */
describe(`stock reaches the devices (${storeKind})`, () => {
  const test = serverWithDevices();

  it('a line whose stock falls to 0 is flagged and not counted on the device, live; back in stock, counted again', async () => {
    const device = await test.openDevice();
    await device.client.dispatch('cart.addItem', { sku: 'APP3', qty: 2, options: {} });
    await device.client.settled();
    const counted = await waitFor(device.client.cart$, (c) => c.items.length === 1 && c.serverSeq > 0, 'the line');
    expect(counted.outOfStock).toEqual([]);
    expect(counted.checkout.grandTotalEur).toBe(2 * bgnToEurCents(49_900));

    await test.server.db.transaction((tx) => setStock(tx, 'APP3', 0));
    const product = await waitFor(
      device.client.products$,
      (products) => products.some((p) => p.sku === 'APP3' && p.stockQty === 0),
      'APP3 out of stock on the device',
    );
    expect(product.find((p) => p.sku === 'APP3')?.isInStock).toBe(false);
    const flagged = await waitFor(device.client.cart$, (c) => c.outOfStock.length === 1, 'the line flagged');
    expect(flagged.items.map((l) => [l.sku, l.qty])).toEqual([['APP3', 2]]);
    expect(flagged.checkout.grandTotalEur).toBe(0);
    expect(flagged.totals.itemCount).toBe(0);

    await test.server.db.transaction((tx) => setStock(tx, 'APP3', 5));
    const back = await waitFor(device.client.cart$, (c) => c.outOfStock.length === 0, 'the line counted again');
    expect(back.checkout.grandTotalEur).toBe(2 * bgnToEurCents(49_900));
  });

  it('a device that was offline while stock moved gets the figure when it pulls again', async () => {
    const device = await test.openDevice();
    await waitFor(device.client.products$, (p) => p.some((x) => x.sku === 'AW11-46-ALU' && x.stockQty > 0), 'watch');
    device.network.setOnline(false);
    await test.server.db.transaction((tx) => setStock(tx, 'AW11-46-ALU', 0));
    device.network.setOnline(true);
    await waitFor(
      device.client.products$,
      (p) => p.some((x) => x.sku === 'AW11-46-ALU' && x.stockQty === 0 && !x.isInStock),
      'the watch out of stock after reconnecting',
    );
  });
});
