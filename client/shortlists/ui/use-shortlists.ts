import { useSyncExternalStore } from 'react';
import { notify } from '../../ui/notifications.tsx';
import { addToCompare, isInCompare, removeFromCompare, type CompareList } from '../compare.ts';
import { SHORTLIST_MESSAGES, toNotification } from '../messages.ts';
import type { ShortlistProductSource } from '../product.ts';
import {
  applyShortlist,
  openBrowserShortlists,
  ShortlistStorageError,
  type ShortlistStore,
  type ShortlistStores,
} from '../store.ts';

let stores: ShortlistStores | undefined;

/**
 * A stored list that cannot be read (spec section 8: the read throws) is not left blocking the page: the views
 * start again from an empty list and tell the user (`shortlists.storageReset`).
 */
const recover = (store: ShortlistStore<readonly unknown[]>): void => {
  try {
    store.get();
  } catch (error) {
    if (!(error instanceof ShortlistStorageError)) throw error;
    console.warn('[shortlists]', error.message);
    store.resetCorrupt();
    queueMicrotask(() => notify({ kind: 'info', message: { key: SHORTLIST_MESSAGES.storageReset } }));
  }
};

/** The tab's shortlist stores, opened on first use (browser storage, following other tabs). */
export const browserShortlists = (): ShortlistStores => {
  if (!stores) {
    stores = openBrowserShortlists();
    recover(stores.compare);
  }
  return stores;
};

const useStoreValue = <T>(pick: (s: ShortlistStores) => ShortlistStore<T>): T => {
  const store = pick(browserShortlists());
  return useSyncExternalStore(
    (onChange) => store.subscribe(() => onChange()),
    () => store.get(),
    () => store.get(),
  );
};

export const useCompareList = (): CompareList => useStoreValue((s) => s.compare);

/** Adds the product to the compare list, or removes it when it is there (a full list says so instead). */
export const toggleCompare = (product: ShortlistProductSource): void => {
  const notice = applyShortlist(browserShortlists().compare, (list) =>
    isInCompare(list, product.sku) ? removeFromCompare(list, product.sku) : addToCompare(list, product),
  );
  if (notice) notify(toNotification(notice));
};

export const removeFromCompareBySku = (sku: string): void => {
  const notice = applyShortlist(browserShortlists().compare, (list) => removeFromCompare(list, sku));
  if (notice) notify(toNotification(notice));
};
