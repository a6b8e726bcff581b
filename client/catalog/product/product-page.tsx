import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogProduct, ConfigurableChild } from '../../../schema/catalog/catalog-product.ts';
import { availabilityStatusOf } from '../../../schema/catalog/rules/availability-status.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import {
  findVariant,
  reconfigure,
  type VariantMatchOptions,
  type VariantSelection,
} from '../../../schema/catalog/rules/variant-matching.ts';
import { useSyncState } from '../../app/store-client.tsx';
import { useDispatch } from '../../app/use-dispatch.ts';
import { ShortlistToggles } from '../../shortlists/ui/shortlist-toggles.tsx';
import { Button } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { notify } from '../../ui/notifications.tsx';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { SpaLink } from '../listing/spa-link.tsx';
import { categoryPath } from '../routing/index.ts';

/** The shop lists out-of-stock variants as not choosable (spec section 5: the setting, off here). */
const VARIANT_OPTIONS: VariantMatchOptions = { allowOutOfStock: false };

/** The first available variant's values of the configurable attributes: the page's starting choice. */
const initialSelection = (product: CatalogProduct): VariantSelection => {
  const child = findVariant(product, {}, VARIANT_OPTIONS);
  if (!child) return {};
  const selection: Record<string, string> = {};
  for (const option of product.configurable_options) {
    const value = child.attributes[option.attribute_code];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) selection[option.attribute_code] = first;
  }
  return selection;
};

/** The description's text (the catalogue's HTML is read, never injected). */
const plainText = (html: string): string =>
  html === '' ? '' : (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();

const parseQty = (text: string): number | null => (/^\d{1,4}$/.test(text.trim()) ? Number(text) || null : null);

/** Spec section 4 "Product page": a simple or configurable product with its variant choice and add to cart. */
export function ProductPage({ product }: { product: CatalogProduct }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { identityReady } = useSyncState();
  const ids = useId();
  const configurable = product.type_id === 'configurable' && product.configurable_options.length > 0;
  const [selection, setSelection] = useState<VariantSelection>(() => initialSelection(product));
  const [qtyText, setQtyText] = useState('1');
  useDocumentTitle(product.name);

  const child: ConfigurableChild | null = configurable ? findVariant(product, selection, VARIANT_OPTIONS) : null;
  const priced = child && child.priceInclTax !== undefined ? child : product;
  const price = useMemo(() => effectivePrice(priced, new Date()), [priced]);
  const status = availabilityStatusOf(product.filter_options);
  const sku = child?.sku ?? product.sku;
  const inStock = configurable ? child !== null && child.stock.is_in_stock : product.stock.is_in_stock;
  const finalPrice = price.finalPriceInclTax ?? 0;
  const orderable = inStock && finalPrice > 0;
  const qty = parseQty(qtyText);
  const description = useMemo(() => plainText(product.description), [product.description]);
  const category = product.category.at(-1);
  const options = [...product.configurable_options].sort((a, b) => a.position - b.position);

  const choose = (code: string, value: string) => {
    const result = reconfigure(product, selection, { [code]: value }, VARIANT_OPTIONS);
    setSelection(result.selection);
    if (result.kind === 'restored') notify({ kind: 'error', message: { key: 'product.noSuchConfiguration' } });
    if (result.kind === 'unavailable') notify({ kind: 'error', message: { key: 'product.noVariants' } });
  };

  const add = () => {
    if (!orderable || qty === null) return;
    void dispatch('cart.addItem', { sku, qty, options: {} }, { notifySuccess: true });
  };

  const qtyId = `${ids}-qty`;
  const qtyErrorId = `${ids}-qty-error`;
  const hintId = `${ids}-hint`;

  return (
    <div className="page product-page" data-testid="product-page" data-sku={product.sku}>
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{t('listing.home')}</SpaLink>
          </li>
          {category && (
            <li>
              <SpaLink href={categoryPath(category.slug)}>{category.name}</SpaLink>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-page__layout">
        <div className="product-page__media">
          <ProductImage
            src={child?.image || product.image}
            alt={product.name}
            width={600}
            height={744}
            className="product-page__image"
            eager
          />
        </div>
        <div className="product-page__info">
          <h1 className="page__title product-page__title" tabIndex={-1} data-page-heading>
            {product.name}
          </h1>
          <p className="product-page__sku" data-testid="product-sku">
            {t('product.sku', { sku })}
          </p>
          {status && (
            <p
              className={`product-page__availability listing-tile__availability--${status.style}`}
              data-testid="product-availability"
            >
              {t(`listing.availability.${status.style}`, { defaultValue: status.text })}
            </p>
          )}
          <div className="product-page__price" data-testid="product-price">
            {price.onSale && price.priceInclTax !== null ? (
              <>
                <span className="visually-hidden">{t('product.specialPrice')}</span>
                <Price amount={finalPrice} size="lg" className="product-page__special" />
                <span className="visually-hidden">{t('product.originalPrice')}</span>
                <del className="product-page__original">
                  <Price amount={price.priceInclTax} />
                </del>
              </>
            ) : (
              <Price amount={finalPrice} size="lg" />
            )}
          </div>

          {configurable &&
            options.map((option) => (
              <fieldset
                key={option.attribute_code}
                className="product-page__option"
                data-option={option.attribute_code}
              >
                <legend>{option.label}</legend>
                <div className="product-page__values">
                  {option.values.map((value) => (
                    <button
                      key={value.value_index}
                      type="button"
                      className="product-page__value"
                      aria-pressed={selection[option.attribute_code] === value.value_index}
                      onClick={() => choose(option.attribute_code, value.value_index)}
                    >
                      {value.label}
                    </button>
                  ))}
                </div>
              </fieldset>
            ))}

          <div className="product-page__buy">
            <div className="product-page__qty">
              <label htmlFor={qtyId}>{t('product.qty')}</label>
              <input
                id={qtyId}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={qtyText}
                aria-invalid={qty === null ? true : undefined}
                aria-describedby={qty === null ? qtyErrorId : undefined}
                onChange={(event) => setQtyText(event.target.value)}
              />
              {qty === null && (
                <p id={qtyErrorId} className="product-page__error" role="alert">
                  {t('product.qtyInvalid')}
                </p>
              )}
            </div>
            <Button
              className="product-page__add"
              disabled={!orderable || !identityReady || qty === null}
              aria-describedby={orderable && !identityReady ? hintId : undefined}
              onClick={add}
            >
              {orderable ? t('catalog.addToCart') : t('catalog.unavailable')}
            </Button>
          </div>
          {orderable && !identityReady && (
            <p id={hintId} className="product-page__hint">
              {t('catalog.identityPending')}
            </p>
          )}
          <ShortlistToggles product={product} className="product-page__shortlists" />

          {description && (
            <section className="product-page__description" aria-labelledby={`${ids}-desc`}>
              <h2 id={`${ids}-desc`}>{t('product.description')}</h2>
              <p>{description}</p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
