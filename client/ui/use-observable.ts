import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * One shared subscription per observable, however many components read it, and the last value kept
 * after the last reader leaves, so a page shown again renders its data at once.
 */
interface ObservableStore<T> {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => T | undefined;
}

const stores = new WeakMap<Observable<unknown>, ObservableStore<unknown>>();

const storeOf = <T>(source: Observable<T>): ObservableStore<T> => {
  const existing = stores.get(source);
  if (existing) return existing as ObservableStore<T>;
  let value: T | undefined;
  const listeners = new Set<() => void>();
  let subscription: { unsubscribe(): void } | undefined;
  const store: ObservableStore<T> = {
    subscribe(onChange) {
      listeners.add(onChange);
      if (!subscription) {
        subscription = source.subscribe({
          next(next) {
            value = next;
            for (const listener of [...listeners]) listener();
          },
          error(error: unknown) {
            console.error('[store] an observable failed', error);
          },
        });
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && subscription) {
          subscription.unsubscribe();
          subscription = undefined;
        }
      };
    },
    getSnapshot: () => value,
  };
  stores.set(source, store);
  return store;
};

const idle: ObservableStore<undefined> = { subscribe: () => () => undefined, getSnapshot: () => undefined };

/**
 * The latest value of an observable (undefined until the first one, or while there is no source).
 *
 * Each new value renders as a transition, not through useSyncExternalStore: React renders an external store's
 * update synchronously, in one task, and a value that reaches a product grid (the local store starting, a
 * replication page, the cart's identity enabling every Add button) re-rendered the grid in one 100 ms task on
 * a slow phone, blocking taps. A transition renders in slices of a few milliseconds and yields to input
 * between them. A value already known when a component mounts is still rendered at once.
 */
export function useObservable<T>(source: Observable<T> | null | undefined): T | undefined {
  const store = source ? storeOf(source) : (idle as ObservableStore<T>);
  const [seen, setSeen] = useState(() => ({ store, value: store.getSnapshot() }));
  useEffect(() => {
    const update = () => {
      const value = store.getSnapshot();
      startTransition(() =>
        setSeen((previous) => (previous.store === store && previous.value === value ? previous : { store, value })),
      );
    };
    const unsubscribe = store.subscribe(update);
    // A value that arrived between this render and the subscription (or with it) is not missed.
    update();
    return unsubscribe;
  }, [store]);
  if (seen.store !== store) {
    // A new source (the store client has started, another product): what it already holds becomes this
    // component's state in this very render (React's "adjusting state when a prop changes"), until its own
    // subscription reports. Not a value returned on the side: React decides whether a render brought anything
    // new from its state, props and context, and a render whose only news was such a value bailed out, keeping
    // the new render's effect dependencies but dropping its effects. The account guard, rendered with the guest
    // (null) that way on a direct load, never ran its decision, and never would: its next renders saw the same
    // dependencies (account-guard.spec.ts; the new header's renders made the timing common).
    const value = store.getSnapshot();
    setSeen({ store, value });
    return value;
  }
  return seen.value;
}
