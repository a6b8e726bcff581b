import { productPath } from '../../schema/routing/route-paths.ts';
import type { Attribute } from '../../schema/catalog/attribute.ts';
import type {
  BundleOption,
  CatalogProduct,
  ConfigurableChild,
  CustomOption,
} from '../../schema/catalog/catalog-product.ts';
import { grossAtProductRate } from '../../schema/search/search-price.ts';
import { breadcrumbsHtml, HOME_LABEL, renderAmpLayout } from './amp-layout.ts';
import { ampCategoryPath, ampProductPath } from '../../schema/routing/amp-paths.ts';
import { moneyText, priceHtml, shownPriceOf } from './amp-price.ts';
import { htmlParagraphs } from '../../schema/catalog/rules/html-text.ts';
import { markup, type SafeHtml } from './escape-html.ts';

/** Spec section 9: "AMP gallery 450x500". */
export const AMP_GALLERY_IMAGE = { width: 450, height: 500 } as const;

/** The spec's 'N/A' for an empty detail, in the page's language. */
export const NOT_AVAILABLE = 'Няма данни';
/** The spec's 'Check available sizes' link, on a product with variants. */
export const CHECK_SIZES = 'Проверете наличните размери';
/** The same link on a product without variants, where sizes would mean nothing. */
export const FULL_PAGE = 'Към пълната страница на продукта';
const REQUIRED = ' (задължителна)';

export interface AmpProductData {
  /** The product with its VAT figures (`applyTaxRules`). */
  product: CatalogProduct;
  /** The variant the URL names (its price, sku and image are shown), or null. */
  child: ConfigurableChild | null;
  /** A grouped product's members that may be shown, with VAT figures, in link order. */
  groupedMembers: readonly CatalogProduct[];
  /** The shop's attributes; the details list the ones `detailAttributes` picks. */
  attributes: readonly Attribute[];
  /** The moment prices are shown for (a special price applies inside its window). */
  now: Date;
}

/**
 * The attributes of the product details: those shown on the front and comparable (the spec sheet the compare page
 * uses too), by position. Every product lists the same ones, so a missing value reads 'N/A' as the spec says.
 * The price attribute (`cena`) is left out: the price is shown above.
 */
export const detailAttributes = (attributes: readonly Attribute[]): Attribute[] =>
  attributes
    .filter((a) => a.is_visible_on_front && a.is_comparable && a.frontend_input !== 'price')
    .toSorted((a, b) => a.position - b.position || a.attribute_code.localeCompare(b.attribute_code));

/** The option labels of a value (a multiselect's joined), or null when there is none. */
export const attributeText = (attribute: Attribute, value: string | readonly string[] | undefined): string | null => {
  const values = (typeof value === 'string' ? [value] : (value ?? [])).filter((v) => v.trim() !== '');
  if (values.length === 0) return null;
  // A value without an option (a text attribute, or an option since deleted) is shown as stored.
  return values.map((v) => attribute.options.find((o) => o.value === v)?.label || v).join(', ');
};

/** The chosen variant's own image first, then the product's gallery and main image, each once. */
const galleryImages = (product: CatalogProduct, child: ConfigurableChild | null): { src: string; alt: string }[] => {
  const candidates = [
    ...(child && child.image !== '' ? [{ src: child.image, alt: child.name }] : []),
    ...product.media_gallery.map((m) => ({ src: m.image, alt: m.label || product.name })),
    { src: product.image, alt: product.name },
  ];
  const seen = new Set<string>();
  return candidates.filter((c) => c.src !== '' && !seen.has(c.src) && seen.add(c.src));
};

/**
 * A CSS scroll-snap strip: the carousel without script (AMP pages run none of their own). It takes the focus so a
 * keyboard can scroll it.
 */
const galleryHtml = (product: CatalogProduct, child: ConfigurableChild | null): SafeHtml | '' => {
  const images = galleryImages(product, child).map(
    (image, i) =>
      markup`<img src="${image.src}" alt="${image.alt}" width="${AMP_GALLERY_IMAGE.width}" height="${
        AMP_GALLERY_IMAGE.height
      }"${i === 0 ? '' : markup` loading="lazy"`}>`,
  );
  return images.length === 0
    ? ''
    : markup`<div class="gallery" role="group" aria-label="Галерия" tabindex="0">${images}</div>\n`;
};

const groupedHtml = (members: readonly CatalogProduct[], now: Date): SafeHtml | '' =>
  members.length === 0
    ? ''
    : markup`<section class="options"><h2>Продукти в групата</h2><ul>${members.map(
        (m) =>
          markup`<li><a href="${ampProductPath(m.sku, m.slug)}">${m.name}</a> (Код: ${m.sku}) ${priceHtml(
            shownPriceOf(m, null, now),
          )}</li>`,
      )}</ul></section>\n`;

