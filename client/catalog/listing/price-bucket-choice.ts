import type { PriceRangeFilter } from '../../../schema/search/query.ts';

/**
 * The price filter's toggles: the buckets of the current answer, plus the range in force when no bucket is
 * exactly it. The buckets follow the other filters (a narrower listing has a narrower spread, so other steps),
 * and a range chosen earlier or written in the address by hand may match none of them; it stays on the panel,
 * pressed, so the shopper can see it and take it off.
 */
export interface PriceOption {
  /** Stotinki, VAT included; `from` inclusive, `to` exclusive; null is open. */
  readonly from: number | null;
  readonly to: number | null;
  /** Products in the bucket; null for a range in force that is no bucket of this answer. */
  readonly count: number | null;
  readonly pressed: boolean;
}

interface Bucket {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Whether the price range in force is exactly this bucket (its button shows pressed). */
export const isChosenBucket = (chosen: PriceRangeFilter | undefined, bucket: Omit<Bucket, 'count'>): boolean =>
  chosen !== undefined && chosen.from === bucket.from && chosen.to === bucket.to;

const lowerBound = (option: PriceOption): number => option.from ?? -Infinity;

export const priceOptions = (buckets: readonly Bucket[], chosen: PriceRangeFilter | undefined): PriceOption[] => {
  const options: PriceOption[] = buckets.map((bucket) => ({
    from: bucket.from,
    to: bucket.to,
    count: bucket.count,
    pressed: isChosenBucket(chosen, bucket),
  }));
  if (chosen === undefined || (chosen.from === null && chosen.to === null) || options.some((o) => o.pressed)) {
    return options;
  }
  return [...options, { from: chosen.from, to: chosen.to, count: null, pressed: true }].sort(
    (a, b) => lowerBound(a) - lowerBound(b) || (a.to ?? Infinity) - (b.to ?? Infinity),
  );
};
