import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBgn, formatEur } from '../../../schema/money/currency.ts';
import {
  formatAmountByHand,
  formatEuroByHand,
  formatHundredthsByHand,
  formatShortDecimalByHand,
} from '../../../schema/money/format-amount.ts';

/** What the shop showed before prices were written by hand: Intl, as currency.ts configured it. */
const intlAmount = (minor: number, locale: string): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(
    minor / 100,
  );
const intlEuro = (minor: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(minor / 100);

const LOCALES = ['bg-BG', 'bg', 'en-GB', 'en', 'en-US'] as const;

/** Small, everyday and huge amounts alike, negatives and -0 included. */
const amounts = fc.oneof(
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(0, -0, 1, -1, 99, 100, 999_99, 1_000_00, 999_999_999_999_999, 1e15, -1e15),
);

describe('prices written by hand read exactly as Intl writes them', () => {
  it('any whole number of stotinki or cents, in Bulgarian and English', () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom(...LOCALES), (minor, locale) => {
        // Leva read "лв." after the figure in Bulgarian, "BGN" before it in English (issue 29, item 12).
        const amount = intlAmount(minor, locale);
        expect(formatBgn(minor, locale)).toBe(locale.startsWith('bg') ? `${amount}\u00a0лв.` : `BGN\u00a0${amount}`);
        expect(formatEur(minor, locale)).toBe(intlEuro(minor, locale));
      }),
      { numRuns: 5_000 },
    );
  });

  it('a fraction of a cent, another locale or a figure too large to be exact is left to Intl, which rounds it', () => {
    expect(formatAmountByHand(12.5, 'bg-BG')).toBeNull();
    expect(formatEuroByHand(100, 'de-DE')).toBeNull();
    expect(formatEuroByHand(1e15, 'en-GB')).toBeNull();
    expect(formatBgn(12.5, 'bg-BG')).toBe(`${intlAmount(12.5, 'bg-BG')}\u00a0лв.`);
    expect(formatEur(123_456, 'de-DE')).toBe(intlEuro(123_456, 'de-DE'));
    expect(formatEur(Number.NaN, 'en-GB')).toBe(intlEuro(Number.NaN, 'en-GB'));
  });

  it('Bulgarian groups with a no-break space and a decimal comma; English with commas, the euro sign first', () => {
    expect(formatEuroByHand(-123_456_789, 'bg-BG')).toBe('-1\u00a0234\u00a0567,89\u00a0€');
    expect(formatEuroByHand(-123_456_789, 'en-GB')).toBe('-€1,234,567.89');
    expect(formatAmountByHand(5, 'bg-BG')).toBe('0,05');
  });
});

describe('rates written by hand read exactly as Intl writes them', () => {
  const intlHundredths = (value: number, locale: string): string =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

  it("any figure with two decimals under 1000 (a credit offer's ГЛП and ГПР), in Bulgarian and English", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999, max: 99_999 }), fc.constantFrom(...LOCALES), (hundredths, locale) => {
        const value = hundredths / 100;
        expect(formatHundredthsByHand(value, locale)).toBe(intlHundredths(value, locale));
      }),
      { numRuns: 5_000 },
    );
    expect(formatHundredthsByHand(10.47, 'bg-BG')).toBe('10,47');
    expect(formatHundredthsByHand(50.75, 'en-GB')).toBe('50.75');
  });

  it('a figure of 1000 or more, more decimals or another locale is left to Intl', () => {
    expect(formatHundredthsByHand(1000, 'bg-BG')).toBeNull();
    expect(formatHundredthsByHand(10.475, 'bg-BG')).toBeNull();
    expect(formatHundredthsByHand(10.47, 'de-DE')).toBeNull();
  });
});

describe('a short figure written by hand reads as toLocaleString writes it', () => {
  it("any figure with at most two decimals under 1000 (a review's average), in Bulgarian and English", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999, max: 99_999 }), fc.constantFrom(...LOCALES), (hundredths, locale) => {
        const value = hundredths / 100;
        expect(formatShortDecimalByHand(value, locale)).toBe(value.toLocaleString(locale));
      }),
      { numRuns: 5_000 },
    );
    expect(formatShortDecimalByHand(4.5, 'bg-BG')).toBe('4,5');
    expect(formatShortDecimalByHand(4, 'en-GB')).toBe('4');
    expect(formatShortDecimalByHand(-0, 'bg-BG')).toBe((-0).toLocaleString('bg-BG'));
  });

  it('more decimals or another locale is left to Intl', () => {
    expect(formatShortDecimalByHand(4.125, 'bg-BG')).toBeNull();
    expect(formatShortDecimalByHand(4.5, 'de-DE')).toBeNull();
  });
});
