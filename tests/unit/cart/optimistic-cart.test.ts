import { describe, expect, it } from 'vitest';
import { foldPendingIntoCart } from '../../../schema/cart/optimistic-cart.ts';
import type { Cart } from '../../../schema/cart/cart.ts';
import type { CommandDocument, CommandStatus } from '../../../schema/commands/envelope.ts';
import { CASE, IPHONE, SOLD_OUT, shop } from '../support/catalogue.ts';
import { CLIENT_A, CLIENT_B, addItem, commandDoc, removeItem, updateQty } from '../support/commands.ts';
import { cartFrom, lineAdded, lineOf } from '../support/cart-spec.ts';

const shown = (server: Cart, ...pending: CommandDocument[]) => foldPendingIntoCart(server, pending, shop).items;
const appliedUpTo = (cart: Cart, clientId: string, seq: number): Cart => ({ ...cart, applied: [{ clientId, seq }] });

describe('what the shopper sees: the server cart with pending commands folded over it', () => {
  it('shows a pending add at once', () => {
    expect(shown(cartFrom(), addItem(IPHONE.sku, 2))).toEqual([lineOf(IPHONE, 2)]);
  });

  it('folds pending commands in the order they were made, not the order they are listed', () => {
    const add = addItem(IPHONE.sku, 1, {}, { seq: 1, createdAt: 1_000 });
    const remove = removeItem(IPHONE.sku, undefined, { seq: 2, createdAt: 2_000 });
    expect(shown(cartFrom(), remove, add)).toEqual([]);
  });

  it('interleaves two devices of one owner by creation time', () => {
    const fromPhone = addItem(IPHONE.sku, 1, {}, { clientId: CLIENT_A, seq: 1, createdAt: 1_000 });
    const fromLaptop = updateQty(IPHONE.sku, 3, { clientId: CLIENT_B, seq: 1, createdAt: 2_000 });
    expect(shown(cartFrom(), fromLaptop, fromPhone)).toEqual([lineOf(IPHONE, 3)]);
  });

  it('keeps one client’s commands in seq order even when its clock went back between them', () => {
    // The server runs a client's commands strictly by seq; the view must agree or it shows a cart that will not be.
    const add = addItem(IPHONE.sku, 1, {}, { seq: 1, createdAt: 5_000 });
    const remove = removeItem(IPHONE.sku, undefined, { seq: 2, createdAt: 4_000 });
    expect(shown(cartFrom(), add, remove)).toEqual([]);
  });

  it('skips a pending command the server cart already reflects (cart arrived before the command’s status)', () => {
    const add = addItem(IPHONE.sku, 1, {}, { clientId: CLIENT_A, seq: 4 });
    const server = appliedUpTo(cartFrom(lineAdded(IPHONE, 1)), CLIENT_A, 4);
    expect(shown(server, add)).toEqual([lineOf(IPHONE, 1)]);
  });

  it('folds a pending command newer than the server cart’s applied seq', () => {
    const server = appliedUpTo(cartFrom(lineAdded(IPHONE, 1)), CLIENT_A, 4);
    expect(shown(server, addItem(IPHONE.sku, 1, {}, { clientId: CLIENT_A, seq: 5 }))).toEqual([lineOf(IPHONE, 2)]);
  });

  it('another client’s applied seq does not hide this client’s command', () => {
    const server = appliedUpTo(cartFrom(), CLIENT_B, 9);
    expect(shown(server, addItem(CASE.sku, 1, {}, { clientId: CLIENT_A, seq: 2 }))).toEqual([lineOf(CASE, 1)]);
  });

  it.each<CommandStatus>(['succeeded', 'rejected', 'failed'])(
    'ignores a %s command: the server cart has its effect',
    (status) => {
      const settled = commandDoc('cart.addItem', { sku: IPHONE.sku, qty: 1 }, { status });
      expect(shown(cartFrom(lineAdded(IPHONE, 1)), settled)).toEqual([lineOf(IPHONE, 1)]);
    },
  );

  it('a pending command the rules would refuse changes nothing', () => {
    const server = cartFrom(lineAdded(IPHONE, 1));
    expect(shown(server, addItem(SOLD_OUT.sku, 1))).toEqual(server.items);
    expect(shown(server, updateQty(CASE.sku, 2))).toEqual(server.items);
  });

  it('a pending document that does not parse changes nothing', () => {
    const broken = commandDoc('cart.addItem', { sku: IPHONE.sku, qty: 0 });
    expect(shown(cartFrom(), broken)).toEqual([]);
  });

  it('does not change the server cart it was given', () => {
    const server = cartFrom(lineAdded(IPHONE, 1));
    const before = structuredClone(server);
    shown(server, addItem(IPHONE.sku, 2), removeItem(IPHONE.sku, 1, { seq: 2 }));
    expect(server).toEqual(before);
  });
});
