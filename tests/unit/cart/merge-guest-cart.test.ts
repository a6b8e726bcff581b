import { describe, expect, it } from 'vitest';
import { emptyCart, MAX_LINE_QTY, type Cart } from '../../../schema/cart/cart.ts';
import { mergeGuestCart } from '../../../schema/cart/merge-carts.ts';
import { lineOf } from '../support/cart-spec.ts';
import { CASE, IPHONE } from '../support/catalogue.ts';

/** Issue 5: "Logging in merges the guest cart into the user's cart once: the same sku and options add their quantities". */
const cartOf = (owner: string, lines: Cart['items'], applied: Cart['applied'] = []): Cart => ({
  ...emptyCart(owner),
  items: lines,
  applied,
});

describe('merging the guest cart into the user cart at login', () => {
  it('given the same sku and options in both, when merged, then the quantities add up on the user line', () => {
    const user = cartOf('user-1', [lineOf(IPHONE, 1)]);
    const guest = cartOf('guest-1', [lineOf(IPHONE, 2)]);
    expect(mergeGuestCart(user, guest, 5).items).toEqual([lineOf(IPHONE, 3)]);
  });

  it('given the same sku with other options, when merged, then they stay two lines, the guest one after', () => {
    const user = cartOf('user-1', [lineOf(IPHONE, 1, { color: 'black' })]);
    const guest = cartOf('guest-1', [lineOf(IPHONE, 1, { color: 'orange' }), lineOf(CASE, 2)]);
    expect(mergeGuestCart(user, guest, 5).items).toEqual([
      lineOf(IPHONE, 1, { color: 'black' }),
      lineOf(IPHONE, 1, { color: 'orange' }),
      lineOf(CASE, 2),
    ]);
  });

  it('given quantities above what a line holds, when merged, then the line is capped', () => {
    const merged = mergeGuestCart(
      cartOf('user-1', [lineOf(IPHONE, MAX_LINE_QTY - 1)]),
      cartOf('guest-1', [lineOf(IPHONE, 5)]),
      5,
    );
    expect(merged.items[0]!.qty).toBe(MAX_LINE_QTY);
  });

  it('given an empty guest cart, when merged, then the user cart keeps its lines and owner', () => {
    const user = cartOf('user-1', [lineOf(CASE, 1)]);
    const merged = mergeGuestCart(user, emptyCart('guest-1'), 5);
    expect(merged.owner).toBe('user-1');
    expect(merged.items).toEqual(user.items);
  });

  it("given both carts' applied seqs, when merged, then each client keeps its highest, so no pending command counts twice", () => {
    const user = cartOf(
      'user-1',
      [],
      [
        { clientId: 'laptop-0001', seq: 7 },
        { clientId: 'phone-00001', seq: 3 },
      ],
    );
    const guest = cartOf('guest-1', [], [{ clientId: 'phone-00001', seq: 9 }]);
    expect(mergeGuestCart(user, guest, 5).applied).toEqual([
      { clientId: 'laptop-0001', seq: 7 },
      { clientId: 'phone-00001', seq: 9 },
    ]);
  });
});
