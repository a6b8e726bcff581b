import { describe, expect, it } from 'vitest';
import { foldPendingIntoCart } from '../../../schema/cart/optimistic-cart.ts';
import type { Cart } from '../../../schema/cart/cart.ts';
import type { CommandDocument } from '../../../schema/commands/envelope.ts';
import { CASE, IPHONE, shop } from '../support/catalogue.ts';
import { CLIENT_A, addItem, commandDoc } from '../support/commands.ts';
import { cartFrom, lineAdded, lineOf } from '../support/cart-spec.ts';
import { validDetails } from '../../support/orders.ts';

/**
 * Issue 29, item 10: an order placed (offline, say) takes its lines out of the cart the shopper sees at once, as the
 * server will when it runs the order (schema/orders removeOrderedLines), not only when the server's cart comes back.
 */
const shown = (server: Cart, ...pending: CommandDocument[]) => foldPendingIntoCart(server, pending, shop).items;

const placeOrder = (lines: { sku: string; qty: number }[], meta: { seq: number; status?: 'pending' | 'rejected' }) =>
  commandDoc(
    'order.place',
    {
      orderId: '0190a8f2-7c3e-7000-8000-00000000000a',
      details: validDetails,
      lines: lines.map(({ sku, qty }) => ({
        lineId: sku,
        sku,
        name: sku,
        qty,
        unitPriceInclTaxEur: 1_000,
        options: {},
      })),
      reviewedTotalEur: 1_000,
    },
    { clientId: CLIENT_A, ...meta },
  );

describe('the cart the shopper sees after placing an order the server has not run yet', () => {
  it('no longer holds the ordered lines', () => {
    const server = cartFrom(lineAdded(IPHONE, 1), lineAdded(CASE, 2));
    expect(
      shown(
        server,
        placeOrder(
          [
            { sku: IPHONE.sku, qty: 1 },
            { sku: CASE.sku, qty: 2 },
          ],
          { seq: 3 },
        ),
      ),
    ).toEqual([]);
  });

  it('keeps what was not ordered: another line, and units added to a line after it was reviewed', () => {
    const server = cartFrom(lineAdded(IPHONE, 3), lineAdded(CASE, 1));
    expect(shown(server, placeOrder([{ sku: IPHONE.sku, qty: 1 }], { seq: 3 }))).toEqual([
      lineOf(IPHONE, 2),
      lineOf(CASE, 1),
    ]);
  });

  it('folds it in the order the commands were made: a line added after the order stays', () => {
    const server = cartFrom(lineAdded(IPHONE, 1));
    const order = placeOrder([{ sku: IPHONE.sku, qty: 1 }], { seq: 3 });
    const addedAfter = addItem(IPHONE.sku, 1, {}, { clientId: CLIENT_A, seq: 4 });
    expect(shown(server, addedAfter, order)).toEqual([lineOf(IPHONE, 1)]);
  });

  it('an order the server already answered changes nothing (its cart, or its refusal, is the server’s)', () => {
    const server = cartFrom(lineAdded(IPHONE, 1));
    expect(shown(server, placeOrder([{ sku: IPHONE.sku, qty: 1 }], { seq: 3, status: 'rejected' }))).toEqual([
      lineOf(IPHONE, 1),
    ]);
  });

  it('an order the server cart already reflects is not taken out twice', () => {
    const server: Cart = { ...cartFrom(lineAdded(IPHONE, 2)), applied: [{ clientId: CLIENT_A, seq: 3 }] };
    expect(shown(server, placeOrder([{ sku: IPHONE.sku, qty: 1 }], { seq: 3 }))).toEqual([lineOf(IPHONE, 2)]);
  });
});
