import { startTransition, useEffect, useState } from 'react';

/** The tiles drawn at once: a phone's first screen and more, and a desktop grid's first two rows. */
export const FIRST_ITEMS = 8;
/** The tiles added per task after that. */
export const ITEMS_PER_STEP = 8;

/**
 * How many of a list's `total` items to draw now: the first screenful at once, then a few more per task until
 * all are drawn. Drawing fifty tiles in one render held a slow phone's main thread for a quarter of a second (the
 * commit that creates their elements cannot be split), so a tap waited behind tiles below the fold. The count
 * only grows: a list that grows (the next page) or changes is drawn at its full length, as before.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_ITEMS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((drawn) => drawn + ITEMS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
