/**
 * How far the public list counts its matches: `total` is exact up to this many, and "at least this many" beyond
 * (then it is this figure, or the last ad paged to, whichever is more). Counting 100,000 matches for every page
 * would cost more than the page itself; a shopper reads "1000+" the same (Elasticsearch's `track_total_hits`
 * does the same, at 10,000).
 */
export const AD_LIST_TOTAL_CAP = 1000;

/** Whether a list's `total` is a lower bound rather than the exact count. */
export const isTotalCapped = (total: number): boolean => total >= AD_LIST_TOTAL_CAP;
