import { describe, expect, it } from 'vitest';
import { priceBucketLabel, priceRangeBuckets, priceRangeStep } from '../../../schema/catalog/rules/price-range.ts';

const NBSP = '\u00a0';
const lv = (leva: number) => leva * 100;

// Spec section 9: "Price range step: spread under 500 gives 100; 500 to 1500 gives 300; otherwise 500. Labels use
// the currency sign."
describe('the price range step', () => {
  it('given a spread under 500 лв, then the step is 100 лв', () => {
    expect(priceRangeStep(0)).toBe(lv(100));
    expect(priceRangeStep(lv(499.99))).toBe(lv(100));
  });

  it('given a spread from 500 to 1500 лв (both included), then the step is 300 лв', () => {
    expect(priceRangeStep(lv(500))).toBe(lv(300));
    expect(priceRangeStep(lv(1500))).toBe(lv(300));
  });

  it('given a spread above 1500 лв, then the step is 500 лв', () => {
    expect(priceRangeStep(lv(1500.01))).toBe(lv(500));
    expect(priceRangeStep(lv(9000))).toBe(lv(500));
  });
});

describe('the price range buckets', () => {
  it('given accessories from 39 to 349 лв, then 100 лв buckets aligned to multiples of 100, labelled in лв', () => {
    const buckets = priceRangeBuckets([lv(39), lv(49.9), lv(129), lv(349)]);
    expect(buckets).toEqual([
      { from: 0, to: lv(100), count: 2, label: `0 - 100${NBSP}лв.` },
      { from: lv(100), to: lv(200), count: 1, label: `100 - 200${NBSP}лв.` },
      { from: lv(300), to: lv(400), count: 1, label: `300 - 400${NBSP}лв.` },
    ]);
  });

  it('given MacBooks from 1 999 to 8 999 лв, then 500 лв buckets with grouped thousands', () => {
    const buckets = priceRangeBuckets([lv(1999), lv(2399), lv(8999)]);
    expect(buckets.map((b) => [b.from, b.to, b.count])).toEqual([
      [lv(1500), lv(2000), 1],
      [lv(2000), lv(2500), 1],
      [lv(8500), lv(9000), 1],
    ]);
    expect(buckets[0]?.label).toBe(`1${NBSP}500 - 2${NBSP}000${NBSP}лв.`);
  });

  it('given iPads from 799 to 2 199 лв (spread 1 400), then 300 лв buckets at multiples of 300', () => {
    expect(priceRangeBuckets([lv(799), lv(1199), lv(2199)]).map((b) => [b.from / 100, b.to / 100])).toEqual([
      [600, 900],
      [900, 1200],
      [2100, 2400],
    ]);
  });

  it('given a price exactly on a boundary, then it is in the bucket it starts (from inclusive, to exclusive)', () => {
    expect(priceRangeBuckets([lv(100), lv(200)]).map((b) => [b.from, b.count])).toEqual([
      [lv(100), 1],
      [lv(200), 1],
    ]);
  });

  it("given prices of 0 ('очаква се') or none at all, then they belong to no range", () => {
    expect(priceRangeBuckets([0, lv(150)]).map((b) => b.from)).toEqual([lv(100)]);
    expect(priceRangeBuckets([])).toEqual([]);
    expect(priceRangeBuckets([0])).toEqual([]);
  });

  it('given euro cents, then the label carries the euro sign', () => {
    expect(priceBucketLabel(lv(100), lv(200), 'EUR')).toBe(`100 - 200${NBSP}€`);
  });
});
