import { memo, useCallback, useEffect, useState } from 'react';
import type { Product } from '../../../schema/index.ts';
import {
  useHoldStoreClientStart,
  useProducts,
  useStoreClient,
  useStoreClientState,
  useSyncState,
  useDispatch,
} from '../../store/index.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { AllProductsGrid } from './all-products-grid.tsx';
import { HomeSkeleton } from './home-skeleton.tsx';
import { HomeSlider } from './home-slider.tsx';
import { HomeBlogPosts, HomeCategories, HomeProducts, HomeSection } from './home-sections.tsx';
import { bootHomeSlides } from './home-data.ts';
import { useHomeSections } from './use-home-data.ts';
import { useT } from '../../i18n/use-t.tsx';

/** The sections from the init data render again only when it changes, not at every sync or grid update. */
const Slider = memo(HomeSlider);
const Products = memo(HomeProducts);
const Categories = memo(HomeCategories);
const BlogPosts = memo(HomeBlogPosts);

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
  const { t } = useT();
  useDocumentTitle(t('catalog.title'));
  const products = useProducts();
  const clientState = useStoreClientState();
  const { online, identityReady } = useSyncState();
  const dispatch = useDispatch();
  const client = useStoreClient();
  const home = useHomeSections(client, online);
  // The slides the page came with (a first visit, the server drew the first one already): shown at once, in
  // the same element the init data's slides then fill, so the picture does not blink while the rest loads.
  const [pageSlides] = useState(bootHomeSlides);
  const slides = home.data?.slides ?? (online ? pageSlides : undefined);
  // The slider and top products come from the server: the local store starts once they have painted.
  useHoldStoreClientStart(online && home.data === undefined);
  const showIdentityHint = useSettledFlag(!identityReady && clientState.status === 'ready', 700);
  const hintId = 'identity-hint';
  // On a first visit the catalogue arrives a moment after the page: say "nothing synchronized" only
  // when offline, or when it stays empty for a while.
  const emptyForAWhile = useSettledFlag(products !== undefined && products.length === 0, 4000);
  const showEmpty = products !== undefined && products.length === 0 && (!online || emptyForAWhile);

  // Stable, so the memoised tiles already shown do not render again as each next step of the grid mounts.
  const add = useCallback(
    (product: Product) => {
      void dispatch('cart.addItem', { sku: product.sku, qty: 1, options: {} }, { notifySuccess: true });
    },
    [dispatch],
  );

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
      {slides && <Slider slides={slides} />}
      {home.data === undefined && online && <HomeSkeleton slider={!slides} />}
      {home.data && (
        <Products title={t('home.topProducts')} testId="home-top-products" products={home.data.topProducts} />
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
          <AllProductsGrid
            products={products}
            canAdd={identityReady}
            hintId={showIdentityHint ? hintId : undefined}
            onAdd={add}
          />
        )}
      </HomeSection>
      {home.data && <Products title={t('home.bundles')} testId="home-bundles" products={home.data.bundles} />}
      {home.data && <Categories categories={home.data.categories} />}
      {home.blogPosts && <BlogPosts posts={home.blogPosts} />}
    </div>
  );
}
