/**
 * Price range buckets of the `cena` filter (spec section 9): "Price range step: spread under 500 gives 100;
 * 500 to 1500 gives 300; otherwise 500. Labels use the currency sign."
 * Amounts are minor units (stotinki, or euro cents for a euro-priced listing); the thresholds and steps are in
 * major units of the same currency.
 */

/** The currency of the amounts bucketed, for the label's sign. */
export type RangeCurrency = 'BGN' | 'EUR';

const MAJOR = 100;

/** The step for a spread (max - min), minor units: under 500 -> 100, 500 to 1500 inclusive -> 300, else 500. */
export const priceRangeStep = (spread: number): number => {
  if (spread < 500 * MAJOR) return 100 * MAJOR;
  if (spread <= 1500 * MAJOR) return 300 * MAJOR;
  return 500 * MAJOR;
};

export interface PriceBucket {
  /** Inclusive lower bound, a multiple of the step, minor units. */
  readonly from: number;
  /** Exclusive upper bound, `from` + step, minor units. */
  readonly to: number;
  /** How many of the prices fall in [from, to). */
  readonly count: number;
  /** '100 - 200 лв.': whole units, grouped by the locale, the sign after a no-break space. */
  readonly label: string;
}

const SIGN: Readonly<Record<RangeCurrency, string>> = { BGN: 'лв.', EUR: '€' };

export const priceBucketLabel = (
  from: number,
  to: number,
  currency: RangeCurrency = 'BGN',
  locale = 'bg-BG',
): string => {
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
  return `${whole.format(from / MAJOR)} - ${whole.format(to / MAJOR)}\u00a0${SIGN[currency]}`;
};

/**
 * The listing's prices in buckets of one step, bounds at multiples of the step, lowest first. Prices of 0 or less
 * ('очаква се') belong to no range; a bucket no price falls in is left out, so every offered range finds products.
 */
export const priceRangeBuckets = (
  prices: readonly number[],
  currency: RangeCurrency = 'BGN',
  locale = 'bg-BG',
): PriceBucket[] => {
  const known = prices.filter((price) => price > 0);
  if (known.length === 0) return [];
  const step = priceRangeStep(Math.max(...known) - Math.min(...known));
  const counts = new Map<number, number>();
  for (const price of known) {
    const from = Math.floor(price / step) * step;
    counts.set(from, (counts.get(from) ?? 0) + 1);
  }
  return [...counts.entries()]
    .toSorted(([a], [b]) => a - b)
    .map(([from, count]) => ({
      from,
      to: from + step,
      count,
      label: priceBucketLabel(from, from + step, currency, locale),
    }));
};
