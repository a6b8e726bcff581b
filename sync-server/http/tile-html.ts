import type { Attribute } from '../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { sizedImage } from '../../schema/catalog/media-path.ts';
import { availabilityStatusOf } from '../../schema/catalog/rules/availability-status.ts';
import { formatPrice } from '../../schema/catalog/rules/format-price.ts';
import type { PriceDisplay } from '../../schema/catalog/rules/price-display.ts';
import { bundleThumbnails } from '../../schema/catalog/tile/bundle-thumbnails.ts';
import { tileAttributeLines } from '../../schema/catalog/tile/tile-attributes.ts';
import { tileBadges } from '../../schema/catalog/tile/tile-badges.ts';
import { tilePricing, type TilePricing } from '../../schema/catalog/tile/tile-pricing.ts';
import { categoryPath, productPath } from '../../schema/routing/route-paths.ts';
import { escapeHtml } from '../amp/escape-html.ts';

/**
 * A listing tile as the app draws it for a guest in Bulgarian (client/catalog/listing/listing-tile.tsx, grid view,
 * with tile-price.tsx, client/ui/price.tsx, client/ui/product-image.tsx and the shortlist toggles): the same
 * elements, classes and texts, so a page's first view (listing-first-view.ts) has the app's boxes before the app
 * runs. The texts are the client dictionaries' (tests/unit/http/listing-first-view.test.ts holds them equal): the
 * dictionaries are the client's chunks, which the server does not import.
 */
export const TILE_TEXTS = {
  badgesLabel: 'Етикети',
  badges: { sale: 'Промо', new: 'Ново', bundle: 'Комплект', eol: 'EOL' },
  availability: {
    'pre-order': 'Предварителна продажба',
    'back-order': 'Очаквана доставка',
    'in-stock': 'Наличен',
    limited: 'Ограничено количество',
    'on-request': 'Не е наличен',
  } as Readonly<Record<string, string>>,
  sku: 'Код: {{sku}}',
  priceAwaited: 'очаква се',
  priceUnknown: 'Цената предстои',
  specialPrice: 'Промоционална цена:',
  originalPrice: 'Стара цена:',
  yourPrice: 'Вашата цена',
  bundleContents: 'Съдържание на комплекта',
  wishlist: 'Запази',
  wishlistLabel: 'Запази в желани продукти: {{name}}',
  compare: 'Сравни',
  compareLabel: 'Сравни: {{name}}',
} as const;

