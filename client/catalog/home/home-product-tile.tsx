import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { productPath } from '../../../schema/routing/route-paths.ts';
import { SpaLink } from '../../ui/spa-link.tsx';

/** A product of a home section (top products, bundles): picture, name and price, linking to its page. */
export function HomeProductTile({ product, section }: { product: CatalogProduct; section: string }) {
  const nameId = `home-${section}-${product.sku}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li className="tile home-tile" data-testid="home-tile" data-sku={product.sku}>
      <article className="tile__inner" aria-labelledby={nameId}>
        <SpaLink href={productPath(product.slug, product.sku)} className="home-tile__link">
          <ProductImage src={product.image} alt="" width={310} height={300} className="tile__image" />
          <h3 className="tile__name" id={nameId}>
            {product.name}
          </h3>
        </SpaLink>
        <div className="tile__body">
          <div className="tile__price">
            <Price amount={product.priceInclTax} size="lg" />
          </div>
        </div>
      </article>
    </li>
  );
}
