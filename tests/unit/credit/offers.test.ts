import { describe, expect, it } from 'vitest';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import {
  CREDIT_PROVIDER_IDS,
  DEFAULT_CREDIT_PROVIDER,
  creditOffers,
  lowestMonthlyOffer,
} from '../../../schema/credit/index.ts';

const monthsOf = (price: number, provider: 'jetcredit' | 'unicredit' | 'dsk', down = 0) =>
  creditOffers(price, down, provider)[0]!.terms.map((t) => t.months);

describe('the providers', () => {
  it('are the spec’s: 8 jetcredit, 10 unicredit, 14 dsk, unicredit by default and listed first', () => {
    expect(CREDIT_PROVIDER_IDS).toEqual({ jetcredit: 8, unicredit: 10, dsk: 14 });
    expect(DEFAULT_CREDIT_PROVIDER).toBe('unicredit');
    expect(creditOffers(100_000).map((o) => [o.providerId, o.provider])).toEqual([
      [10, 'unicredit'],
      [8, 'jetcredit'],
      [14, 'dsk'],
    ]);
  });
});

describe("Jet's term rules (BULGARIA.md)", () => {
  it('given €1,000, then every one of its terms 3 to 36 is offered', () => {
    expect(monthsOf(100_000, 'jetcredit')).toEqual([3, 6, 9, 10, 12, 15, 18, 24, 30, 36]);
  });

  it('given a credit under 400 лв, then 15 to 36 months are not offered', () => {
    expect(monthsOf(bgnToEurCents(40_000) - 1, 'jetcredit')).toEqual([3, 6, 9, 10, 12]);
  });

  it('given a credit of 400 лв up to under 600 лв, then 15 to 24 months are, and 30 to 36 are not', () => {
    expect(monthsOf(bgnToEurCents(40_000), 'jetcredit')).toEqual([3, 6, 9, 10, 12, 15, 18, 24]);
    expect(monthsOf(bgnToEurCents(60_000) - 1, 'jetcredit')).toEqual([3, 6, 9, 10, 12, 15, 18, 24]);
    expect(monthsOf(bgnToEurCents(60_000), 'jetcredit')).toContain(36);
  });

  it('given a down payment, then the rules apply to the credit, not the price', () => {
    expect(monthsOf(100_000, 'jetcredit', 100_000 - bgnToEurCents(40_000) + 1)).toEqual([3, 6, 9, 10, 12]);
  });

  it('given its flat markup, then the instalment is credit / n x (1 + n x p), p = 1.19%', () => {
    const twelve = creditOffers(100_000, 0, 'jetcredit')[0]!.terms.find((t) => t.months === 12)!;
    expect(twelve.perMonthEur).toBe(Math.round((100_000 / 12) * (1 + 12 * 0.0119)));
  });
});

describe("UniCredit's coefficients", () => {
  it('given a price less a down payment, then the instalment is the credit times the term’s coefficient', () => {
    const offers = creditOffers(150_000, 50_000, 'unicredit')[0]!;
    expect(offers.creditAmountEur).toBe(100_000);
    expect(offers.terms.find((t) => t.months === 12)?.perMonthEur).toBe(8_950);
  });

  it('given a credit under its €150 minimum, then nothing is offered', () => {
    expect(monthsOf(14_999, 'unicredit')).toEqual([]);
  });
});

describe('the calculator', () => {
  it('given a longer term, then a smaller instalment and a larger total', () => {
    const terms = creditOffers(200_000, 0, 'dsk')[0]!.terms;
    for (let i = 1; i < terms.length; i += 1) {
      expect(terms[i]!.perMonthEur).toBeLessThan(terms[i - 1]!.perMonthEur);
      expect(terms[i]!.totalEur).toBeGreaterThan(terms[i - 1]!.totalEur);
    }
  });

  it('given a down payment not below the price, or a negative one, then nothing is offered', () => {
    expect(creditOffers(100_000, 100_000).every((o) => o.terms.length === 0)).toBe(true);
    expect(creditOffers(100_000, -1).every((o) => o.terms.length === 0)).toBe(true);
  });

  it("given a price, then the product page's lowest instalment is the smallest across providers and terms", () => {
    const lowest = lowestMonthlyOffer(100_000)!;
    const all = creditOffers(100_000).flatMap((o) => o.terms.map((t) => t.perMonthEur));
    expect(lowest.offer.perMonthEur).toBe(Math.min(...all));
  });

  it("given a price, then the page's table is every term of the lowest instalment's provider", () => {
    const lowest = lowestMonthlyOffer(100_000)!;
    expect(lowest.terms).toEqual(creditOffers(100_000, 0, lowest.provider)[0]!.terms);
    expect(lowest.terms).toContainEqual(lowest.offer);
  });

  it('given a price too small for any provider, then there is no "from X a month"', () => {
    expect(lowestMonthlyOffer(5_000)).toBeUndefined();
  });
});
