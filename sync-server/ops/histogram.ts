/** One slot of a histogram of seconds: how many fell below `upToSeconds` and not in an earlier slot (null: the rest). */
export interface HistogramSlot {
  upToSeconds: number | null;
  count: number;
}

/**
 * The rows of a `width_bucket(value, edges)` GROUP BY folded into one slot per edge plus one above the last, in
 * order, empty slots included (a chart's bars stay where they are). width_bucket answers 0 below the first edge,
 * i from edge i-1 up to edge i, edges.length at or above the last; a slot out of that range goes to the nearest end.
 */
export const histogramOf = (
  edges: readonly number[],
  rows: readonly { slot: number | string; n: number | string }[],
): HistogramSlot[] => {
  const slots: HistogramSlot[] = [...edges, null].map((upToSeconds) => ({ upToSeconds, count: 0 }));
  for (const { slot, n } of rows) {
    const at = Math.min(Math.max(Math.trunc(Number(slot)), 0), edges.length);
    slots[at]!.count += Number(n);
  }
  return slots;
};
