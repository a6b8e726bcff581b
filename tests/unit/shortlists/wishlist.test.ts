import { describe, expect, it } from 'vitest';
import {
  addToWishlist,
  removeFromWishlist,
  toShortlistProduct,
  type Wishlist,
  type WishlistItem,
} from '../../../client/shortlists/index.ts';
import { IPHONE, MACBOOK } from './support.ts';

const item = (product: typeof MACBOOK): WishlistItem => ({ product: toShortlistProduct(product), qty: 1 });
const given = (...items: WishlistItem[]): Wishlist => items;

describe('wishlist', () => {
  it('adding a product appends it with qty 1 and announces it by name', () => {
    const { list, notice } = addToWishlist(given(item(IPHONE)), MACBOOK);
    expect(list).toEqual([item(IPHONE), item(MACBOOK)]);
    expect(notice).toEqual({
      key: 'shortlists.wishlistAdded',
      params: { productName: 'MacBook Air 13" M4' },
    });
  });

  it('keeps a snapshot of the product, not the whole catalogue record', () => {
    const { list } = addToWishlist(given(), MACBOOK);
    expect(Object.keys(list[0]!.product).sort()).toEqual(
      [
        'attributes',
        'image',
        'name',
        'parentSku',
        'priceInclTax',
        'sku',
        'slug',
        'specialPriceInclTax',
        'special_from_date',
        'special_to_date',
        'url_key',
      ].sort(),
    );
    expect(list[0]!.qty).toBe(1);
  });

  it('adding a sku already present is ignored: same list, no notice', () => {
    const before = given(item(MACBOOK));
    const result = addToWishlist(before, { ...MACBOOK, name: 'renamed' });
    expect(result.list).toBe(before);
    expect(result.notice).toBeUndefined();
  });

  it('removal is by sku and announces the removed product by name', () => {
    const { list, notice } = removeFromWishlist(given(item(MACBOOK), item(IPHONE)), MACBOOK.sku);
    expect(list).toEqual([item(IPHONE)]);
    expect(notice).toEqual({ key: 'shortlists.wishlistRemoved', params: { productName: 'MacBook Air 13" M4' } });
  });

  it('removing a sku that is not there changes nothing and shows nothing', () => {
    const before = given(item(IPHONE));
    expect(removeFromWishlist(before, 'NOPE')).toEqual({ list: before });
    expect(removeFromWishlist(before, 'NOPE').list).toBe(before);
  });

  it('does not change the list it was given', () => {
    const before = Object.freeze(given(item(IPHONE)));
    addToWishlist(before, MACBOOK);
    removeFromWishlist(before, IPHONE.sku);
    expect(before).toEqual([item(IPHONE)]);
  });
});
