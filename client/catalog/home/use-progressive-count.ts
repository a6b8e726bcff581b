import { startTransition, useEffect, useState } from 'react';

/** Tiles mounted per step: a step's render stays well under a 50 ms task on a slow phone (4x CPU slowdown). */
const STEP = 6;

/**
 * How many of `total` items to render now: `STEP` at first, then `STEP` more at each idle moment until all
 * are there. The home page's grid of every product (around a hundred tiles, below the fold) mounted in one
 * render was the longest task of the page's start; in steps the browser stays responsive meanwhile.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(STEP);
  useEffect(() => {
    if (count >= total) return;
    // A transition: React renders the step's tiles in slices that yield to taps (see useObservable).
    const next = () => startTransition(() => setCount((c) => c + STEP));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(next, { timeout: 200 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(next, 16);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
