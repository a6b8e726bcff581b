import { useEffect, useSyncExternalStore } from 'react';
import { recordView, browserShortlists } from '../../shortlists/index.ts';
import type { StoreClient } from '../../store/index.ts';
import { ProductTileRow } from './product-tile-row.tsx';
import { useProductsBySku } from './use-product-data.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Our choice: one row of tiles. */
const SHOWN = 6;

/** The tab's recently-viewed store; an unreadable stored list starts again empty (it is only a convenience). */
const recentlyViewedStore = () => {
  const store = browserShortlists().recentlyViewed;
  if (store.isCorrupt()) store.resetCorrupt();
  return store;
};

const useRecentlyViewed = () => {
  const store = recentlyViewedStore();
  return useSyncExternalStore(
    (onChange) => store.subscribe(() => onChange()),
    () => store.get(),
    () => store.get(),
  );
};

/**
 * Spec section 4: "Recently viewed is a list by sku, newest first." Opening the page records the visit; the row
 * shows the products viewed before, without this one.
 */
export function RecentlyViewedRow({
  sku,
  client,
  online,
}: {
  sku: string;
  client: StoreClient | null;
  online: boolean;
}) {
  const { t } = useT();
  useEffect(() => {
    recentlyViewedStore().update((list) => recordView(list, sku));
  }, [sku]);
  const others = useRecentlyViewed()
    .filter((viewed) => viewed !== sku)
    .slice(0, SHOWN);
  const products = useProductsBySku(client, others, online);
  return <ProductTileRow title={t('product.recentlyViewed')} products={products} testId="recently-viewed" />;
}
