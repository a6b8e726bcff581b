import { describe, expect, it } from 'vitest';
import { priceFields, retailLeva, specialLeva, specialWindowDates } from '../../../tools/catalog/pricing.ts';
import { createRandom } from '../../../tools/catalog/random.ts';

describe('the seeded random stream', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    const c = createRandom(2);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });

  it('int stays within its bounds and reaches both', () => {
    const random = createRandom(9);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 5)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('shelf prices', () => {
  it('rounds to retail figures', () => {
    expect(retailLeva(2_350)).toBe(2_399);
    expect(retailLeva(2_399)).toBe(2_399);
    expect(retailLeva(180)).toBe(199);
    expect(retailLeva(41)).toBe(49);
    expect(specialLeva(2_399, 0.9)).toBe(2_099);
    expect(specialLeva(49, 0.95)).toBeLessThan(49);
  });

  it('keeps price net and derives the VAT figures from it', () => {
    const fields = priceFields(239_900, null);
    expect(fields).toEqual({
      price: 199_917,
      special_price: null,
      special_from_date: null,
      special_to_date: null,
      priceInclTax: 239_900,
      priceTax: 39_983,
      specialPriceInclTax: null,
    });
  });

  it('places the windows around now', () => {
    const day = Date.parse('2025-11-20T00:00:00Z');
    const now = day + 10 * 3_600_000;
    const random = createRandom(4);
    for (let i = 0; i < 50; i += 1) {
      const current = specialWindowDates('current', day, random);
      expect(Date.parse(current.from!)).toBeLessThan(now);
      expect(Date.parse(current.to!)).toBeGreaterThan(now);
      expect(Date.parse(specialWindowDates('past', day, random).to!)).toBeLessThan(now);
      expect(Date.parse(specialWindowDates('future', day, random).from!)).toBeGreaterThan(now);
      expect(specialWindowDates('open', day, random).to).toBeNull();
    }
  });
});
