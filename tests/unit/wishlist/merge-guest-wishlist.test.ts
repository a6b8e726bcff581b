import { describe, expect, it } from 'vitest';
import { mergeGuestWishlist, WISHLIST_MAX_ITEMS } from '../../../schema/wishlist/index.ts';
import { CLIENT_A, CLIENT_B } from '../support/commands.ts';
import { skusOf, wishlistOf } from '../support/wishlist-spec.ts';

/** Issue 14: at login the guest's wishlist joins the user's: a union, no duplicates, once. */
describe("merging the guest's wishlist into the user's at login", () => {
  it("given products in both, when merged, then the user's come first and the guest's new ones follow", () => {
    const merged = mergeGuestWishlist(wishlistOf(['A', 'B'], 'user-1'), wishlistOf(['B', 'C', 'D'], 'guest-1'), 9);
    expect(skusOf(merged)).toEqual(['A', 'B', 'C', 'D']);
    expect(merged.owner).toBe('user-1');
    expect(merged.updatedAt).toBe(9);
  });

  it('given the same product saved in both, when merged, then the user keeps its own entry (and when it was saved)', () => {
    const user = wishlistOf(['X'], 'user-1');
    const merged = mergeGuestWishlist(
      user,
      { ...wishlistOf(['X'], 'guest-1'), items: [{ ...user.items[0]!, addedAt: 99 }] },
      9,
    );
    expect(merged.items).toEqual(user.items);
  });

  it('given an empty guest wishlist, when merged, then the user wishlist is as it was', () => {
    expect(skusOf(mergeGuestWishlist(wishlistOf(['A'], 'user-1'), wishlistOf([], 'guest-1'), 9))).toEqual(['A']);
  });

  it("given both wishlists' applied seqs, when merged, then each client keeps its highest", () => {
    const merged = mergeGuestWishlist(
      wishlistOf([], 'user-1', [{ clientId: CLIENT_A, seq: 3 }]),
      wishlistOf([], 'guest-1', [
        { clientId: CLIENT_A, seq: 5 },
        { clientId: CLIENT_B, seq: 2 },
      ]),
      9,
    );
    expect(merged.applied).toEqual([
      { clientId: CLIENT_A, seq: 5 },
      { clientId: CLIENT_B, seq: 2 },
    ]);
  });

  it('given a union larger than a wishlist holds, when merged, then it stops at the cap, the oldest saves kept', () => {
    const user = wishlistOf(
      Array.from({ length: WISHLIST_MAX_ITEMS - 1 }, (_, i) => `U${i}`),
      'user-1',
    );
    const merged = mergeGuestWishlist(user, wishlistOf(['G1', 'G2'], 'guest-1'), 9);
    expect(merged.items).toHaveLength(WISHLIST_MAX_ITEMS);
    expect(skusOf(merged).at(-1)).toBe('G1');
  });
});
