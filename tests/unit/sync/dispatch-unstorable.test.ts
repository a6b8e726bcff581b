import { describe, expect, it } from 'vitest';
import { createDispatch, InvalidCommandError } from '../../../client/sync/dispatch.ts';
import { fakeCommandDatabase as fakeDatabase } from '../../support/fake-command-database.ts';
import { snapshot } from '../../support/wishlist.ts';

const identity = () => ({ clientId: 'client-unit-test', owner: 'guest-unit-test' });

/**
 * A string the server's store cannot keep (a NUL, a lone surrogate) is refused on the device, naming the field,
 * before the command takes a seq: the server would refuse it, and a seq spent on it must not hold the next one.
 */
describe('dispatch refuses a payload the store cannot keep, before it takes a seq', () => {
  it.each([
    ['a NUL in the sku', 'payload.sku', { type: 'cart.addItem', payload: { sku: 'A\u0000B', qty: 1 } }],
    ['a lone surrogate in the sku', 'payload.sku', { type: 'cart.addItem', payload: { sku: 'A\ud800', qty: 1 } }],
    [
      'a lone surrogate in a line option value',
      'payload.options.cvyat',
      { type: 'cart.addItem', payload: { sku: 'APP3', qty: 1, options: { cvyat: '\udc00' } } },
    ],
    [
      'a NUL in a line option key',
      'payload.options',
      { type: 'cart.addItem', payload: { sku: 'APP3', qty: 1, options: { 'a\u0000': 'x' } } },
    ],
    ['a NUL in a lineId', 'payload.lineId', { type: 'cart.updateQty', payload: { lineId: '\u0000', qty: 1 } }],
    [
      'a lone surrogate in a wishlist snapshot',
      'payload.product.name',
      { type: 'wishlist.add', payload: { sku: 'APP3', product: { ...snapshot('APP3'), name: '\ud800x' } } },
    ],
  ] as const)('%s names %s', async (_name, field, { type, payload }) => {
    const { db, written } = fakeDatabase();
    const dispatch = createDispatch(db, identity);
    const refused = dispatch(type, payload as never);
    await expect(refused).rejects.toBeInstanceOf(InvalidCommandError);
    await expect(refused).rejects.toMatchObject({ field });
    expect(written).toEqual([]);

    // The next command takes seq 1: nothing was spent on the refused one.
    const next = await dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    expect(next.seq).toBe(1);
  });

  it('keeps a surrogate pair (an emoji) and Cyrillic as they are', async () => {
    const { db } = fakeDatabase();
    const dispatch = createDispatch(db, identity);
    const doc = await dispatch('cart.addItem', { sku: 'APP3', qty: 1, options: { 'custom:3': 'За Мария 😀' } });
    expect(doc.payload).toMatchObject({ options: { 'custom:3': 'За Мария 😀' } });
  });
});
