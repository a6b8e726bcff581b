import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsOfValue, eurValueOf } from '../../../sync-server/payments/paypal/paypal-money.ts';

describe("PayPal's amount value", () => {
  it('given euro cents, when written for PayPal, then it has exactly two decimals and a dot', () => {
    expect(eurValueOf(1234)).toBe('12.34');
    expect(eurValueOf(5)).toBe('0.05');
    expect(eurValueOf(100_000)).toBe('1000.00');
    expect(eurValueOf(0)).toBe('0.00');
  });

  it('given something that is not whole cents, when written, then it is refused rather than rounded', () => {
    expect(() => eurValueOf(12.5)).toThrow(RangeError);
    expect(() => eurValueOf(-1)).toThrow(RangeError);
    expect(() => eurValueOf(Number.NaN)).toThrow(RangeError);
  });

  it("given PayPal's value, when read, then it is the cents it names (one or two decimals, or none)", () => {
    expect(centsOfValue('12.34')).toBe(1234);
    expect(centsOfValue('12')).toBe(1200);
    expect(centsOfValue('12.5')).toBe(1250);
    expect(centsOfValue('0.05')).toBe(5);
  });

  it('given a value in another shape, when read, then it is not a number of cents', () => {
    for (const bad of ['', '12.345', '1,00', '-1.00', '1e3', ' 12.34', '12.', '.5', 'NaN'])
      expect(centsOfValue(bad), bad).toBeUndefined();
  });

  it('given any amount, when written and read back, then it is the same number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(centsOfValue(eurValueOf(cents))).toBe(cents);
      }),
    );
  });
});
