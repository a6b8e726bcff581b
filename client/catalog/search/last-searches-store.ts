import { useSyncExternalStore } from 'react';
import { openBrowserShortlists, recordSearch, type LastSearches, type ShortlistStore } from '../../shortlists/index.ts';

/** The tab's 'last-searches' store (spec section 4: the 5 most recent), opened on first use. */
let store: ShortlistStore<LastSearches> | undefined;
const lastSearchesStore = (): ShortlistStore<LastSearches> => (store ??= openBrowserShortlists().lastSearches);

const EMPTY: LastSearches = [];

/** The stored list; an unreadable stored value shows as empty (it is replaced by the next recorded search). */
const read = (): LastSearches => {
  try {
    return lastSearchesStore().get();
  } catch {
    return EMPTY;
  }
};

/** Records a search that ran (3 characters or more; shorter terms are ignored by `recordSearch`). */
export const rememberSearch = (term: string): void => {
  const lastSearches = lastSearchesStore();
  try {
    if (lastSearches.isCorrupt()) lastSearches.resetCorrupt();
    lastSearches.update((list) => recordSearch(list, term));
  } catch (error) {
    console.warn('[search] the last searches could not be stored', error);
  }
};

export const useLastSearches = (): LastSearches =>
  useSyncExternalStore(
    (listener) => lastSearchesStore().subscribe(listener),
    read,
    () => EMPTY,
  );
