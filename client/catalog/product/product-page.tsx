import { Suspense, useId, useMemo, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { CatalogProduct, ConfigurableChild } from '../../../schema/catalog/catalog-product.ts';
import { availabilityStatusOf } from '../../../schema/catalog/rules/availability-status.ts';
import { bundlePrice, validateBundleOptions } from '../../../schema/catalog/rules/bundle-price.ts';
import { validateCustomOptions, type CustomOptionAnswers } from '../../../schema/catalog/rules/custom-options.ts';
import { ctoAnswers } from '../../../schema/catalog/rules/cto-answers.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { groupedMemberSkus, groupedPrice } from '../../../schema/catalog/rules/grouped-price.ts';
import {
  findVariant,
  reconfigure,
  type VariantMatchOptions,
  type VariantSelection,
} from '../../../schema/catalog/rules/variant-matching.ts';
import { addTax } from '../../../schema/catalog/tax.ts';
import { useCustomerGroup, useStoreClient, useSyncState, useDispatch } from '../../store/index.ts';
import { ShortlistToggles } from '../../shortlists/index.ts';
import { Button } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { notify } from '../../ui/notifications.tsx';
import { Price } from '../../ui/price.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { categoryPath } from '../../../schema/routing/route-paths.ts';
import { childSkuOf, startingSelection, variantPath } from '../../../schema/routing/variant-address.ts';
import { bundleSelectionOf, initialBundleState, type BundleFormState } from './bundle-state.ts';
import { bundleLineOptions, customOptionsLineOptions } from './cart-line-options.ts';
import { galleryImagesOf } from '../../../schema/catalog/gallery-images.ts';
import { groupedTotalInclTax, invalidGroupedMembers, type GroupedQuantities } from './grouped-selection.ts';
import { NotificationToggles } from './notification-toggles.tsx';
import { ProductDetails } from './product-details.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductHead } from './product-head.tsx';
import { useApprovedReviews } from './product-reviews-data.ts';
import { impliedVatRate } from '../../../schema/catalog/tax.ts';
import { customOptionsPriceInclTax, groupPriceInclTax, groupQuantityTiers } from './product-pricing.ts';
import { ProductTierHint } from './product-tier-hint.tsx';
import { hasSizeGuide } from './size-guide.ts';
import { useProductsBySku, useRelatedProducts } from './use-product-data.ts';
import { parseWholeNumber } from './whole-number.ts';
import { useT } from '../../i18n/use-t.tsx';
import { bulgarianOnly, categoryName } from '../../../schema/catalog/localized.ts';
import { bulgarianOnlyLang, langOf, Shown } from '../localized/index.ts';
import { shownOption } from './option-labels.ts';
import { useOptionAttributes } from './use-option-attributes.ts';
import { lazyComponent } from '../../lib/lazy-when-reachable.ts';
import { CreditOfferPlace } from './credit-offer-place.tsx';
import './product-page.css';

/**
 * "From X a month": the credit calculator (schema/credit) is a chunk of its own, loaded with the product page's
 * first render, so the first page's JavaScript stays within its budget (npm run bench:web).
 */
/**
 * The option forms of a custom-configured, bundle or grouped product, and the size guide, load with such a product's
 * page only: most products
 * have none, and the first page's JavaScript has a budget (npm run bench:web).
 */
const CustomOptionsForm = lazyComponent(() => import('./custom-options-form.tsx'), 'CustomOptionsForm');
const BundleOptionsForm = lazyComponent(() => import('./bundle-options-form.tsx'), 'BundleOptionsForm');
const GroupedMembersForm = lazyComponent(() => import('./grouped-members-form.tsx'), 'GroupedMembersForm');
const SizeGuide = lazyComponent(() => import('./size-guide-dialog.tsx'), 'SizeGuide');
const CreditOffer = lazyComponent(() => import('./credit-offer.tsx'), 'CreditOffer');
/** Related products, the recently viewed and the promo banners: the page's foot, after the first paint. */
const ProductRows = lazyComponent(() => import('./product-rows.tsx'), 'ProductRows');

/** The shop lists out-of-stock variants as not choosable (spec section 5: the setting, off here). */
const VARIANT_OPTIONS: VariantMatchOptions = { allowOutOfStock: false };

/** A grouped member's figures for the page: its price in force with VAT and whether it can be ordered. */
const groupedMemberOf = (member: CatalogProduct, now: Date) => {
  const priceInclTax = effectivePrice(member, now).finalPriceInclTax ?? 0;
  return {
    sku: member.sku,
    slug: member.slug,
    name: member.name,
    priceInclTax,
    orderable: member.stock.is_in_stock && priceInclTax > 0,
  };
};

/**
 * Spec section 2 "Product page": gallery with zoom, status badge, price (live with custom or bundle options),
 * configurable selectors, custom options, bundle options or grouped members, quantity and add to cart, credit
 * entry, notification settings, size guide, banners, collapsible details with reviews, related and recently viewed.
 */
export function ProductPage({ product, ctoOptions }: { product: CatalogProduct; ctoOptions?: readonly string[] }) {
  const { t, language } = useT();
  const dispatch = useDispatch();
  const client = useStoreClient();
  const { online } = useSyncState();
  const ids = useId();
  const configurable = product.type_id === 'configurable' && product.configurable_options.length > 0;
  const isBundle = product.type_id === 'bundle' && product.bundle_options.length > 0;
  const isGrouped = product.type_id === 'grouped';
  const router = useRouter();
  // The variant the address names (a shared link, '?childSku=': variant-address.ts), else the first available.
  const [selection, setSelection] = useState<VariantSelection>(() =>
    startingSelection(product, childSkuOf(router.state.location.searchStr), VARIANT_OPTIONS),
  );
  const [qtyText, setQtyText] = useState('1');
  // A /cto:… address chooses the custom options it names (a configured Mac shared as a link).
  const [answers, setAnswers] = useState<CustomOptionAnswers>(() =>
    ctoOptions ? ctoAnswers(product.custom_options, ctoOptions) : {},
  );
  const [bundleState, setBundleState] = useState<BundleFormState>(() => initialBundleState(product));
  const [groupedQtyTexts, setGroupedQtyTexts] = useState<Readonly<Record<string, string>>>({});
  // Validation messages appear once the shopper has tried to add to the cart, then follow every change.
  const [triedToAdd, setTriedToAdd] = useState(false);
  useDocumentTitle(product.name);

  const now = useMemo(() => new Date(), []);
  const vatRate = impliedVatRate(product);
  const child: ConfigurableChild | null = configurable ? findVariant(product, selection, VARIANT_OPTIONS) : null;
  const priced = child && child.priceInclTax !== undefined ? child : product;
  const price = useMemo(() => effectivePrice(priced, now), [priced, now]);
  const status = availabilityStatusOf(product.filter_options);
  const sku = child?.sku ?? product.sku;
  const inStock = configurable ? child !== null && child.stock.is_in_stock : product.stock.is_in_stock;
  const qty = parseWholeNumber(qtyText, 1);

  const customValidation = validateCustomOptions(product.custom_options, answers);
  const bundleSelection = bundleSelectionOf(bundleState);
  const bundleValidation = validateBundleOptions(product, bundleSelection);
  const memberSkus = useMemo(() => (isGrouped ? groupedMemberSkus(product) : []), [isGrouped, product]);
  const memberProducts = useProductsBySku(client, memberSkus, online);
  const members = useMemo(() => memberProducts.map((member) => groupedMemberOf(member, now)), [memberProducts, now]);
  const groupedQuantities: GroupedQuantities = Object.fromEntries(
    Object.entries(groupedQtyTexts).map(([memberSku, text]) => [memberSku, parseWholeNumber(text, 1)]),
  );
  const invalidMembers = invalidGroupedMembers(members, groupedQuantities);

  // Price tiers: a line without custom options costs the shopper's group price (schema/cart/tier-pricing.ts), and
  // the page follows a login or logout at once.
  const customerGroupId = useCustomerGroup();
  const plainLine =
    !isBundle && !isGrouped && Object.keys(customOptionsLineOptions(product.custom_options, answers)).length === 0;
  const groupPrice = plainLine ? groupPriceInclTax(price, product.tier_prices, customerGroupId, vatRate) : 0;
  const groupTiers = plainLine ? groupQuantityTiers(price, product.tier_prices, customerGroupId, vatRate) : [];
  const livePrice = isBundle
    ? addTax(bundlePrice(product, bundleSelection), vatRate)
    : isGrouped
      ? groupedTotalInclTax(members, groupedQuantities)
      : plainLine
        ? groupPrice
        : customOptionsPriceInclTax(price, product.custom_options, answers, vatRate);
  const showGroup = plainLine && price.finalPriceInclTax !== null && livePrice < price.finalPriceInclTax;
  const groupedFrom = isGrouped
    ? addTax(
        groupedPrice(product, (memberSku) => memberProducts.find((m) => m.sku === memberSku), now),
        vatRate,
      )
    : 0;
  const showStruck = price.onSale && price.priceInclTax !== null && livePrice === price.finalPriceInclTax;
  const orderable = isGrouped ? members.some((m) => m.orderable) : inStock && livePrice > 0;
  const category = product.category.at(-1);
  const options = [...product.configurable_options].sort((a, b) => a.position - b.position);
  const optionAttributes = useOptionAttributes(client, configurable && language !== 'bg');
  // The product's name and description exist only in Bulgarian: an English page marks them so.
  const nameLang = bulgarianOnlyLang(language);
  const images = galleryImagesOf(product, child?.image);
  const related = useRelatedProducts(client, product, online);
  const reviews = useApprovedReviews(client, product.id, online);

  const productError = !triedToAdd
    ? null
    : isBundle && !bundleValidation.ok
      ? 'product.bundle.invalid'
      : !isBundle && !isGrouped && !customValidation.ok
        ? 'product.options.invalid'
        : null;

  const choose = (code: string, value: string) => {
    const result = reconfigure(product, selection, { [code]: value }, VARIANT_OPTIONS);
    setSelection(result.selection);
    // The address follows the choice, so a shared link opens this variant. It replaces the entry: ten clicks
    // through colours are one page to the Back button, which leaves the product rather than undoing choices.
    if (result.kind === 'configured' && !ctoOptions)
      void router.navigate({
        href: variantPath(product.slug, product.sku, result.child.sku),
        replace: true,
        resetScroll: false,
      });
    if (result.kind === 'restored') notify({ kind: 'error', message: { key: 'product.noSuchConfiguration' } });
    if (result.kind === 'unavailable') notify({ kind: 'error', message: { key: 'product.noVariants' } });
  };

  const add = () => {
    setTriedToAdd(true);
    if (!orderable) return;
    if (isGrouped) {
      if (invalidMembers.length > 0) return;
      for (const member of members.filter((m) => m.orderable)) {
        const memberQty = groupedQuantities[member.sku] ?? 1;
        void dispatch('cart.addItem', { sku: member.sku, qty: memberQty, options: {} }, { notifySuccess: true });
      }
      return;
    }
    if (qty === null) return;
    if (isBundle) {
      if (!bundleValidation.ok) {
        notify({ kind: 'error', message: { key: 'product.bundle.invalid' } });
        return;
      }
      const lineOptions = bundleLineOptions(product.bundle_options, bundleSelection);
      void dispatch('cart.addItem', { sku, qty, options: lineOptions }, { notifySuccess: true });
      return;
    }
    if (!customValidation.ok) {
      notify({ kind: 'error', message: { key: 'product.options.invalid' } });
      return;
    }
    const lineOptions = customOptionsLineOptions(product.custom_options, answers);
    void dispatch('cart.addItem', { sku, qty, options: lineOptions }, { notifySuccess: true });
  };

  const qtyId = `${ids}-qty`;
  const qtyErrorId = `${ids}-qty-error`;
  const errorId = `${ids}-product-error`;

  return (
    <div className="page product-page" data-testid="product-page" data-sku={product.sku}>
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{t('listing.home')}</SpaLink>
          </li>
          {category && (
            <li>
              <SpaLink href={categoryPath(category.slug)}>
                <Shown shown={categoryName(category, language)} pageLanguage={language} />
              </SpaLink>
            </li>
          )}
          <li aria-current="page" lang={nameLang}>
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="product-page__layout">
        <div className="product-page__media">
          <ProductGallery key={images[0]?.image ?? ''} images={images} name={product.name} />
        </div>
        <div className="product-page__info">
          <h1 className="page__title product-page__title" tabIndex={-1} data-page-heading lang={nameLang}>
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
          <div className="product-page__price" data-testid="product-price" aria-live="polite">
            {isGrouped && <span className="product-page__price-label">{t('product.grouped.total')}</span>}
            {(showGroup || showStruck) && price.priceInclTax !== null ? (
              <>
                {showGroup ? (
                  <span className="product-page__price-label" data-price="group">
                    {t('tierPrices.yourPrice')}
                  </span>
                ) : (
                  <span className="visually-hidden">{t('product.specialPrice')}</span>
                )}
                <Price amount={livePrice} size="lg" className="product-page__special" />
                <span className="visually-hidden">{t('product.originalPrice')}</span>
                <del className="product-page__original">
                  <Price amount={price.priceInclTax} />
                </del>
              </>
            ) : (
              <Price amount={livePrice} size="lg" />
            )}
          </div>
          <ProductTierHint tiers={groupTiers} />
          {isGrouped && groupedFrom > 0 && (
            <p className="product-page__hint" data-testid="grouped-price">
              {t('product.grouped.price')} <Price amount={groupedFrom} />
            </p>
          )}
          <Suspense fallback={<CreditOfferPlace priceInclTax={livePrice} />}>
            <CreditOffer priceInclTax={livePrice} />
          </Suspense>

          {configurable &&
            options.map((option) => {
              const shown = shownOption(option, optionAttributes, language);
              return (
                <fieldset
                  key={option.attribute_code}
                  className="product-page__option"
                  data-option={option.attribute_code}
                >
                  <legend lang={langOf(shown.label, language)}>{shown.label.text}</legend>
                  <div className="product-page__values">
                    {option.values.map((value) => {
                      const label = shown.values.get(value.value_index) ?? bulgarianOnly(value.label);
                      return (
                        <button
                          key={value.value_index}
                          type="button"
                          className="product-page__value"
                          lang={langOf(label, language)}
                          aria-pressed={selection[option.attribute_code] === value.value_index}
                          onClick={() => choose(option.attribute_code, value.value_index)}
                        >
                          {label.text}
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
              );
            })}
          {hasSizeGuide(product) && (
            <Suspense fallback={null}>
              <SizeGuide />
            </Suspense>
          )}

          {!isBundle && !isGrouped && product.custom_options.length > 0 && (
            <Suspense fallback={<div className="product-page__options-loading" aria-busy="true" />}>
              <CustomOptionsForm
                options={product.custom_options}
                answers={answers}
                errors={triedToAdd && !customValidation.ok ? customValidation.fieldErrors : {}}
                vatRate={vatRate}
                onAnswer={(optionId, answer) => setAnswers((current) => ({ ...current, [optionId]: answer }))}
              />
            </Suspense>
          )}
          {isBundle && (
            <Suspense fallback={<div className="product-page__options-loading" aria-busy="true" />}>
              <BundleOptionsForm
                options={product.bundle_options}
                state={bundleState}
                errors={triedToAdd && !bundleValidation.ok ? bundleValidation.fieldErrors : {}}
                vatRate={vatRate}
                onChange={(optionId, next) => setBundleState((current) => ({ ...current, [optionId]: next }))}
              />
            </Suspense>
          )}
          {isGrouped && (
            <Suspense fallback={<div className="product-page__options-loading" aria-busy="true" />}>
              <GroupedMembersForm
                members={members}
                qtyTexts={groupedQtyTexts}
                invalid={invalidMembers}
                onQty={(memberSku, text) => setGroupedQtyTexts((current) => ({ ...current, [memberSku]: text }))}
              />
            </Suspense>
          )}

          <div className="product-page__buy">
            {!isGrouped && (
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
            )}
            <Button
              className="product-page__add"
              // A tap is kept on the device at once, before it has its guest identity too (client/sync/provisional.ts).
              disabled={!orderable || (!isGrouped && qty === null)}
              aria-describedby={productError ? errorId : undefined}
              onClick={add}
            >
              {orderable ? t('catalog.addToCart') : t('catalog.unavailable')}
            </Button>
          </div>
          {productError && (
            <p id={errorId} className="product-page__error" role="alert" data-testid="product-error">
              {t(productError)}
            </p>
          )}
          <ShortlistToggles product={product} className="product-page__shortlists" />
          <NotificationToggles sku={product.sku} inStock={orderable} />
        </div>
      </div>
      <ProductHead product={product} reviews={reviews} />
      <ProductDetails product={product} reviews={reviews} />
      <Suspense fallback={null}>
        <ProductRows related={related} sku={product.sku} client={client} online={online} />
      </Suspense>
    </div>
  );
}
