import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { StoreClient } from '../../store/index.ts';
import { useT } from '../../i18n/use-t.tsx';
import { ProductBanners } from './product-banners.tsx';
import { ProductTileRow } from './product-tile-row.tsx';
import { RecentlyViewedRow } from './recently-viewed-row.tsx';

interface ProductRowsProps {
  related: readonly CatalogProduct[] | undefined;
  sku: string;
  client: StoreClient | null;
  online: boolean;
}

/**
 * The product page's foot: related products, the recently viewed and the promo banners. They come after the
 * first paint (from the device's catalogue or the server) and below everything in view, so they are a chunk of
 * their own, off the first page's JavaScript budget (npm run bench:web).
 */
export function ProductRows({ related, sku, client, online }: ProductRowsProps) {
  const { t } = useT();
  return (
    <>
      <ProductTileRow title={t('product.related')} products={related ?? []} testId="related-products" />
      <RecentlyViewedRow sku={sku} client={client} online={online} />
      <ProductBanners client={client} />
    </>
  );
}