/** `{{name}}` placeholders filled, as i18next does for these texts. */
export const fillText = (text: string, values: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

const attribute = (name: string, value: string | undefined): string =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`;

/** client/ui/price.tsx. */
const priceHtml = (amount: number, size: 'md' | 'lg', display: PriceDisplay, extraClass = ''): string => {
  const classes = `price price--${size}${extraClass}`;
  const formatted = formatPrice(amount, display, 'bg-BG');
  if (formatted.kind === 'negotiable')
    return `<span class="${classes} price-unknown">${TILE_TEXTS.priceUnknown}</span>`;
  const secondary = formatted.secondary
    ? `<span class="price__secondary">${escapeHtml(formatted.secondary)}</span>`
    : '';
  return `<span class="${classes}"><span class="price__primary">${escapeHtml(formatted.primary)}</span>${secondary}</span>`;
};

/** client/catalog/listing/tile-price.tsx. */
const tilePriceHtml = (pricing: TilePricing, display: PriceDisplay): string => {
  if (pricing.kind === 'awaited')
    return `<span class="price-unknown listing-tile__awaited">${TILE_TEXTS.priceAwaited}</span>`;
  if (pricing.kind === 'regular') return priceHtml(pricing.amount, 'lg', display);
  const group = pricing.kind === 'group';
  return [
    `<span class="listing-tile__sale"${group ? ' data-price="group"' : ''}>`,
    `<span class="${group ? 'listing-tile__group-label' : 'visually-hidden'}">`,
    `${group ? TILE_TEXTS.yourPrice : TILE_TEXTS.specialPrice}</span>`,
    priceHtml(pricing.amount, 'lg', display, ' listing-tile__special'),
    `<span class="visually-hidden">${TILE_TEXTS.originalPrice}</span>`,
    `<del class="listing-tile__original">${priceHtml(pricing.original, 'md', display)}</del></span>`,
  ].join('');
};

/** client/ui/product-image.tsx with a picture (a product without one gets the app's placeholder). */
const imageHtml = (src: string, alt: string, size: number[], className: string, eager: boolean): string => {
  const [width, height] = size as [number, number];
  const kind = width <= 310 && height <= 300 ? 'tile' : 'gallery';
  if (!src) {
    const label = alt ? ` role="img" aria-label="${escapeHtml(alt)}"` : ' aria-hidden="true"';
    // No style attribute (the page's policy allows none): the class's own aspect ratio holds the box.
    return `<span class="product-image ${className} product-image--placeholder"${label}></span>`;
  }
  return (
    `<img class="product-image ${className}" src="${escapeHtml(sizedImage(src, kind))}" alt="${escapeHtml(alt)}"` +
    ` width="${width}" height="${height}" loading="${eager ? 'eager' : 'lazy'}" decoding="async">`
  );
};

/** The wishlist and compare toggles (client/shortlists/ui/shortlist-toggles.tsx), neither pressed. */
const togglesHtml = (name: string): string =>
  [
    '<div class="shortlist-toggles listing-tile__toggles">',
    '<button type="button" class="shortlist-toggle shortlist-toggle--wishlist" aria-pressed="false"',
    ` aria-label="${escapeHtml(fillText(TILE_TEXTS.wishlistLabel, { name }))}">`,
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">',
    '<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" fill="none"',
    ' stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"></path></svg>',
    `<span>${TILE_TEXTS.wishlist}</span></button>`,
    '<button type="button" class="shortlist-toggle shortlist-toggle--compare" aria-pressed="false"',
    ` aria-label="${escapeHtml(fillText(TILE_TEXTS.compareLabel, { name }))}">`,
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">',
    '<path d="M5 8h12m0 0-3-3m3 3-3 3M19 16H7m0 0 3-3m-3 3 3 3" fill="none" stroke="currentColor"',
    ' stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"></path></svg>',
    `<span>${TILE_TEXTS.compare}</span></button></div>`,
  ].join('');

export interface TileOptions {
  /** The attribute definitions for the attribute lines; none for the search page, as the app draws it. */
  attributes: readonly Attribute[];
  now: Date;
  display: PriceDisplay;
  eager: boolean;
}

export const tileHtml = (product: CatalogProduct, { attributes, now, display, eager }: TileOptions): string => {
  const nameId = `listing-${product.sku}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const href = escapeHtml(productPath(product.slug, product.sku));
  const badges = tileBadges(product, now);
  const status = availabilityStatusOf(product.filter_options);
  const lines = attributes.length > 0 ? tileAttributeLines(product.attributes, attributes, undefined, 'bg') : [];
  const category = product.category.at(-1);
  const bundle = product.type_id === 'bundle' ? bundleThumbnails(product) : [];
  return [
    `<li class="tile listing-tile listing-tile--grid"><article class="tile__inner listing-tile__inner" aria-labelledby="${nameId}">`,
    `<div class="listing-tile__media"><a href="${href}" tabindex="-1" aria-hidden="true" class="listing-tile__image-link">`,
    imageHtml(product.image, '', [310, 300], 'tile__image', eager),
    '</a>',
    badges.length === 0
      ? ''
      : `<ul class="listing-tile__badges" aria-label="${TILE_TEXTS.badgesLabel}">` +
        badges
          .map((b) => `<li class="listing-badge listing-badge--${b}" data-badge="${b}">${TILE_TEXTS.badges[b]}</li>`)
          .join('') +
        '</ul>',
    '</div><div class="tile__body listing-tile__body">',
    `<h2 class="tile__name" id="${nameId}"><a href="${href}" class="listing-tile__link">${escapeHtml(product.name)}</a></h2>`,
    category
      ? `<p class="tile__category listing-tile__category"><a href="${escapeHtml(categoryPath(category.slug))}">${escapeHtml(category.name)}</a></p>`
      : '',
    `<div class="tile__price">${tilePriceHtml(tilePricing(product, now), display)}</div>`,
    status
      ? `<p class="listing-tile__availability listing-tile__availability--${status.style}">${escapeHtml(TILE_TEXTS.availability[status.style] ?? status.text)}</p>`
      : '',
    `<p class="listing-tile__sku">${escapeHtml(fillText(TILE_TEXTS.sku, { sku: product.sku }))}</p>`,
    lines.length === 0
      ? ''
      : '<dl class="listing-tile__attributes">' +
        lines
          .map(
            (line) =>
              `<div class="listing-tile__attribute"><dt${attribute('lang', line.labelLang)}>${escapeHtml(line.label)}</dt>` +
              `<dd${attribute('lang', line.valueLang)}>${escapeHtml(line.value)}</dd></div>`,
          )
          .join('') +
        '</dl>',
    bundle.length === 0
      ? ''
      : `<ul class="listing-tile__bundle" aria-label="${TILE_TEXTS.bundleContents}">` +
        bundle
          .map((item) => `<li>${imageHtml(item.image, item.name, [60, 60], 'listing-tile__thumb', false)}</li>`)
          .join('') +
        '</ul>',
    togglesHtml(product.name),
    '</div></article></li>',
  ].join('');
};
