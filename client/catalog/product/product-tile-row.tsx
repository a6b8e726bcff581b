import { useId } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { configurablePrice } from '../../../schema/catalog/rules/configurable-price.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { productPath } from '../../../schema/routing/route-paths.ts';
import { useT } from '../../i18n/use-t.tsx';
import { bulgarianOnlyLang } from '../localized/index.ts';
import './product-page.css';

/** The price a small tile shows: a configurable product's lowest child's (spec section 4), else its own in force. */
const tilePrice = (product: CatalogProduct, now: Date): number => {
  const price =
    product.type_id === 'configurable'
      ? (configurablePrice(product, now) ?? effectivePrice(product, now))
      : effectivePrice(product, now);
  return price.finalPriceInclTax ?? 0;
};

/** A titled row of small product tiles (related products, recently viewed); nothing at all when empty. */
export function ProductTileRow({
  title,
  products,
  testId,
}: {
  title: string;
  products: readonly CatalogProduct[];
  testId: string;
}) {
  const headingId = useId();
  const { language } = useT();
  if (products.length === 0) return null;
  // Products' names exist only in Bulgarian: an English page marks them so.
  const nameLang = bulgarianOnlyLang(language);
  const now = new Date();
  return (
    <section className="product-row" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="product-row__title">
        {title}
      </h2>
      <ul className="product-row__list">
        {products.map((product) => (
          <li key={product.sku} className="product-row__tile" data-sku={product.sku}>
            <SpaLink href={productPath(product.slug, product.sku)} className="product-row__link">
              <ProductImage src={product.image} alt="" width={155} height={150} />
              <span className="product-row__name" lang={nameLang}>
                {product.name}
              </span>
            </SpaLink>
            <Price amount={tilePrice(product, now)} className="product-row__price" />
          </li>
        ))}
      </ul>
    </section>
  );
}
