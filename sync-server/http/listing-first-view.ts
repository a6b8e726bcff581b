import { catalogProductSchema, type CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { bootSearchKey, searchPageQuery } from '../../schema/catalog/listing-query.ts';
import { sizedImage } from '../../schema/catalog/media-path.ts';
import { priceDisplaySchema, type PriceDisplay } from '../../schema/catalog/rules/price-display.ts';
import { decodeSegment } from '../../schema/catalog/rules/product-address.ts';
import { SEARCH_PREFIX } from '../../schema/routing/route-table.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import { fillText, tileHtml } from './tile-html.ts';

/**
 * The search page's first view (`/search={keywords}`): its heading, its count and its tiles, drawn by the server
 * from the search it ran for the page (boot-search.ts), in the app's markup (client/catalog/search/search-page.tsx,
 * tile-html.ts). Before it, a shopper on a slow link saw the header alone until the app had run, started its
 * local store and searched: about four seconds on slow 4G. The app replaces it with the same boxes.
 */
export const SEARCH_TEXTS = {
  pageTitle: 'Търсене: {{keywords}}',
  found_one: 'Намерен е {{count}} продукт',
  found_other: 'Намерени са {{count}} продукта',
  none: 'Няма намерени продукти.',
} as const;

/** The app's first tiles load their pictures at once; the rest when scrolled to (search-page.tsx). */
const EAGER_TILES = 4;

/**
 * The shop's price display, as the built app has it: the shell carries it (index.html's `price-display` meta,
 * filled from VITE_PRICE_DISPLAY by the build), so the first view shows prices as the app will. Euro first when
 * the build had none, as the app's own default (client/lib/shop-settings.ts).
 */
export const priceDisplayOf = (shell: string): PriceDisplay => {
  const value = /<meta name="price-display" content="([^"]*)"/.exec(shell)?.[1];
  const parsed = priceDisplaySchema.safeParse(value);
  return parsed.success ? parsed.data : 'EUR';
};

/** A search answer's products, each read as the page reads them; undefined when any cannot be. */
export const productsOf = (answer: unknown): { items: CatalogProduct[]; total: number } | undefined => {
  const result = (answer as { result?: { items?: unknown; total?: unknown } } | undefined)?.result;
  if (!Array.isArray(result?.items) || typeof result.total !== 'number') return undefined;
  const items: CatalogProduct[] = [];
  for (const item of result.items) {
    const parsed = catalogProductSchema.safeParse(item);
    // One the page could not read either: no first view rather than a grid the app draws otherwise.
    if (!parsed.success) return undefined;
    items.push(parsed.data);
  }
  return { items, total: result.total };
};

export const searchFirstView = (
  pathname: string,
  answers: Record<string, unknown>,
  display: PriceDisplay,
  now = new Date(),
): { html: string; pictures: string[] } | undefined => {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = decodeSegment(segments[0] ?? '');
  if (segments.length !== 1 || !first.startsWith(SEARCH_PREFIX)) return undefined;
  const keywords = first.slice(SEARCH_PREFIX.length);
  const query = searchPageQuery(keywords);
  const found = query ? productsOf(answers[bootSearchKey(query)]) : undefined;
  if (!query || !found) return undefined;
  const count = fillText(found.total === 1 ? SEARCH_TEXTS.found_one : SEARCH_TEXTS.found_other, {
    count: found.total,
  });
  const tiles = found.items.map((product, index) =>
    tileHtml(product, { attributes: [], now, display, eager: index < EAGER_TILES }),
  );
  const html = [
    '<div class="page search-page"><header class="page__header">',
    `<h1 class="page__title">${escapeHtml(fillText(SEARCH_TEXTS.pageTitle, { keywords: keywords.trim() }))}</h1>`,
    `</header><p class="search-page__count" role="status">${escapeHtml(count)}</p>`,
    found.total === 0 ? `<p class="banner banner--warning">${SEARCH_TEXTS.none}</p>` : '',
    tiles.length > 0 ? `<ul class="grid">${tiles.join('')}</ul>` : '',
    '</div>',
  ].join('');
  const pictures = found.items
    .slice(0, 2)
    .filter((product) => product.image !== '')
    .map((product) => sizedImage(product.image, 'tile'));
  return { html, pictures };
};
