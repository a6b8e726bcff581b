import { useSyncExternalStore } from 'react';
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

/** The latest value of an observable (undefined until the first one, or while there is no source). */
export function useObservable<T>(source: Observable<T> | null | undefined): T | undefined {
  const store = source ? storeOf(source) : (idle as ObservableStore<T>);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
