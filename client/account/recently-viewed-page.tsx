import { useSyncExternalStore } from 'react';
import { useStoreClient, useSyncState } from '../store/index.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { ProductTileRow, useProductsBySku } from '../catalog/product/index.ts';
import { browserShortlists } from '../shortlists/index.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/** The device's recently viewed list; an unreadable stored list starts again empty (it is only a convenience). */
const useRecentlyViewed = (): readonly string[] => {
  const store = browserShortlists().recentlyViewed;
  if (store.isCorrupt()) store.resetCorrupt();
  return useSyncExternalStore(
    (onChange) => store.subscribe(() => onChange()),
    () => store.get(),
    () => store.get(),
  );
};

/**
 * '/my-account/recently-viewed': the products viewed on this device, newest first (client/shortlists keeps the
 * list, the product page records it). Products are read from the local catalogue, or asked for while online.
 */
export function RecentlyViewedPage() {
  const { t } = useT();
  useDocumentTitle(t('account.recent.title'));
  const skus = useRecentlyViewed();
  const products = useProductsBySku(useStoreClient(), skus, useSyncState().online);
  return (
    <div className="page account-page" data-testid="recently-viewed-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.recent.title')}
      </h1>
      {skus.length === 0 ? (
        <div className="account-card">
          <p>{t('account.recent.empty')}</p>
          <SpaLink href="/">{t('account.recent.browse')}</SpaLink>
        </div>
      ) : (
        <ProductTileRow
          title={t('account.recent.listTitle', { count: products.length })}
          products={products}
          testId="account-recently-viewed"
        />
      )}
    </div>
  );
}
