import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { ProductImage } from '../../ui/product-image.tsx';
import { bundleThumbnails } from '../../../schema/catalog/tile/bundle-thumbnails.ts';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

/** Spec section 9: "bundle thumbnail 60x60": the pictures of what a bundle holds, under its tile. */
export function TileBundleThumbnails({ product }: { product: Pick<CatalogProduct, 'bundle_options'> }) {
  const { t } = useT();
  const items = bundleThumbnails(product);
  if (items.length === 0) return null;
  return (
    <ul className="listing-tile__bundle" aria-label={t('listing.bundleContents')} data-testid="bundle-thumbnails">
      {items.map((item) => (
        <li key={item.sku}>
          <ProductImage src={item.image} alt={item.name} width={60} height={60} className="listing-tile__thumb" />
        </li>
      ))}
    </ul>
  );
}
