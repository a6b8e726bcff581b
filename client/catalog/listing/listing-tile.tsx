import { useTranslation } from 'react-i18next';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { availabilityStatusOf } from '../../../schema/catalog/rules/availability-status.ts';
import { ShortlistToggles } from '../../shortlists/ui/shortlist-toggles.tsx';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { productPath } from '../routing/index.ts';
import { SpaLink } from './spa-link.tsx';

interface ListingTileProps {
  product: CatalogProduct;
  eagerImage: boolean;
}

/** A product tile of a category listing (spec section 2, "Product tile", grid view). */
export function ListingTile({ product, eagerImage }: ListingTileProps) {
  const { t } = useTranslation();
  const status = availabilityStatusOf(product.filter_options);
  const nameId = `listing-${product.sku}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li className="tile listing-tile" data-testid="listing-tile" data-sku={product.sku}>
      <article className="tile__inner" aria-labelledby={nameId}>
        <SpaLink href={productPath(product.slug, product.sku)} className="listing-tile__link">
          <ProductImage
            src={product.image}
            alt=""
            width={310}
            height={300}
            className="tile__image"
            eager={eagerImage}
          />
          <h2 className="tile__name" id={nameId}>
            {product.name}
          </h2>
        </SpaLink>
        <div className="tile__body">
          <div className="tile__price">
            <Price amount={product.priceInclTax} size="lg" />
          </div>
          {status && (
            <p className={`listing-tile__availability listing-tile__availability--${status.style}`}>
              {t(`listing.availability.${status.style}`, { defaultValue: status.text })}
            </p>
          )}
          <p className="listing-tile__sku">{t('listing.sku', { sku: product.sku })}</p>
          <ShortlistToggles product={product} />
        </div>
      </article>
    </li>
  );
}
