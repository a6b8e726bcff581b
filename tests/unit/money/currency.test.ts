import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BGN_PER_EUR, bgnToEurCents, formatBgn, formatDualPrice, formatEur } from '../../../schema/money/currency.ts';

const NBSP = '\u00a0';
/** What the spec's truncated rate 1.9558 would give, rounded to the nearest cent. */
const withTruncatedRate = (stotinki: number) => Math.round((stotinki * 10_000) / 19_558);

describe('converting leva to euro at the fixed rate 1.95583', () => {
  it('100 лв is €51.13', () => {
    expect(bgnToEurCents(10_000)).toBe(5_113);
  });

  it('2,399 лв is €1,226.59, not the €1,226.61 the truncated rate 1.9558 gives', () => {
    expect(bgnToEurCents(239_900)).toBe(122_659);
    expect(withTruncatedRate(239_900)).toBe(122_661);
  });

  it('nothing costs nothing; one stotinka is half a cent and rounds up to one cent', () => {
    expect(bgnToEurCents(0)).toBe(0);
    expect(bgnToEurCents(1)).toBe(1); // 0.511 cents
    expect(bgnToEurCents(2)).toBe(1); // 1.023 cents
    expect(bgnToEurCents(3)).toBe(2); // 1.534 cents
  });

  it('the rate is exactly 1.95583 BGN per EUR', () => {
    expect(BGN_PER_EUR.numerator / BGN_PER_EUR.denominator).toBe(1.95583);
  });

  // No amount of stotinki lands exactly on half a cent (1.95583 has an odd numerator, 195583), so rounding
  // half-up is checked as a property: the euro figure is the nearest cent, within half a cent.
  it('every amount converts to the nearest cent (up to 900 million лв)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90_000_000_000 }), (stotinki) => {
        const cents = bgnToEurCents(stotinki);
        const errorScaled = cents * BGN_PER_EUR.numerator - stotinki * BGN_PER_EUR.denominator;
        expect(2 * Math.abs(errorScaled)).toBeLessThanOrEqual(BGN_PER_EUR.numerator);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a dearer price never converts to fewer euro', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e6), (a, extra) => {
        expect(bgnToEurCents(a + extra)).toBeGreaterThanOrEqual(bgnToEurCents(a));
      }),
    );
  });
});

describe('showing prices', () => {
  it('puts "лв." after the amount, never wrapped apart from it, with the Bulgarian decimal comma', () => {
    expect(formatBgn(239_900)).toBe(`2${NBSP}399,00${NBSP}лв.`);
    expect(formatBgn(1_234_550)).toBe(`12${NBSP}345,50${NBSP}лв.`);
    expect(formatBgn(50)).toBe(`0,50${NBSP}лв.`);
  });

  it('shows euro the Bulgarian way and the English way', () => {
    expect(formatEur(122_659)).toBe(`1${NBSP}226,59${NBSP}€`);
    expect(formatEur(122_659, 'en-US')).toBe('€1,226.59');
  });

  it('shows both currencies, the chosen one first', () => {
    expect(formatDualPrice(10_000, 'EUR')).toEqual({
      primary: `51,13${NBSP}€`,
      secondary: `(за информация: 100,00${NBSP}лв.)`,
    });
    expect(formatDualPrice(10_000, 'BGN')).toEqual({ primary: `100,00${NBSP}лв.`, secondary: `51,13${NBSP}€` });
  });

  it('the euro figure is the converted one, not the lev figure relabelled', () => {
    expect(formatDualPrice(239_900, 'EUR', 'en-US').primary).toBe('€1,226.59');
  });
});

describe('leva in English (issue 29, item 12)', () => {
  it('are BGN, the currency code an English reader knows, never the Bulgarian "лв."', () => {
    expect(formatBgn(129_900, 'en-GB')).toBe('BGN\u00a01,299.00');
    expect(formatBgn(129_900, 'bg-BG')).toBe('1\u00a0299,00\u00a0лв.');
  });
});
