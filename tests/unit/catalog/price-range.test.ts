import { describe, expect, it } from 'vitest';
import {
  levBoundOfEuro,
  priceBucketLabel,
  priceRangeBuckets,
  priceRangeStep,
} from '../../../schema/catalog/rules/price-range.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';

const NBSP = '\u00a0';
const eur = (euro: number) => euro * 100;
const lv = (leva: number) => Math.round(leva * 100);

// Spec section 9: "Price range step: spread under 500 gives 100; 500 to 1500 gives 300; otherwise 500. Labels use
// the currency sign." The shop's currency is the euro (issue 29, item 6): the spread, the steps and the labels are
// in euro, like every other price the shopper reads.
describe('the price range step', () => {
  it('given a spread under 500 €, then the step is 100 €', () => {
    expect(priceRangeStep(0)).toBe(eur(100));
    expect(priceRangeStep(eur(499.99))).toBe(eur(100));
  });

  it('given a spread from 500 to 1500 € (both included), then the step is 300 €', () => {
    expect(priceRangeStep(eur(500))).toBe(eur(300));
    expect(priceRangeStep(eur(1500))).toBe(eur(300));
  });

  it('given a spread above 1500 €, then the step is 500 €', () => {
    expect(priceRangeStep(eur(1500.01))).toBe(eur(500));
    expect(priceRangeStep(eur(9000))).toBe(eur(500));
  });
});

describe('a euro bound as a lev bound', () => {
  it('is the lowest lev price whose euro price reaches it: 977,91 лв. shows 500,00 €, 977,90 лв. 499,99 €', () => {
    expect(levBoundOfEuro(eur(500))).toBe(lv(977.91));
    expect(bgnToEurCents(lv(977.91))).toBe(eur(500));
    expect(bgnToEurCents(lv(977.9))).toBe(eur(499.99));
    expect(levBoundOfEuro(0)).toBe(0);
  });

  it('for any euro amount, the lev prices at or above the bound are exactly those whose euro price is at or above it', () => {
    for (let cents = 1; cents < 2_000_000; cents += 9_973) {
      const bound = levBoundOfEuro(cents);
      expect(bgnToEurCents(bound)).toBeGreaterThanOrEqual(cents);
      expect(bgnToEurCents(bound - 1)).toBeLessThan(cents);
    }
  });
});

describe('the price range buckets', () => {
  it('given accessories from 39 to 349 лв. (19,94 to 178,44 €), then 100 € buckets labelled in euro', () => {
    const buckets = priceRangeBuckets([lv(39), lv(49.9), lv(129), lv(349)]);
    expect(buckets).toEqual([
      { from: 0, to: levBoundOfEuro(eur(100)), count: 3, label: `0 - 100${NBSP}€` },
      { from: levBoundOfEuro(eur(100)), to: levBoundOfEuro(eur(200)), count: 1, label: `100 - 200${NBSP}€` },
    ]);
  });

  it('given MacBooks from 1 999 to 8 999 лв. (1 022,09 to 4 601,02 €), then 500 € buckets with grouped thousands', () => {
    const buckets = priceRangeBuckets([lv(1999), lv(2399), lv(8999)]);
    expect(buckets.map((b) => [bgnToEurCents(b.from), bgnToEurCents(b.to), b.count])).toEqual([
      [eur(1000), eur(1500), 2],
      [eur(4500), eur(5000), 1],
    ]);
    expect(buckets[0]?.label).toBe(`1${NBSP}000 - 1${NBSP}500${NBSP}€`);
  });

  it('given iPhones at 1 899 and 3 099 лв. (970,94 and 1 584,48 €, spread 613,54 €), then 300 € buckets', () => {
    expect(priceRangeBuckets([lv(1899), lv(3099)]).map((b) => b.label)).toEqual([
      `900 - 1${NBSP}200${NBSP}€`,
      `1${NBSP}500 - 1${NBSP}800${NBSP}€`,
    ]);
  });

  it('given a price whose euro figure is exactly on a boundary, then it is in the bucket it starts', () => {
    // 195,58 лв. is 100,00 €; 195,57 лв. is 99,99 €.
    expect(priceRangeBuckets([lv(195.57), lv(195.58)]).map((b) => [b.label, b.count])).toEqual([
      [`0 - 100${NBSP}€`, 1],
      [`100 - 200${NBSP}€`, 1],
    ]);
  });

  it('given a bucket, then a lev price is inside it exactly when its euro price is (the bounds filter the same)', () => {
    const prices = [lv(977.9), lv(977.91), lv(1955.82), lv(1955.83), lv(3000)];
    for (const bucket of priceRangeBuckets(prices)) {
      const inside = prices.filter((p) => p >= bucket.from && p < bucket.to);
      expect(inside).toHaveLength(bucket.count);
    }
  });

  it("given prices of 0 ('очаква се') or none at all, then they belong to no range", () => {
    expect(priceRangeBuckets([0, lv(250)]).map((b) => b.label)).toEqual([`100 - 200${NBSP}€`]);
    expect(priceRangeBuckets([])).toEqual([]);
    expect(priceRangeBuckets([0])).toEqual([]);
  });

  it('given English, then the euro sign goes before each amount, as English prices read', () => {
    expect(priceBucketLabel(eur(1000), eur(1500), 'en-GB')).toBe('€1,000 - €1,500');
  });
});
