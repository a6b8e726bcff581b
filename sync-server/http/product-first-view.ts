import { catalogProductSchema, type CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { galleryImagesOf } from '../../schema/catalog/gallery-images.ts';
import { sizedImage } from '../../schema/catalog/media-path.ts';
import { isEnabledStatus } from '../../schema/catalog/rules/product-status.ts';
import { decodeSegment, productLookupPath, skuCandidates } from '../../schema/catalog/rules/product-address.ts';
import { resolvePath } from '../../schema/routing/resolve-path.ts';
import { categoryPath } from '../../schema/routing/route-paths.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import { fillText } from './tile-html.ts';

/**
 * A product page's first view: its breadcrumbs, its gallery and its name, drawn by the server into the page so a
 * shopper on a slow link sees the product before the app's JavaScript has run (on slow 4G that is two seconds and
 * more, and the page's largest paint waited for it). The markup is the app's own (client/catalog/product/
 * product-page.tsx and product-gallery.tsx: same elements, same classes, same picture size), so the app, which
 * replaces it, draws the same boxes in the same places; what the app adds (the price with the shopper's own
 * group price, the options, the buttons) comes under the name. tests/e2e/product-first-view.spec.ts checks that.
 *
 * Only a product the page shows as it comes: a configurable product's picture is its first variant's, which the
 * app chooses, so it gets no first view rather than a picture that changes.
 */
export const PRODUCT_TEXTS = {
  home: 'Начало',
  breadcrumbs: 'Навигационна пътека',
  zoom: 'Увеличи снимката: {{label}}',
  thumbnails: 'Снимки на продукта',
  show: 'Покажи снимка {{n}} от {{total}}: {{label}}',
} as const;

/** The gallery's picture box and its thumbnails' (client/catalog/product/product-gallery.tsx). */
const GALLERY = { width: 600, height: 744 } as const;
const THUMB = { width: 72, height: 89 } as const;

/** The product the page at `pathname` shows, from the product lookup the server embedded (boot-data.ts). */
const productOf = (pathname: string, answers: Record<string, unknown>): CatalogProduct | undefined => {
  const first = decodeSegment(pathname.split('/').find((segment) => segment !== '') ?? '');
  const answer = answers[productLookupPath(skuCandidates(first))] as { result?: { items?: unknown } } | undefined;
  const items = Array.isArray(answer?.result?.items) ? (answer.result.items as unknown[]) : [];
  const products = new Map<string, CatalogProduct>();
  for (const item of items) {
    const parsed = catalogProductSchema.safeParse(item);
    // The page turns a disabled product or a variant not shown on its own away (fetch-product.ts).
    if (parsed.success && isEnabledStatus(parsed.data.status) && parsed.data.visibility !== 1)
      products.set(parsed.data.sku, parsed.data);
  }
  if (products.size === 0) return undefined;
  const resolution = resolvePath(pathname, {
    categoryBySlug: () => undefined,
    isStaticPage: () => false,
    productBySku: (sku) => products.get(sku),
    attributes: [],
  });
  return resolution.kind === 'product' ? products.get(resolution.parentSku) : undefined;
};

const picture = (src: string, size: { width: number; height: number }, kind: 'gallery' | 'tile', extra = '') =>
  `<img class="product-image${extra}" src="${escapeHtml(sizedImage(src, kind))}" alt="" width="${size.width}"` +
  ` height="${size.height}" loading="eager" decoding="async"${kind === 'gallery' ? ' fetchpriority="high"' : ''}>`;

/** The page's first view (first-view.ts's FirstView), or undefined when the server draws none for it. */
export const productFirstView = (
  pathname: string,
  answers: Record<string, unknown>,
): { html: string; pictures: string[] } | undefined => {
  const product = productOf(pathname, answers);
  if (!product || product.type_id === 'configurable') return undefined;
  const pictures = galleryImagesOf(product);
  const main = pictures[0];
  if (!main) return undefined;
  const name = escapeHtml(product.name);
  const category = product.category.at(-1);
  const label = (image: { label: string }) => image.label || product.name;
  const thumbs =
    pictures.length < 2
      ? ''
      : `<ul class="product-gallery__thumbs" aria-label="${escapeHtml(PRODUCT_TEXTS.thumbnails)}">` +
        pictures
          .map((image, i) => {
            const text = fillText(PRODUCT_TEXTS.show, { n: i + 1, total: pictures.length, label: label(image) });
            const current = i === 0 ? ' aria-current="true"' : '';
            return `<li><button type="button" class="product-gallery__thumb" aria-label="${escapeHtml(text)}"${current}>${picture(image.image, THUMB, 'tile')}</button></li>`;
          })
          .join('') +
        '</ul>';
  const html = [
    '<div class="page product-page">',
    `<nav class="breadcrumbs" aria-label="${escapeHtml(PRODUCT_TEXTS.breadcrumbs)}"><ol class="breadcrumbs__list">`,
    `<li><a href="/">${escapeHtml(PRODUCT_TEXTS.home)}</a></li>`,
    category ? `<li><a href="${escapeHtml(categoryPath(category.slug))}">${escapeHtml(category.name)}</a></li>` : '',
    `<li aria-current="page">${name}</li></ol></nav>`,
    '<div class="product-page__layout"><div class="product-page__media"><div class="product-gallery">',
    `<button type="button" class="product-gallery__main" aria-label="${escapeHtml(fillText(PRODUCT_TEXTS.zoom, { label: label(main) }))}" aria-haspopup="dialog">`,
    picture(main.image, GALLERY, 'gallery', ' product-page__image'),
    `</button>${thumbs}</div></div>`,
    `<div class="product-page__info"><h1 class="page__title product-page__title">${name}</h1></div>`,
    '</div></div>',
  ].join('');
  return { html, pictures: [sizedImage(main.image, 'gallery')] };
};
