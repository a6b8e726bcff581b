import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { categoryPath, productPath } from '../../../schema/routing/route-paths.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { categoryName } from '../../../schema/catalog/localized.ts';
import { bulgarianOnlyLang, Shown } from '../localized/index.ts';
import { LabelWithName, NAME_SLOT } from '../../ui/label-with-name.tsx';
import './home.css';

/** What a home tile needs to put its product in the cart (home-page.tsx holds it). */
export interface HomeAdd {
  /** Stable (useCallback), so memoised sections do not render again. */
  onAdd: (sku: string) => void;
}

/** A simple product in stock with a price goes to the cart from its tile; others are chosen on their page. */
export const isOrderableHere = (p: CatalogProduct): boolean =>
  p.type_id === 'simple' && p.priceInclTax > 0 && p.stock.is_in_stock;

/**
 * A product of a home section (top products, bundles): picture, name, the category's name (never its slug),
 * price, and the add-to-cart button, linking to its page.
 */
export function HomeProductTile({ product, section, add }: { product: CatalogProduct; section: string; add: HomeAdd }) {
  const { t, language } = useT();
  const nameId = `home-${section}-${product.sku}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const category = product.category.at(-1);
  const orderable = isOrderableHere(product);
  const href = productPath(product.slug, product.sku);
  return (
    <li className="tile home-tile" data-testid="product-tile" data-sku={product.sku}>
      <article className="tile__inner" aria-labelledby={nameId}>
        <SpaLink href={href} className="home-tile__link">
          <ProductImage src={product.image} alt="" width={310} height={300} className="tile__image" />
          <h3 className="tile__name" id={nameId} lang={bulgarianOnlyLang(language)}>
            {product.name}
          </h3>
        </SpaLink>
        <div className="tile__body">
          {category && (
            <p className="tile__category">
              <SpaLink href={categoryPath(category.slug)}>
                <Shown shown={categoryName(category, language)} pageLanguage={language} />
              </SpaLink>
            </p>
          )}
          <div className="tile__price">
            <Price amount={product.priceInclTax} size="lg" />
          </div>
          {orderable ? (
            <Button className="tile__add" block onClick={() => add.onAdd(product.sku)}>
              <span aria-hidden="true">{t('catalog.addToCart')}</span>
              <LabelWithName
                label={t('catalog.addToCartNamed', { name: NAME_SLOT })}
                name={product.name}
                lang={bulgarianOnlyLang(language)}
              />
            </Button>
          ) : (
            <SpaLink
              href={href}
              className="btn btn--secondary btn--md btn--block tile__add"
              tabIndex={-1}
              aria-hidden="true"
            >
              {t('home.choose')}
            </SpaLink>
          )}
        </div>
      </article>
    </li>
  );
}
