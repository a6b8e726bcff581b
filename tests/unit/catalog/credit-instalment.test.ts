import { describe, expect, it } from 'vitest';
import {
  CREDIT_TERMS_MONTHS,
  creditOffers,
  monthlyInstalment,
} from '../../../schema/catalog/rules/credit-instalment.ts';

// BULGARIA.md: "€1,000 over 12 months at ГЛП 10% costs €87.92 a month (€1,054.99 in total)".
describe('the monthly credit instalment (annuity formula)', () => {
  it('given €1,000 over 12 months at 10%, then the instalment is €87.92', () => {
    expect(monthlyInstalment(100_000, 10, 12)).toBe(8_792);
  });

  it('given a longer term, then each instalment is smaller but the total paid is larger', () => {
    const short = monthlyInstalment(189_900, 10, 12);
    const long = monthlyInstalment(189_900, 10, 24);
    expect(long).toBeLessThan(short);
    expect(long * 24).toBeGreaterThan(short * 12);
  });

  it('given a 0% rate, then the price is spread evenly, half-up to the stotinka', () => {
    expect(monthlyInstalment(100_000, 0, 12)).toBe(8_333);
    expect(monthlyInstalment(100_010, 0, 4)).toBe(25_003);
  });

  it('given a term that is not a whole number of months, then it throws', () => {
    expect(() => monthlyInstalment(100_000, 10, 0)).toThrow(RangeError);
    expect(() => monthlyInstalment(100_000, 10, 1.5)).toThrow(RangeError);
    expect(() => monthlyInstalment(100_000, -1, 12)).toThrow(RangeError);
  });
});

describe('the credit offers of a price', () => {
  it('given a price, then there is one offer per standard term with its monthly and total amounts', () => {
    const offers = creditOffers(100_000, CREDIT_TERMS_MONTHS, 10);
    expect(offers.map((o) => o.months)).toEqual([12, 24]);
    expect(offers[0]).toEqual({ months: 12, monthly: 8_792, total: 8_792 * 12 });
  });

  it('given no price, then there is no offer', () => {
    expect(creditOffers(0)).toEqual([]);
  });
});
