import { startTransition, useEffect, useRef, useState } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { SearchAggregations } from '../../../schema/search/search-engine.ts';

/** One answer of a listing query: its products, the total, and the facets (first page only). */
export interface ListingPage {
  items: readonly CatalogProduct[];
  total: number;
  aggregations?: SearchAggregations | null;
}

export interface PagedListing {
  /** The listing of the current query; undefined while its first page loads. */
  current: (ListingPage & { key: string }) | undefined;
  /** What to show meanwhile: the current listing, else the previous query's (no flash of an empty grid). */
  shown: (ListingPage & { key: string }) | undefined;
  /** More products remain past the ones shown. */
  more: boolean;
  loadingMore: boolean;
  /**
   * The ref of an element after the grid: when it scrolls into view, the next page is appended. A callback, so
   * an element put there later (once the grid's tiles are all drawn: use-progressive-count.ts) is watched too.
   */
  sentinel: (node: HTMLDivElement | null) => void;
}

/**
 * A listing that loads its first page when `key` (everything the query depends on) changes and appends the
 * next page when the sentinel below the grid comes into view (spec: "Scrolling to the bottom appends the next
 * page while the offset is at most the total"). Answers that arrive after the query changed are dropped, so a
 * slow page of the old filters never lands in the new listing.
 */
export const usePagedListing = (
  key: string,
  ready: boolean,
  load: (current: number) => Promise<ListingPage>,
  label: string,
  /**
   * The first page as the page came with it (a cold visit: the server's first view drew it), read at once so the
   * app's first render shows it rather than a loading line; it is not asked for again.
   */
  fromPage?: () => ListingPage | undefined,
): PagedListing => {
  const [listing, setListing] = useState<(ListingPage & { key: string }) | undefined>(() => {
    const page = ready ? fromPage?.() : undefined;
    return page && { key, ...page };
  });
  const startedWith = useRef(listing?.key);
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(key);
  const loadRef = useRef(load);
  useEffect(() => {
    latest.current = key;
    loadRef.current = load;
  });

  useEffect(() => {
    if (!ready) return;
    if (startedWith.current !== undefined) {
      const shown = startedWith.current === key;
      startedWith.current = undefined;
      if (shown) return;
    }
    let live = true;
    loadRef.current(0).then(
      (page) => {
        // A transition: React renders the page's tiles in slices between which the browser can answer input,
        // instead of one long task (50 tiles, with their prices and badges, on a slow phone).
        if (live) startTransition(() => setListing({ key, ...page }));
      },
      (error: unknown) => {
        console.error(`[${label}] search failed`, error);
        if (live) setListing({ key, items: [], total: 0, aggregations: null });
      },
    );
    return () => {
      live = false;
    };
  }, [key, ready, label]);

  const current = listing?.key === key ? listing : undefined;
  const more = current !== undefined && current.items.length < current.total;
  const loadMore = () => {
    if (!current || loadingMore || !more) return;
    setLoadingMore(true);
    const pageKey = current.key;
    loadRef
      .current(current.items.length)
      .then((page) => {
        if (latest.current !== pageKey) return;
        setListing((prev) =>
          prev && prev.key === pageKey ? { ...prev, items: [...prev.items, ...page.items], total: page.total } : prev,
        );
      })
      .catch((error: unknown) => console.error(`[${label}] next page failed`, error))
      .finally(() => setLoadingMore(false));
  };
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });

  const [node, sentinel] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!node || !more) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, more, current?.items.length]);

  return { current, shown: current ?? listing, more, loadingMore, sentinel };
};