/** Bundle options, read only: each option's items with quantity and price (net in the catalogue, shown with VAT). */
const bundleHtml = (product: CatalogProduct, options: readonly BundleOption[]): SafeHtml | '' => {
  if (options.length === 0) return '';
  const optionHtml = (option: BundleOption): SafeHtml =>
    markup`<h3>${option.title}${option.required ? REQUIRED : ''}</h3><ul>${option.product_links.map(
      (link) =>
        markup`<li>${link.name || link.sku} × ${link.qty}${link.is_default ? ' (по подразбиране)' : ''}: ${moneyText(
          grossAtProductRate(link.price * link.qty, product),
        )}</li>`,
    )}</ul>`;
  return markup`<section class="options"><h2>Опции на комплекта</h2>${options.map(optionHtml)}</section>\n`;
};

/** What a custom option's value adds: a percent as written, a fixed amount (net stotinki) with VAT. */
const customValuePrice = (product: CatalogProduct, value: CustomOption['values'][number]): string => {
  if (value.price === 0) return '';
  if (value.price_type === 'percent') return ` +${value.price}%`;
  return ` +${moneyText(grossAtProductRate(Math.round(value.price), product))}`;
};

/** Custom options, read only: each option's values and what they add to the price. */
const customOptionsHtml = (product: CatalogProduct, options: readonly CustomOption[]): SafeHtml | '' => {
  if (options.length === 0) return '';
  const optionHtml = (option: CustomOption): SafeHtml =>
    markup`<h3>${option.title}${option.is_require ? REQUIRED : ''}</h3><ul>${option.values.map(
      (value) => markup`<li>${value.title}${customValuePrice(product, value)}</li>`,
    )}</ul>`;
  const sorted = options.toSorted((a, b) => a.sort_order - b.sort_order);
  return markup`<section class="options"><h2>Допълнителни опции</h2>${sorted.map(optionHtml)}</section>\n`;
};

const detailsHtml = ({ product, child, attributes }: AmpProductData): SafeHtml => {
  const paragraphs = htmlParagraphs(product.description);
  const description =
    paragraphs.length === 0 ? markup`<p>${NOT_AVAILABLE}</p>` : paragraphs.map((p) => markup`<p>${p}</p>`);
  // The variant's values (its colour, its disk) describe what the page shows; the parent's fill in the rest.
  const values = { ...product.attributes, ...(child?.attributes ?? {}) };
  const rows = detailAttributes(attributes).map(
    (a) =>
      markup`<dt>${a.frontend_label || a.default_frontend_label || a.attribute_code}</dt><dd>${
        attributeText(a, values[a.attribute_code]) ?? NOT_AVAILABLE
      }</dd>`,
  );
  return markup`<section class="details"><h2>Детайли за продукта</h2>
<h3>Описание</h3>
${description}
<h3>Характеристики</h3>
<dl>${rows}</dl>
</section>`;
};

/**
 * AMP product page (spec section 2, "AMP pages"): a 450x500 gallery, name, sku, price (special and original when on
 * sale), grouped product links, bundle or custom options, the link to the full page, and the details with the
 * description and attributes ('N/A' when empty). Nothing here can be bought: the full page does that.
 */
export const renderAmpProduct = (data: AmpProductData): string => {
  const { product, child, now } = data;
  const canonical = productPath(product.slug, product.sku);
  const category = product.category.at(-1);
  const crumbs = [
    { label: HOME_LABEL, href: '/' },
    ...(category ? [{ label: category.name, href: ampCategoryPath(category.slug) }] : []),
    { label: product.name },
  ];
  const hasVariants = product.type_id === 'configurable' && product.configurable_children.length > 0;
  const body = markup`${breadcrumbsHtml(crumbs)}
<article class="product">
${galleryHtml(product, child)}<h1>${product.name}</h1>
<p class="sku">Код: ${child?.sku ?? product.sku}</p>
${priceHtml(shownPriceOf(product, child, now))}
${groupedHtml(data.groupedMembers, now)}${product.type_id === 'bundle' ? bundleHtml(product, product.bundle_options) : ''}${customOptionsHtml(product, product.custom_options)}<p><a class="full-page" href="${canonical}">${hasVariants ? CHECK_SIZES : FULL_PAGE}</a></p>
${detailsHtml(data)}
</article>`;
  return renderAmpLayout({
    title: product.meta_title || product.name,
    canonical,
    description: product.meta_description || product.short_description,
    body,
  });
};
