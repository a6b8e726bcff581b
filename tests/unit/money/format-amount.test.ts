import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBgn, formatEur } from '../../../schema/money/currency.ts';
import { formatAmountByHand, formatEuroByHand } from '../../../schema/money/format-amount.ts';

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
        expect(formatBgn(minor, locale)).toBe(`${intlAmount(minor, locale)}\u00a0лв.`);
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
