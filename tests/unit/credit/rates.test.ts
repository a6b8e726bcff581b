import { describe, expect, it } from 'vitest';
import {
  CREDIT_PROVIDERS,
  GPR_CAP_PERCENT,
  termOffer,
  type CreditPricing,
  type CreditProvider,
} from '../../../schema/credit/index.ts';
import { annualPercentageRate, annuityInstalment, percent2 } from '../../../schema/credit/rates.ts';

/** A provider priced as BULGARIA.md's worked examples are, on the store's unicredit entry (any provider would do). */
const priced = (pricing: CreditPricing, upfrontFeeEur = 0): CreditProvider => ({
  ...CREDIT_PROVIDERS[0]!,
  pricing,
  upfrontFeeEur,
  minCreditEur: 0,
  terms: [
    { months: 12, minCreditEur: 0 },
    { months: 36, minCreditEur: 0 },
  ],
});

// BULGARIA.md "Consumer credit": the worked examples, reproduced to the cent and the hundredth of a percent.
describe('the credit figures of BULGARIA.md', () => {
  it('given €1,000 over 12 months at ГЛП 10%, then €87.92 a month, €1,054.99 in total, ГЛП 10%, ГПР 10.47%', () => {
    expect(termOffer(priced({ kind: 'annuity', annualRate: 0.1 }), 100_000, 12)).toEqual({
      months: 12,
      perMonthEur: 8_792,
      lastInstalmentEur: 8_787,
      totalEur: 105_499,
      feeEur: 0,
      glp: 10,
      gpr: 10.47,
    });
  });

  it('given the same credit with a €25 fee paid when it is drawn, then ГПР is 15.86% and the fee is in the total', () => {
    const offer = termOffer(priced({ kind: 'annuity', annualRate: 0.1 }, 2_500), 100_000, 12);
    expect(offer?.gpr).toBe(15.86);
    expect(offer?.glp).toBe(10);
    expect(offer?.perMonthEur).toBe(8_792);
    expect(offer?.totalEur).toBe(105_499 + 2_500);
  });

  it('given a flat 1.5% a month on €1,000 over 12 months, then €98.33 a month, ГЛП 31.72%, ГПР 36.76%', () => {
    const offer = termOffer(priced({ kind: 'flat', monthlyMarkup: 0.015 }), 100_000, 12);
    expect(offer).toMatchObject({ perMonthEur: 9_833, totalEur: 118_000, glp: 31.72, gpr: 36.76 });
  });

  it('given a 0% scheme, then the price is spread evenly and both rates are 0', () => {
    expect(termOffer(priced({ kind: 'flat', monthlyMarkup: 0 }), 120_000, 12)).toMatchObject({
      perMonthEur: 10_000,
      glp: 0,
      gpr: 0,
    });
  });
});

describe('the legal cap on ГПР (5 x 10.15% = 50.75%)', () => {
  it('is 50.75%', () => {
    expect(GPR_CAP_PERCENT).toBeCloseTo(50.75, 10);
  });

  it('given a markup whose ГПР is over the cap, then the term is not offered', () => {
    const provider = priced({ kind: 'flat', monthlyMarkup: 0.03 });
    expect(termOffer(provider, 100_000, 12)).toBeUndefined();
  });

  it('given a fee that pushes a small credit over the cap, then the term is not offered, and a larger credit is', () => {
    const provider = priced({ kind: 'annuity', annualRate: 0.2 }, 2_500);
    expect(termOffer(provider, 5_000, 12)).toBeUndefined();
    expect(termOffer(provider, 200_000, 12)?.gpr).toBeLessThanOrEqual(50.75);
  });

  it('given the store’s providers, then no term any of them offers is over the cap', () => {
    for (const provider of CREDIT_PROVIDERS) {
      for (const price of [10_000, 30_000, 150_000, 2_000_000]) {
        for (const rule of provider.terms) {
          const offer = termOffer(provider, price, rule.months);
          if (offer) expect(offer.gpr).toBeLessThanOrEqual(GPR_CAP_PERCENT);
        }
      }
    }
  });
});

// The Directive's equation written out month by month, as a shopper's calculator would: the reference the store's
// summed-in-closed-form ГПР must agree with.
const directiveRate = (principal: number, instalment: number, months: number, fee: number): number => {
  const owedNow = (x: number): number => {
    let sum = 0;
    for (let k = 1; k <= months; k += 1) sum += instalment * (1 + x) ** (-k / 12);
    return sum - (principal - fee);
  };
  let low = 0;
  let high = 1000;
  for (let i = 0; i < 200; i += 1) {
    const mid = (low + high) / 2;
    if (owedNow(mid) > 0) low = mid;
    else high = mid;
  }
  return low;
};

describe('ГПР as the Directive sums it', () => {
  it('given credits from €50 to €25,000 over 3 to 36 months, with and without a fee, then the same ГПР to the hundredth', () => {
    for (const principal of [5_000, 12_345, 100_000, 333_333, 2_500_000]) {
      for (const months of [3, 6, 10, 12, 24, 36]) {
        for (const fee of [0, 2_500]) {
          for (const instalment of [principal / months + 1, annuityInstalment(principal, 0.149 / 12, months)]) {
            const expected = directiveRate(principal, instalment, months, fee);
            const actual = annualPercentageRate(principal, instalment, months, fee);
            expect(percent2(actual)).toBe(percent2(expected));
            expect(Math.abs(actual - expected)).toBeLessThan(1e-12 * Math.max(1, expected));
          }
        }
      }
    }
  });

  it('given a rate just above 0, then no digits are lost near 0', () => {
    const instalment = 100_000 / 12 + 0.01;
    const actual = annualPercentageRate(100_000, instalment, 12);
    expect(actual).toBeGreaterThan(0);
    expect(actual).toBeCloseTo(directiveRate(100_000, instalment, 12, 0), 12);
  });
});
