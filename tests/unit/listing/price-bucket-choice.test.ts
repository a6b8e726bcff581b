import { describe, expect, it } from 'vitest';
import { isChosenBucket, priceOptions } from '../../../client/catalog/listing/price-bucket-choice.ts';
import { choosePriceRange, type ListingFilterState } from '../../../client/catalog/routing/index.ts';
import { formatFilterPath } from '../../../schema/routing/filter-path.ts';
import { levBoundOfEuro } from '../../../schema/catalog/rules/price-range.ts';

const bucket = (from: number, to: number, count = 1) => ({ from, to, count, label: '' });
const BUCKETS = [bucket(10_000, 20_000, 3), bucket(30_000, 40_000, 2)];
// A bucket as the engines give it: 100 - 200 €, in lev bounds (price-range.ts).
const EURO_BUCKET = bucket(levBoundOfEuro(10_000), levBoundOfEuro(20_000));

describe('the price buckets as filter toggles', () => {
  it('a bucket is pressed only when the range in force is exactly it', () => {
    expect(isChosenBucket(undefined, BUCKETS[0]!)).toBe(false);
    expect(isChosenBucket({ from: 10_000, to: 20_000 }, BUCKETS[0]!)).toBe(true);
    expect(isChosenBucket({ from: 10_000, to: null }, BUCKETS[0]!)).toBe(false);
  });

  it('the options are the buckets, the chosen one pressed', () => {
    expect(priceOptions(BUCKETS, { from: 30_000, to: 40_000 })).toEqual([
      { from: 10_000, to: 20_000, count: 3, pressed: false },
      { from: 30_000, to: 40_000, count: 2, pressed: true },
    ]);
    expect(priceOptions(BUCKETS, undefined).every((o) => !o.pressed)).toBe(true);
  });

  it('a range in force that is no bucket of this answer stays on the panel, pressed, in order, without a count', () => {
    expect(priceOptions(BUCKETS, { from: 18_000, to: 21_000 })).toEqual([
      { from: 10_000, to: 20_000, count: 3, pressed: false },
      { from: 18_000, to: 21_000, count: null, pressed: true },
      { from: 30_000, to: 40_000, count: 2, pressed: false },
    ]);
    expect(priceOptions([], { from: null, to: 50_000 })).toEqual([
      { from: null, to: 50_000, count: null, pressed: true },
    ]);
  });

  it('choosing a bucket writes the cena-from-to segment in euro; choosing it again removes it', () => {
    const [first] = priceOptions([EURO_BUCKET], undefined);
    const chosen = choosePriceRange<ListingFilterState>(
      { filters: {}, current: 3 },
      { from: first!.from, to: first!.to },
    );
    expect(chosen.price).toEqual({ from: EURO_BUCKET.from, to: EURO_BUCKET.to });
    expect(formatFilterPath(chosen.filters, chosen.price, [])).toBe('cena-100-200');
    const again = choosePriceRange(chosen, { from: first!.from, to: first!.to });
    expect(again.price).toBeUndefined();
    expect(formatFilterPath(again.filters, again.price, [])).toBe('');
  });
});
