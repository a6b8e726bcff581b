import type { z } from 'zod';

/**
 * Work that would hold the main thread for long (validating a page of products, indexing a catalogue) runs in
 * slices of about this long, so a tap or a frame never waits behind it more than a slice. Long tasks over
 * 50 ms are what a slow phone feels as a frozen page (Lighthouse's total blocking time counts them). Lighthouse
 * measures on this machine and counts each task 4 times as long, so a slice must end well before 12.5 ms: a slice
 * runs over by its last item and the yield's own work.
 */
export const SLICE_MS = 8;

interface SchedulerWithYield {
  yield(): Promise<void>;
}

/** Lets the browser handle input and paint before going on: `scheduler.yield()` where there is one, else a task. */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/** `items.map(fn)`, yielding to the browser whenever a slice has run for SLICE_MS. */
export const mapInSlices = async <T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> => {
  const results: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToMain();
      sliceStart = performance.now();
    }
    results.push(fn(item));
  }
  return results;
};

/** Each item validated on its own, in slices: one this client cannot read is left out, not the whole list. */
export const parseEachInSlices = async <S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
): Promise<z.output<S>[]> => {
  const parsed = await mapInSlices(items, (item) => schema.safeParse(item));
  return parsed.flatMap((result) => (result.success ? [result.data as z.output<S>] : []));
};
