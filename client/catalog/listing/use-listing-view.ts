import { useCallback, useState } from 'react';
import { LISTING_VIEW_STORAGE_KEY, parseListingView, type ListingView } from './listing-view.ts';

const readStored = (): string | null => {
  try {
    return window.localStorage.getItem(LISTING_VIEW_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): the default view
  }
};

/** The listing view chosen on this device, and a setter that remembers it. */
export function useListingView(): [ListingView, (view: ListingView) => void] {
  const [view, setView] = useState<ListingView>(() => parseListingView(readStored()));
  const choose = useCallback((next: ListingView) => {
    setView(next);
    try {
      window.localStorage.setItem(LISTING_VIEW_STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  }, []);
  return [view, choose];
}
