import { describe, expect, it } from 'vitest';
import { commandTypes } from '../../../schema/commands/registry.ts';
import {
  applyWishlistCommand,
  decideWishlist,
  evolveWishlist,
  WISHLIST_MAX_ITEMS,
} from '../../../schema/wishlist/index.ts';
import { CLIENT_A } from '../support/commands.ts';
import { save, skusOf, snapshot, unsave, wishlistOf } from '../support/wishlist-spec.ts';

/** Issue 14: the synced wishlist's rules, given a wishlist, when a command is decided, then its events. */
describe('wishlist.add', () => {
  it('given an empty wishlist, when a product is saved, then it is added with its snapshot and the time', () => {
    const decision = decideWishlist(save('IP17'), wishlistOf([]), 1000);
    expect(decision).toEqual({
      kind: 'accepted',
      events: [{ type: 'wishlist.itemAdded', entry: { sku: 'IP17', addedAt: 1000, product: snapshot('IP17') } }],
      result: { sku: 'IP17', added: true },
    });
  });

  it('given the sku is there, when it is saved again, then nothing changes (the spec ignores it)', () => {
    expect(decideWishlist(save('IP17'), wishlistOf(['IP17']), 1000)).toEqual({
      kind: 'accepted',
      events: [],
      result: { sku: 'IP17', added: false },
    });
  });

  it('given products saved, when another is saved, then it goes to the end', () => {
    const { wishlist } = applyWishlistCommand(wishlistOf(['A', 'B']), save('C'), 5);
    expect(skusOf(wishlist)).toEqual(['A', 'B', 'C']);
  });

  it('given a full wishlist, when one more is saved, then it is refused with a message and nothing changes', () => {
    const full = wishlistOf(Array.from({ length: WISHLIST_MAX_ITEMS }, (_, i) => `SKU${i}`));
    const { wishlist, decision } = applyWishlistCommand(full, save('ONE-MORE'), 5);
    expect(decision).toMatchObject({ kind: 'rejected', code: 'wishlist_full', field: 'payload.sku' });
    expect(wishlist.items).toHaveLength(WISHLIST_MAX_ITEMS);
  });

  it("refuses a payload whose snapshot is another sku's", () => {
    const parsed = commandTypes['wishlist.add'].payload.safeParse({ sku: 'A', product: snapshot('B') });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['product', 'sku']);
  });

  it('refuses a payload with fields a snapshot does not have', () => {
    const parsed = commandTypes['wishlist.add'].payload.safeParse({ sku: 'A', product: snapshot('A'), qty: 2 });
    expect(parsed.success).toBe(false);
  });
});

describe('wishlist.remove', () => {
  it('given the sku is saved, when it is removed, then only it goes', () => {
    const decision = decideWishlist(unsave('B'), wishlistOf(['A', 'B', 'C']), 5);
    expect(decision).toEqual({
      kind: 'accepted',
      events: [{ type: 'wishlist.itemRemoved', sku: 'B' }],
      result: { sku: 'B', removed: true },
    });
    expect(skusOf(evolveWishlist(wishlistOf(['A', 'B', 'C']), { type: 'wishlist.itemRemoved', sku: 'B' }))).toEqual([
      'A',
      'C',
    ]);
  });

  it('given the sku is not there, when it is removed, then nothing changes', () => {
    expect(decideWishlist(unsave('Z'), wishlistOf(['A']), 5)).toEqual({
      kind: 'accepted',
      events: [],
      result: { sku: 'Z', removed: false },
    });
  });
});

describe('applied seqs', () => {
  it('records the seq of every command handled, a refused or ignored one too', () => {
    const once = applyWishlistCommand(wishlistOf([]), save('A', { seq: 1 }), 5).wishlist;
    const twice = applyWishlistCommand(once, save('A', { seq: 2 }), 6).wishlist;
    expect(twice.applied).toEqual([{ clientId: CLIENT_A, seq: 2 }]);
    expect(skusOf(twice)).toEqual(['A']);
  });
});
