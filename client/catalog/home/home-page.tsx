import { memo, useCallback, useMemo, useState } from 'react';
import { useHoldStoreClientStart, useStoreClient, useSyncState, useDispatch } from '../../store/index.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { HomeSkeleton } from './home-skeleton.tsx';
import { HomeSlider } from './home-slider.tsx';
import { HomeBlogPosts, HomeCategories, HomeProducts } from './home-sections.tsx';
import { bootHomeSlides } from './home-data.ts';
import type { HomeAdd } from './home-product-tile.tsx';
import { holdsNothing, useHomeSections } from './use-home-data.ts';
import { useT } from '../../i18n/use-t.tsx';
import './home.css';

/** The sections render again only when their data changes, not at every sync. */
const Slider = memo(HomeSlider);
const Products = memo(HomeProducts);
const Categories = memo(HomeCategories);
const BlogPosts = memo(HomeBlogPosts);

/**
 * Home (spec section 2): the slider, top products, bundles, the categories grid and the latest blog posts, and
 * nothing more; the whole catalogue is reached through the menu, the categories and the search.
 */
export function HomePage() {
  const { t } = useT();
  useDocumentTitle(t('catalog.title'));
  const { online } = useSyncState();
  const dispatch = useDispatch();
  const client = useStoreClient();
  const home = useHomeSections(client, online);
  // The slides the page came with (a first visit, the server drew the first one already): shown at once, in
  // the same element the init data's slides then fill, so the picture does not blink while the rest loads.
  const [pageSlides] = useState(bootHomeSlides);
  const slides = home.data?.slides ?? (online ? pageSlides : undefined);
  // The slider and top products come from the server: the local store starts once they have painted.
  useHoldStoreClientStart(online && home.data === undefined);
  // Offline on a device that holds no catalogue yet: say so rather than show empty sections.
  const nothingHeld = home.data !== undefined && holdsNothing(home.data);

  const onAdd = useCallback(
    (sku: string) => {
      void dispatch('cart.addItem', { sku, qty: 1, options: {} }, { notifySuccess: true });
    },
    [dispatch],
  );
  // A tap is kept on the device at once, before the device has its guest identity too (client/sync/provisional.ts).
  const add = useMemo<HomeAdd>(() => ({ onAdd }), [onAdd]);

  return (
    <div className="page home-page">
      <header className="page__header">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('catalog.heading')}
        </h1>
        <p className="page__intro">{t('catalog.intro')}</p>
      </header>
      {slides && <Slider slides={slides} />}
      {home.data === undefined && online && <HomeSkeleton slider={!slides} />}
      {nothingHeld && !online && <p className="banner banner--warning">{t('catalog.empty')}</p>}
      {home.data && (
        <Products title={t('home.topProducts')} testId="home-top-products" products={home.data.topProducts} add={add} />
      )}
      {home.data && <Products title={t('home.bundles')} testId="home-bundles" products={home.data.bundles} add={add} />}
      {home.data && <Categories categories={home.data.categories} />}
      {home.blogPosts && <BlogPosts posts={home.blogPosts} />}
    </div>
  );
}
