import { describe, expect, it } from 'vitest';
import { commandDoc, CLIENT_A, CLIENT_B } from '../support/commands.ts';
import { foldPendingIntoWishlist } from '../../../schema/wishlist/index.ts';
import { snapshot, skusOf, wishlistOf } from '../support/wishlist-spec.ts';

const pendingSave = (sku: string, seq: number, clientId = CLIENT_A) =>
  commandDoc('wishlist.add', { sku, product: snapshot(sku) }, { seq, clientId });
const pendingUnsave = (sku: string, seq: number, clientId = CLIENT_A) =>
  commandDoc('wishlist.remove', { sku }, { seq, clientId });

/** What the shopper sees: the server's wishlist with the device's unanswered commands folded over it. */
describe('the optimistic wishlist', () => {
  it('given pending saves and removals, when folded, then the list shows them in the order they will run', () => {
    const shown = foldPendingIntoWishlist(wishlistOf(['A']), [
      pendingSave('B', 1),
      pendingUnsave('A', 2),
      pendingSave('C', 3),
    ]);
    expect(skusOf(shown)).toEqual(['B', 'C']);
  });

  it('given a command the server wishlist has applied already, when folded, then it does not count twice', () => {
    const server = wishlistOf(['A', 'B'], undefined, [{ clientId: CLIENT_A, seq: 2 }]);
    const shown = foldPendingIntoWishlist(server, [pendingUnsave('B', 2), pendingSave('C', 3)]);
    expect(skusOf(shown)).toEqual(['A', 'B', 'C']);
  });

  it('given a cart command among the pending ones, when folded, then the wishlist ignores it', () => {
    const cartAdd = commandDoc('cart.addItem', { sku: 'A', qty: 1 }, { seq: 1, clientId: CLIENT_B });
    expect(skusOf(foldPendingIntoWishlist(wishlistOf(['A']), [cartAdd]))).toEqual(['A']);
  });

  it('given a malformed pending document, when folded, then it is passed over', () => {
    const broken = commandDoc('wishlist.add', { sku: 'A' }, { seq: 1 });
    expect(skusOf(foldPendingIntoWishlist(wishlistOf([]), [broken]))).toEqual([]);
  });
});
