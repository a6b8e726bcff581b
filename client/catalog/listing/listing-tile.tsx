import { useState } from 'react';
import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { availabilityStatusOf } from '../../../schema/catalog/rules/availability-status.ts';
import { ShortlistToggles } from '../../shortlists/index.ts';
import { ProductImage } from '../../ui/product-image.tsx';
import { categoryPath, productPath } from '../../../schema/routing/route-paths.ts';
import type { ListingView } from './listing-view.ts';
import { cutDescription } from '../product/index.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { tileAttributeLines } from '../../../schema/catalog/tile/tile-attributes.ts';
import { tileBadges } from '../../../schema/catalog/tile/tile-badges.ts';
import { TileBundleThumbnails } from './tile-bundle-thumbnails.tsx';
import { ShopperTilePrice } from './tile-price.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { categoryName } from '../../../schema/catalog/localized.ts';
import { bulgarianOnlyLang, langOf } from '../localized/index.ts';
import './listing.css';

interface ListingTileProps {
  product: CatalogProduct;
  /** The attribute definitions for the attribute lines; without them no lines are shown. */
  attributes?: readonly Attribute[];
  view?: ListingView;
  eagerImage: boolean;
  /** When the page is rendered: one moment for every tile's special-price window (now when not given). */
  now?: Date;
}

const NO_ATTRIBUTES: readonly Attribute[] = [];

/** A product tile of a listing (spec section 2, "Product tile"), in the grid or the list view. */
export function ListingTile({
  product,
  attributes = NO_ATTRIBUTES,
  view = 'grid',
  eagerImage,
  now: givenNow,
}: ListingTileProps) {
  const { t, language } = useT();
  const [renderedAt] = useState(() => new Date());
  const now = givenNow ?? renderedAt;
  const status = availabilityStatusOf(product.filter_options);
  const nameId = `listing-${product.sku}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const href = productPath(product.slug, product.sku);
  const badges = tileBadges(product, now);
  const lines = attributes.length > 0 ? tileAttributeLines(product.attributes, attributes, undefined, language) : [];
  const category = product.category.at(-1);
  const categoryShown = categoryName(category ?? { name: '' }, language);
  const description = view === 'list' ? cutDescription(product.short_description) : '';
  return (
    <li className={`tile listing-tile listing-tile--${view}`} data-testid="listing-tile" data-sku={product.sku}>
      <article className="tile__inner listing-tile__inner" aria-labelledby={nameId}>
        <div className="listing-tile__media">
          {/* The picture repeats the name's link for the pointer; keyboards and screen readers use the name. */}
          <SpaLink href={href} tabIndex={-1} aria-hidden="true" className="listing-tile__image-link">
            <ProductImage
              src={product.image}
              alt=""
              width={310}
              height={300}
              className="tile__image"
              eager={eagerImage}
            />
          </SpaLink>
          {badges.length > 0 && (
            <ul className="listing-tile__badges" aria-label={t('listing.badges.label')}>
              {badges.map((badge) => (
                <li key={badge} className={`listing-badge listing-badge--${badge}`} data-badge={badge}>
                  {t(`listing.badges.${badge}`)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="tile__body listing-tile__body">
          <h2 className="tile__name" id={nameId}>
            <SpaLink href={href} className="listing-tile__link" lang={bulgarianOnlyLang(language)}>
              {product.name}
            </SpaLink>
          </h2>
          {category && (
            <p className="tile__category listing-tile__category">
              <SpaLink href={categoryPath(category.slug)} lang={langOf(categoryShown, language)}>
                {categoryShown.text}
              </SpaLink>
            </p>
          )}
          {description !== '' && (
            <p className="listing-tile__description" data-testid="tile-description">
              {description}
            </p>
          )}
          <div className="tile__price" data-testid="tile-price">
            <ShopperTilePrice product={product} now={now} />
          </div>
          {status && (
            <p className={`listing-tile__availability listing-tile__availability--${status.style}`}>
              {t(`listing.availability.${status.style}`, { defaultValue: status.text })}
            </p>
          )}
          <p className="listing-tile__sku">{t('listing.sku', { sku: product.sku })}</p>
          {lines.length > 0 && (
            <dl className="listing-tile__attributes">
              {lines.map((line) => (
                <div key={line.code} className="listing-tile__attribute">
                  <dt lang={line.labelLang}>{line.label}</dt>
                  <dd lang={line.valueLang}>{line.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {product.type_id === 'bundle' && <TileBundleThumbnails product={product} />}
          <ShortlistToggles product={product} className="listing-tile__toggles" />
        </div>
      </article>
    </li>
  );
}
