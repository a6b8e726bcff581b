import { describe, expect, it } from 'vitest';
import type { PricedFields } from '../../../schema/catalog/rules/effective-price.ts';
import { groupedMemberSkus, groupedPrice, isValidGroupedQty } from '../../../schema/catalog/rules/grouped-price.ts';

const now = new Date('2026-03-15T12:00:00Z');
const priced = (price: number, special_price: number | null = null): PricedFields => ({
  price,
  special_price,
  special_from_date: null,
  special_to_date: null,
});
const members: Record<string, PricedFields> = {
  MAGIC_MOUSE: priced(16_900),
  MAGIC_KEYBOARD: priced(19_900, 17_900),
  MAGIC_TRACKPAD: priced(25_900),
};
const memberOf = (sku: string) => members[sku];
const link = (linked_product_sku: string, link_type = 'associated', position = 0, qty = 1) => ({
  link_type,
  linked_product_sku,
  position,
  qty,
});

// Spec section 4: "A grouped product's price is the sum of its linked simple products, qty 1 each."
describe('the grouped product price', () => {
  it('given three associated products, then the price is the sum of their prices, one of each', () => {
    const product = {
      product_links: [link('MAGIC_MOUSE', 'associated', 0, 3), link('MAGIC_TRACKPAD'), link('MAGIC_KEYBOARD')],
    };
    expect(groupedPrice(product, memberOf, now)).toBe(16_900 + 25_900 + 17_900);
  });

  it('given related, upsell and crosssell links, then only associated members count', () => {
    const product = {
      product_links: [link('MAGIC_MOUSE'), link('MAGIC_TRACKPAD', 'related'), link('MAGIC_KEYBOARD', 'crosssell')],
    };
    expect(groupedPrice(product, memberOf, now)).toBe(16_900);
  });

  it('given a member that is not for sale (the lookup does not know it), then it is left out', () => {
    expect(groupedPrice({ product_links: [link('MAGIC_MOUSE'), link('GONE')] }, memberOf, now)).toBe(16_900);
  });

  it('given members in link positions, then they are listed in that order', () => {
    const product = { product_links: [link('B', 'associated', 2), link('A', 'associated', 1)] };
    expect(groupedMemberSkus(product)).toEqual(['A', 'B']);
  });
});

// Spec section 5: "Grouped product quantity: a number, minimum 1."
describe('the grouped product quantity', () => {
  it('given 1 or more whole units, then it is valid', () => {
    expect([1, 2, 50].every(isValidGroupedQty)).toBe(true);
  });

  it('given 0, a negative, a fraction, NaN or text, then it is not', () => {
    for (const qty of [0, -1, 1.5, Number.NaN, '2', null]) expect(isValidGroupedQty(qty)).toBe(false);
  });
});
