import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../schema/catalog/rules/format-price.ts';
import { DEFAULT_PRICE_DISPLAY, priceDisplaySchema } from '../../../schema/catalog/rules/price-display.ts';

const NBSP = '\u00a0';

// Spec section 5: "Price formatting: 2 decimals, 'Negotiable' for null or zero price, a minus sign for negatives.
// Euro display divides by the rate." Section 9: "Currency BGN, sign 'лв.' after the amount".
// BULGARIA.md: the rate is exactly 1.95583, half-up to the cent; from 2026 the euro price comes first.
describe('formatting a price', () => {
  it('given a price, then it has 2 decimals, "лв." after the amount, and the euro figure beside it', () => {
    expect(formatPrice(239_900)).toEqual({
      kind: 'amount',
      primary: `2${NBSP}399,00${NBSP}лв.`,
      secondary: `1${NBSP}226,59${NBSP}€`,
    });
  });

  it('given 100 лв, then the euro figure is €51.13 (divided by 1.95583, half-up)', () => {
    expect(formatPrice(10_000)).toMatchObject({ secondary: `51,13${NBSP}€` });
  });

  it('given a null or zero price, then it is negotiable, for the view to translate ("очаква се")', () => {
    expect(formatPrice(null)).toEqual({ kind: 'negotiable' });
    expect(formatPrice(0)).toEqual({ kind: 'negotiable' });
    expect(formatPrice(undefined)).toEqual({ kind: 'negotiable' });
  });

  it('given a negative amount (a discount line), then it shows a minus sign in both currencies', () => {
    expect(formatPrice(-239_900)).toEqual({
      kind: 'amount',
      primary: `-2${NBSP}399,00${NBSP}лв.`,
      secondary: `-1${NBSP}226,59${NBSP}€`,
    });
  });

  it("given the spec's default display, then BGN comes first", () => {
    expect(DEFAULT_PRICE_DISPLAY).toBe('BGN');
  });

  it("given the 'EUR' display (the rule since 2026), then euro comes first and leva second", () => {
    expect(formatPrice(239_900, 'EUR')).toEqual({
      kind: 'amount',
      primary: `1${NBSP}226,59${NBSP}€`,
      // The euro figure's leva, marked as information (issue 29): 1 226,59 € × 1.95583 = 2 399,00 лв.
      secondary: `(за информация: 2${NBSP}399,00${NBSP}лв.)`,
    });
  });

  it("given the 'EUR-only' display, then there is no lev figure", () => {
    expect(formatPrice(239_900, 'EUR-only')).toEqual({
      kind: 'amount',
      primary: `1${NBSP}226,59${NBSP}€`,
      secondary: null,
    });
  });

  it('given the English locale, then the digits follow it', () => {
    expect(formatPrice(239_900, 'EUR', 'en-US')).toMatchObject({ primary: '€1,226.59' });
  });

  it('the setting accepts only the three displays', () => {
    expect(priceDisplaySchema.options).toEqual(['BGN', 'EUR', 'EUR-only']);
    expect(priceDisplaySchema.safeParse('USD').success).toBe(false);
  });
});
