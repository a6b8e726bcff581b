import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../schema/index.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { configurableIphone, emptySnapshot, EXPIRED_SALE_CHILD, ON_SALE_CHILD } from './catalog-fixtures.ts';

/**
 * Issue 16's bug, over the real sync protocol: a line's configurable attributes are checked against the variant its
 * sku names (refused naming payload.options.<attribute>), and a variant line is keyed by its sku alone; and
 * `cart.configureLine` moves a line to a sibling, merging with a line of it already in the cart.
 */
describe(`a variant line is its sku, checked against its attributes (${storeKind})`, () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer();
    // IP17P-256-SLV is disk 256, IP17P-512-BLU disk 512 (and IP17P-1TB-ORG, disk 1024, is disabled).
    await writeCatalog(server.db, { ...emptySnapshot(), products: [configurableIphone()] });
  });
  afterAll(async () => {
    await server.close();
  });

  const run = async (guest: Guest, type: 'cart.addItem' | 'cart.configureLine', payload: Record<string, unknown>) => {
    const command = guest.command(type, payload as never);
    await guest.push([command]);
    const [outcome] = await guest.settled([command.id]);
    return { outcome: outcome!, cart: (await guest.cart()) as Cart | undefined };
  };

  it('IP17P-256-SLV with {disk: "1024"} is refused naming payload.options.disk; nothing is stored', async () => {
    const guest = await createGuest(server.url);
    const { outcome, cart } = await run(guest, 'cart.addItem', {
      sku: ON_SALE_CHILD,
      qty: 1,
      options: { disk: '1024' },
    });
    expect(outcome).toMatchObject({
      status: 'rejected',
      resultCode: 'options_invalid',
      error: { field: 'payload.options.disk' },
    });
    expect(cart?.items ?? []).toEqual([]);
  });

  it('a variant with and without its own attribute (by id or by label) is one line keyed by its sku', async () => {
    const guest = await createGuest(server.url);
    await run(guest, 'cart.addItem', { sku: ON_SALE_CHILD, qty: 1, options: {} });
    await run(guest, 'cart.addItem', { sku: ON_SALE_CHILD, qty: 1, options: { disk: '256' } });
    const { cart } = await run(guest, 'cart.addItem', { sku: ON_SALE_CHILD, qty: 1, options: { disk: '256 GB' } });
    expect(cart?.items.map((l) => [l.lineId, l.sku, l.qty, l.options])).toEqual([
      [ON_SALE_CHILD, ON_SALE_CHILD, 3, {}],
    ]);
  });

  it('IP17-256-BLK (sold as it is) with {} is a line; with {cvyat: "бял"} it is refused, not a second line', async () => {
    const guest = await createGuest(server.url);
    await run(guest, 'cart.addItem', { sku: 'IP17-256-BLK', qty: 1, options: {} });
    const { outcome, cart } = await run(guest, 'cart.addItem', {
      sku: 'IP17-256-BLK',
      qty: 1,
      options: { cvyat: 'бял' },
    });
    expect(outcome).toMatchObject({ status: 'rejected', error: { field: 'payload.options.cvyat' } });
    expect(cart?.items.map((l) => [l.sku, l.qty])).toEqual([['IP17-256-BLK', 1]]);
  });

  it('configureLine: another storage; when that variant is in the cart, the lines merge, quantities summed', async () => {
    const guest = await createGuest(server.url);
    await run(guest, 'cart.addItem', { sku: ON_SALE_CHILD, qty: 2, options: {} });
    const moved = await run(guest, 'cart.configureLine', { lineId: ON_SALE_CHILD, options: { disk: '512' } });
    expect(moved.outcome.status).toBe('succeeded');
    expect(moved.cart?.items.map((l) => [l.sku, l.qty])).toEqual([[EXPIRED_SALE_CHILD, 2]]);

    await run(guest, 'cart.addItem', { sku: ON_SALE_CHILD, qty: 1, options: {} });
    const merged = await run(guest, 'cart.configureLine', { lineId: ON_SALE_CHILD, options: { disk: '512' } });
    expect(merged.outcome.status).toBe('succeeded');
    expect(merged.cart?.items.map((l) => [l.sku, l.qty])).toEqual([[EXPIRED_SALE_CHILD, 3]]);

    const disabled = await run(guest, 'cart.configureLine', { lineId: EXPIRED_SALE_CHILD, options: { disk: '1024' } });
    expect(disabled.outcome).toMatchObject({ status: 'rejected', error: { field: 'payload.options.disk' } });
    expect(disabled.cart?.items.map((l) => [l.sku, l.qty])).toEqual([[EXPIRED_SALE_CHILD, 3]]);
  });
});
