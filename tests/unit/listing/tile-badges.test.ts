import { describe, expect, it } from 'vitest';
import { tileBadges } from '../../../schema/catalog/tile/tile-badges.ts';
import { catalogProduct } from '../catalog/fixtures.ts';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('spec: "the image with badges: sale, new, bundle, end-of-life (EOL)"', () => {
  it('a plain product has none', () => {
    expect(tileBadges(catalogProduct(), NOW)).toEqual([]);
  });

  it('each flag gives its badge, in the order sale, new, bundle, EOL', () => {
    expect(tileBadges(catalogProduct({ sale: true }), NOW)).toEqual(['sale']);
    expect(tileBadges(catalogProduct({ promo: true }), NOW)).toEqual(['sale']);
    expect(tileBadges(catalogProduct({ new: true }), NOW)).toEqual(['new']);
    expect(tileBadges(catalogProduct({ type_id: 'bundle' }), NOW)).toEqual(['bundle']);
    expect(tileBadges(catalogProduct({ is_old: 1 }), NOW)).toEqual(['eol']);
    expect(
      tileBadges(catalogProduct({ is_old: 1, type_id: 'bundle', new: true, sale: true, promo: true }), NOW),
    ).toEqual(['sale', 'new', 'bundle', 'eol']);
  });

  it('a special price in force gives the sale badge; one outside its window or not below the price does not', () => {
    const special = { special_price: 150_000, specialPriceInclTax: 180_000 };
    expect(tileBadges(catalogProduct({ ...special, special_from_date: '2026-02-01' }), NOW)).toEqual(['sale']);
    expect(tileBadges(catalogProduct({ ...special, special_from_date: '2026-04-01' }), NOW)).toEqual([]);
    expect(tileBadges(catalogProduct({ ...special, special_to_date: '2026-02-28' }), NOW)).toEqual([]);
    expect(tileBadges(catalogProduct({ special_price: 199_900 }), NOW)).toEqual([]);
  });

  it('a configurable, grouped or simple product is no bundle', () => {
    for (const type_id of ['simple', 'configurable', 'grouped', 'downloadable'] as const) {
      expect(tileBadges(catalogProduct({ type_id }), NOW)).not.toContain('bundle');
    }
  });
});
