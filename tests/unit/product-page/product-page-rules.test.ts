import { describe, expect, it } from 'vitest';
import { catalogProduct } from '../catalog/fixtures.ts';
import { groupedTotalInclTax, invalidGroupedMembers } from '../../../client/catalog/product/grouped-selection.ts';
import { shownRelated } from '../../../client/catalog/product/related-products.ts';
import { reviewSummary } from '../../../client/catalog/product/review-summary.ts';
import { hasSizeGuide } from '../../../client/catalog/product/size-guide.ts';
import { parseWholeNumber } from '../../../client/catalog/product/whole-number.ts';

describe('a typed quantity', () => {
  it('given digits at or above the minimum, then it is that number', () => {
    expect(parseWholeNumber(' 2 ', 1)).toBe(2);
    expect(parseWholeNumber('0', 0)).toBe(0);
  });

  it('given a number below the minimum, a fraction, a sign or text, then it is no quantity', () => {
    expect(parseWholeNumber('0', 1)).toBeNull();
    expect(parseWholeNumber('1.5', 1)).toBeNull();
    expect(parseWholeNumber('-1', 0)).toBeNull();
    expect(parseWholeNumber('1e2', 1)).toBeNull();
    expect(parseWholeNumber('', 0)).toBeNull();
  });
});

const IPHONE = { sku: 'IP', name: 'iPhone', priceInclTax: 189_900, orderable: true };
const AIRPODS = { sku: 'APP', name: 'AirPods', priceInclTax: 49_900, orderable: true };
const SOLD_OUT = { sku: 'KB', name: 'Keyboard', priceInclTax: 34_900, orderable: false };

// Spec section 5: "Grouped product quantity: a number, minimum 1".
describe('a grouped product’s quantities', () => {
  it('given untouched quantities, then each member counts once', () => {
    expect(groupedTotalInclTax([IPHONE, AIRPODS], {})).toBe(189_900 + 49_900);
    expect(invalidGroupedMembers([IPHONE, AIRPODS], {})).toEqual([]);
  });

  it('given quantities, then the total is each price times its quantity; a member not for sale adds nothing', () => {
    expect(groupedTotalInclTax([IPHONE, AIRPODS, SOLD_OUT], { IP: 1, APP: 3, KB: 2 })).toBe(189_900 + 3 * 49_900);
  });

  it('given a quantity below 1 or not a number, then that member is invalid and left out of the total', () => {
    expect(invalidGroupedMembers([IPHONE, AIRPODS], { IP: 0, APP: null })).toEqual(['IP', 'APP']);
    expect(groupedTotalInclTax([IPHONE, AIRPODS], { IP: 0, APP: 2 })).toBe(2 * 49_900);
  });
});

describe('the reviews’ summary', () => {
  it('given rated reviews, then the average is their mean to one decimal', () => {
    expect(reviewSummary([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ count: 3, average: 4.3 });
  });

  it('given reviews without ratings, then they are counted but the average is unknown', () => {
    expect(reviewSummary([{ rating: null }])).toEqual({ count: 1, average: null });
    expect(reviewSummary([])).toEqual({ count: 0, average: null });
  });
});

describe('which products have a size guide', () => {
  const product = (name: string, slug: string) => ({ name, category: [{ category_id: 1, name: slug, slug }] });

  it('given a watch or a strap, then it has one', () => {
    expect(hasSizeGuide(product('Apple Watch Ultra 3', 'apple-watch'))).toBe(true);
    expect(hasSizeGuide(product('Каишка Sport Band 46 мм', 'aksesoari'))).toBe(true);
  });

  it('given a phone or a computer, then it has none', () => {
    expect(hasSizeGuide(product('iPhone 17, 256 GB', 'iphone'))).toBe(false);
    expect(hasSizeGuide(product('MacBook Air 13" M4', 'macbook-air'))).toBe(false);
  });
});

// Spec section 9: "Related products: request 9, show at most 8, excluding the current product, deduplicated by sku."
describe('the related products shown', () => {
  const product = (sku: string) => catalogProduct({ sku });

  it('given candidates with the product itself and repeats, then each other sku once, at most 8', () => {
    const candidates = ['SELF', 'A', 'B', 'A', ...Array.from({ length: 8 }, (_, i) => `C${i}`)].map(product);
    const shown = shownRelated({ sku: 'SELF' }, candidates).map((p) => p.sku);
    expect(shown).toEqual(['A', 'B', 'C0', 'C1', 'C2', 'C3', 'C4', 'C5']);
  });
});
