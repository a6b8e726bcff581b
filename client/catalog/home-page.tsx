import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../schema/index.ts';
import { useProducts, useStoreClient, useStoreClientState, useSyncState } from '../app/store-client.tsx';
import { useDispatch } from '../app/use-dispatch.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { HomeSlider } from './home/home-slider.tsx';
import { HomeBlogPosts, HomeCategories, HomeProducts, HomeSection } from './home/home-sections.tsx';
import { useHomeSections } from './home/use-home-data.ts';
import { ProductTile } from './product-tile.tsx';

/** True once `flag` has stayed true for `ms` (no hint flashing during a normal start). */
const useSettledFlag = (flag: boolean, ms: number): boolean => {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = window.setTimeout(() => setSettled(true), ms);
    return () => {
      window.clearTimeout(timer);
      setSettled(false);
    };
  }, [flag, ms]);
  return flag && settled;
};

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('catalog.title'));
  const products = useProducts();
  const clientState = useStoreClientState();
  const { online, identityReady } = useSyncState();
  const dispatch = useDispatch();
  const client = useStoreClient();
  const home = useHomeSections(client, online);
  const showIdentityHint = useSettledFlag(!identityReady && clientState.status === 'ready', 700);
  const hintId = 'identity-hint';
  // On a first visit the catalogue arrives a moment after the page: say "nothing synchronized" only
  // when offline, or when it stays empty for a while.
  const emptyForAWhile = useSettledFlag(products !== undefined && products.length === 0, 4000);
  const showEmpty = products !== undefined && products.length === 0 && (!online || emptyForAWhile);

  const add = (product: Product) => {
    void dispatch('cart.addItem', { sku: product.sku, qty: 1, options: {} }, { notifySuccess: true });
  };

  return (
    <div className="page home-page">
      <header className="page__header">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('catalog.heading')}
        </h1>
        <p className="page__intro">{t('catalog.intro')}</p>
      </header>
      {showIdentityHint && (
        <p className="banner banner--info" id={hintId} data-testid="identity-hint">
          {online ? t('catalog.identityPending') : t('catalog.identityOffline')}
        </p>
      )}
      {home.data && <HomeSlider slides={home.data.slides} />}
      {home.data && (
        <HomeProducts title={t('home.topProducts')} testId="home-top-products" products={home.data.topProducts} />
      )}
      <HomeSection title={t('home.allProducts')} testId="home-all-products">
        {products === undefined || (products.length === 0 && !showEmpty) ? (
          <ul className="grid" aria-busy="true" aria-label={t('catalog.loading')}>
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="tile tile--skeleton" aria-hidden="true" />
            ))}
          </ul>
        ) : showEmpty ? (
          <p className="banner banner--warning">{t('catalog.empty')}</p>
        ) : (
          <ul className="grid" data-testid="product-grid">
            {products.map((product, index) => (
              <ProductTile
                key={product.sku}
                product={product}
                canAdd={identityReady}
                hintId={showIdentityHint ? hintId : undefined}
                eagerImage={index < 2}
                onAdd={add}
              />
            ))}
          </ul>
        )}
      </HomeSection>
      {home.data && <HomeProducts title={t('home.bundles')} testId="home-bundles" products={home.data.bundles} />}
      {home.data && <HomeCategories categories={home.data.categories} />}
      {home.blogPosts && <HomeBlogPosts posts={home.blogPosts} />}
    </div>
  );
}
