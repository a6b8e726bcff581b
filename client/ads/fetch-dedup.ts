/** Spec §9 "Fetch de-duplication window: 20 s" and §4 Ads: a new ad fetch within 20 s of the previous start is ignored. */
export const AD_FETCH_DEDUP_MS = 20_000;

interface Started<T> {
  at: number;
  answer: Promise<T>;
}

/**
 * One fetch per request at a time: asking again for the same request within the window of its start is answered by
 * the fetch already started (a double tap, a remount, the back button), not a second one. An answer the caller
 * says is not worth keeping (offline, failed) frees the request at once, so the next ask goes to the network.
 */
export const createFetchDedup = <T>({
  windowMs = AD_FETCH_DEDUP_MS,
  now = Date.now,
  keep = () => true,
}: { windowMs?: number; now?: () => number; keep?: (answer: T) => boolean } = {}) => {
  const started = new Map<string, Started<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const at = now();
    for (const [k, entry] of started) if (at - entry.at >= windowMs) started.delete(k);
    const previous = started.get(key);
    if (previous) return previous.answer;
    const answer = run();
    const entry = { at, answer };
    started.set(key, entry);
    answer.then(
      (value) => {
        if (!keep(value) && started.get(key) === entry) started.delete(key);
      },
      () => {
        if (started.get(key) === entry) started.delete(key);
      },
    );
    return answer;
  };
};
