import { categoryPath } from '../../schema/routing/route-paths.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import { breadcrumbsHtml, HOME_LABEL, productCount, renderAmpLayout } from './amp-layout.ts';
import { ampCategoryPath, ampProductPath } from '../../schema/routing/amp-paths.ts';
import { priceHtml, shownPriceOf } from './amp-price.ts';
import { markup, type SafeHtml } from './escape-html.ts';

/** Spec section 9: the product tile's image is 310x300. */
export const TILE_IMAGE = { width: 310, height: 300 } as const;

export const NO_PRODUCTS = 'Няма намерени продукти!';

export interface AmpCategoryData {
  category: Pick<Category, 'name' | 'slug' | 'meta_title' | 'meta_description'>;
  /** The categories above it, top first, without the root (their AMP pages are linked in the breadcrumbs). */
  ancestors: readonly Pick<Category, 'name' | 'slug'>[];
  /** The first page of its listing, with VAT figures. */
  products: readonly CatalogProduct[];
  /** How many products the whole listing has. */
  total: number;
  /** The moment prices are shown for (a special price applies inside its window). */
  now: Date;
}

const tileHtml = (product: CatalogProduct, now: Date): SafeHtml => {
  const image =
    product.image === ''
      ? ''
      : markup`<img src="${product.image}" alt="" width="${TILE_IMAGE.width}" height="${TILE_IMAGE.height}" loading="lazy">`;
  return markup`<li class="tile"><a href="${ampProductPath(product.sku, product.slug)}">${image}<h2>${product.name}</h2></a>
<p class="sku">Код: ${product.sku}</p>
${priceHtml(shownPriceOf(product, null, now))}</li>
`;
};

/** The spec's empty listing: the message and a hint to change the search criteria or visit the Home page. */
const emptyHtml = (): SafeHtml =>
  markup`<p class="empty"><strong>${NO_PRODUCTS}</strong></p>
<p>Моля, променете критериите за търсене или посетете <a href="/">началната страница</a>.</p>`;

const gridHtml = (products: readonly CatalogProduct[], total: number, canonical: string, now: Date): SafeHtml => {
  // AMP pages have no infinite scroll: the rest of a longer listing is on the normal page.
  const more =
    total > products.length
      ? markup`\n<p><a class="full-page" href="${canonical}">Вижте всички ${productCount(total)}</a></p>`
      : '';
  return markup`<ul class="grid">
${products.map((p) => tileHtml(p, now))}</ul>${more}`;
};

/** AMP category page (spec section 2, "AMP pages"): breadcrumbs, title, item count, a 4-column grid. */
export const renderAmpCategory = ({ category, ancestors, products, total, now }: AmpCategoryData): string => {
  const canonical = categoryPath(category.slug);
  const crumbs = [
    { label: HOME_LABEL, href: '/' },
    ...ancestors.map((a) => ({ label: a.name, href: ampCategoryPath(a.slug) })),
    { label: category.name },
  ];
  const body = markup`${breadcrumbsHtml(crumbs)}
<h1>${category.name}</h1>
<p class="count">${productCount(total)}</p>
${products.length === 0 ? emptyHtml() : gridHtml(products, total, canonical, now)}`;
  return renderAmpLayout({
    title: category.meta_title || category.name,
    canonical,
    description: category.meta_description,
    body,
  });
};
