import { startTransition, useEffect, useState } from 'react';

/** One answer per loader and tab: the category page of the next address reuses it instead of asking again. */
const answers = new WeakMap<object, Promise<readonly unknown[] | null>>();
/** The lists the page came with, read once per loader: every view that asks for one draws it at once. */
const pageLists = new WeakMap<object, readonly unknown[]>();

const load = <T>(loader: (signal: AbortSignal) => Promise<T[] | null>): Promise<readonly T[] | null> => {
  const known = answers.get(loader) as Promise<readonly T[] | null> | undefined;
  if (known) return known;
  // Never aborted: the answer is shared, and a page left mid-request is the next page's head start.
  const answer = loader(new AbortController().signal);
  answers.set(loader, answer);
  // A failed read is asked again next time (the link may be back by then).
  void answer.then((list) => list === null && answers.delete(loader));
  return answer;
};

/**
 * A list read from the server while `enabled` (online, and the device does not hold it yet): undefined while
 * asking (or when not enabled), null when the server could not answer, else the list.
 */
export function useServerList<T>(
  loader: ((signal: AbortSignal) => Promise<T[] | null>) & { fromPage?: () => T[] | undefined },
  enabled: boolean,
): readonly T[] | null | undefined {
  // The list the page came with, at once (server-catalog.ts): it is the loader's answer for this tab too.
  const [answer, setAnswer] = useState<{ loader: object; list: readonly T[] | null } | undefined>(() => {
    if (!enabled) return undefined;
    const list = (pageLists.get(loader) as readonly T[] | undefined) ?? loader.fromPage?.();
    if (list === undefined) return undefined;
    pageLists.set(loader, list);
    if (!answers.has(loader)) answers.set(loader, Promise.resolve(list));
    return { loader, list };
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // A transition: a list renders in slices that yield to taps (see useObservable).
    // The same list again (the page's, above) keeps the state as it is: no second render.
    void load(loader).then(
      (list) =>
        live &&
        startTransition(() =>
          setAnswer((shown) => (shown?.loader === loader && shown.list === list ? shown : { loader, list })),
        ),
    );
    return () => {
      live = false;
    };
  }, [loader, enabled]);
  return enabled && answer?.loader === loader ? answer.list : undefined;
}
