import { bgnToEurCents, levBoundOfEuro } from '../../money/currency.ts';

export { levBoundOfEuro };

/**
 * Price range buckets of the `cena` filter (spec section 9): "Price range step: spread under 500 gives 100;
 * 500 to 1500 gives 300; otherwise 500. Labels use the currency sign."
 *
 * The shop's currency is the euro and every price reads euro first (issue 29, item 6), so the ranges are round euro
 * amounts: the spread, the step and the bounds are in euro, a product is in the range its shown euro price
 * (`bgnToEurCents` of its lev price) falls in, and the label is '500 - 1 000 €'.
 *
 * The catalogue and the search indexes keep lev prices (stotinki), and the filter (`PriceRangeFilter`) compares
 * them. So a bucket's `from`/`to` are the lev bounds of its euro bounds (`levBoundOfEuro`): a lev price is within
 * them exactly when its euro price is within the euro bounds, on the device and on the server alike, and the range
 * chosen from a bucket filters the products the bucket counted.
 */

const MAJOR = 100;

/** The step for a spread (max - min) of euro prices, euro cents: under 500 € -> 100 €, 500 to 1500 € -> 300 €, else 500 €. */
export const priceRangeStep = (spread: number): number => {
  if (spread < 500 * MAJOR) return 100 * MAJOR;
  if (spread <= 1500 * MAJOR) return 300 * MAJOR;
  return 500 * MAJOR;
};

export interface PriceBucket {
  /** Inclusive lower bound, stotinki: the lev bound of a multiple of the euro step. */
  readonly from: number;
  /** Exclusive upper bound, stotinki: the lev bound of the next multiple. */
  readonly to: number;
  /** How many of the prices fall in [from, to). */
  readonly count: number;
  /** '500 - 1 000 €': whole euro, grouped by the locale. */
  readonly label: string;
}

const wholeFormatters = new Map<string, Intl.NumberFormat>();
const wholeEuro = (cents: number, locale: string): string => {
  let formatter = wholeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
    wholeFormatters.set(locale, formatter);
  }
  return formatter.format(cents / MAJOR);
};

/** Whole euro, as the shop's prices read: '1 000 €' in Bulgarian, '€1,000' in English. */
export const wholeEuroAmount = (cents: number, locale = 'bg-BG'): string =>
  locale.startsWith('en') ? `€${wholeEuro(cents, locale)}` : `${wholeEuro(cents, locale)}\u00a0€`;

/** '500 - 1 000 €' ('€500 - €1,000' in English): euro cents, shown in whole euro. */
export const priceBucketLabel = (fromCents: number, toCents: number, locale = 'bg-BG'): string =>
  locale.startsWith('en')
    ? `${wholeEuroAmount(fromCents, locale)} - ${wholeEuroAmount(toCents, locale)}`
    : `${wholeEuro(fromCents, locale)} - ${wholeEuroAmount(toCents, locale)}`;

/** The euro bucket [fromCents, fromCents + step) as the filter sees it: lev bounds, and its label. */
export const euroBucket = (
  fromCents: number,
  step: number,
  count: number,
  label: (fromCents: number, toCents: number) => string = priceBucketLabel,
): PriceBucket => ({
  from: levBoundOfEuro(fromCents),
  to: levBoundOfEuro(fromCents + step),
  count,
  label: label(fromCents, fromCents + step),
});

/**
 * The listing's lev prices (stotinki) in buckets of one euro step, bounds at multiples of the step, lowest first.
 * Prices of 0 or less ('очаква се') belong to no range; a bucket no price falls in is left out, so every offered
 * range finds products.
 */
export const priceRangeBuckets = (prices: readonly number[], locale = 'bg-BG'): PriceBucket[] => {
  const euro = prices.filter((price) => price > 0).map(bgnToEurCents);
  if (euro.length === 0) return [];
  const step = priceRangeStep(Math.max(...euro) - Math.min(...euro));
  const counts = new Map<number, number>();
  for (const cents of euro) {
    const from = Math.floor(cents / step) * step;
    counts.set(from, (counts.get(from) ?? 0) + 1);
  }
  return [...counts.entries()]
    .toSorted(([a], [b]) => a - b)
    .map(([from, count]) => euroBucket(from, step, count, (f, t) => priceBucketLabel(f, t, locale)));
};
