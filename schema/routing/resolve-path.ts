import type { Attribute } from '../catalog/attribute.ts';
import type { PriceRangeFilter } from '../search/query.ts';
import { formatFilterPath, parseFilterPath } from './filter-path.ts';
import { LEGACY_REDIRECTS, legacyRedirect } from './legacy-redirects.ts';
import { categoryPath, productPath } from './route-paths.ts';
import { variantPath } from './variant-path.ts';
import {
  FLAG_PAGES,
  HOME_PATHS,
  LONG_CATEGORY_PREFIX,
  SEARCH_CATEGORY_PREFIX,
  SEARCH_PREFIX,
  UTILITY_PAGES,
  type ListingFlag,
} from './route-table.ts';
import { CATEGORY_SLUG, decodeSegment } from '../catalog/rules/product-address.ts';

/**
 * Reads a pathname into what the catalogue shows (spec section 2: the route table and "Category resolution":
 * "If the category lookup fails, the path is treated as a product: it redirects to simple-product (slug,
 * parentSku), or to simple-product-cto (slug, parentSku, ctoOptions) when the path contains a /cto: separator.
 * A configurable product reached through a different parent redirects to the parent's route.").
 *
 * Order, first match wins:
 * 1. '/' and '/pwa.html': home.
 * 2. Fixed first segments: '/search=…', the five flag pages, '/compare', '/sitemap', '/error', '/page-not-found',
 *    '/posts/sell', '/posts/view/{id}', the long category form '/c/{slug}/…' (redirects to the short form, which
 *    is on as configured).
 * 3. '/{slug}[/{filters}]' when `categoryBySlug` finds the first segment (letters, digits, hyphen): the category.
 * 4. '/{slug}' when `isStaticPage`: the content page.
 * 5. A legacy first segment: redirect to the current category path, filters kept.
 * 6. '/{slug}-{sku}[/cto:{options}]': a product (below).
 * 7. Otherwise not found.
 *
 * Product paths. Generated skus are capitals and digits, imported ones may contain hyphens, and product slugs
 * contain hyphens (and may contain '_'), so the split is found by lookup: each '-' or '_' is tried from the right
 * (shortest sku first) with `productBySku`; the first split whose product's slug equals the slug part wins, else
 * the first split whose sku exists (then redirected to the product's own slug). The canonical product path is the
 * route table's '/{slug}-{parentSku}'; the tile section's '/{slug}_{sku}' form is read and redirected to it
 * (see `productPath`). A product whose `parentSku` names another product redirects to that parent's path, the
 * cto options kept; without them, the child is carried as the chosen variant ('?childSku=', variant-path.ts).
 *
 * Filter segments that the attribute list cannot read are returned in `unknownFilters` (never thrown, never
 * redirected away: offline the attribute list may lag behind); `filterPath` is their canonical writing, so a
 * caller can rewrite the URL when it differs.
 */

export interface RouteCategory {
  readonly id: number;
  readonly slug: string;
}

export interface RouteProduct {
  readonly sku: string;
  readonly slug: string;
  /** The configurable parent's sku; null, absent or equal to `sku` for a product shown on its own route. */
  readonly parentSku?: string | null;
}

export interface RouteLookups {
  readonly categoryBySlug: (slug: string) => RouteCategory | undefined;
  readonly isStaticPage: (slug: string) => boolean;
  readonly productBySku: (sku: string) => RouteProduct | undefined;
  /** The attributes that filter segments name. */
  readonly attributes: readonly Attribute[];
  /** Old first segment -> category slug; `LEGACY_REDIRECTS` when absent. */
  readonly legacyRedirects?: Readonly<Record<string, string>>;
}

interface ListingFilters {
  readonly filters: Record<string, string[]>;
  readonly price?: PriceRangeFilter;
  /** Segments the attribute list could not read, as written. */
  readonly unknownFilters: string[];
  /** The canonical filter part ('' for none) of what was read. */
  readonly filterPath: string;
}

export type RedirectReason = 'legacy' | 'canonical' | 'parent';

export type Resolution =
  | { readonly kind: 'home' }
  | ({ readonly kind: 'category'; readonly slug: string; readonly categoryId: number } & ListingFilters)
  | ({ readonly kind: 'flag'; readonly slug: string; readonly flag: ListingFlag } & ListingFilters)
  | { readonly kind: 'search'; readonly keywords: string; readonly category?: string }
  | {
      readonly kind: 'product';
      readonly slug: string;
      readonly parentSku: string;
      /** Present (route simple-product-cto) when the path has a /cto: part. */
      readonly ctoOptions?: string[];
    }
  | { readonly kind: 'compare' }
  | { readonly kind: 'sitemap' }
  | { readonly kind: 'error' }
  | { readonly kind: 'ads' }
  | { readonly kind: 'ad'; readonly id: string }
  | { readonly kind: 'static'; readonly slug: string }
  | { readonly kind: 'redirect'; readonly to: string; readonly reason: RedirectReason }
  | { readonly kind: 'not-found' };

export type ResolutionKind = Resolution['kind'];

const NOT_FOUND: Resolution = { kind: 'not-found' };

const listingFilters = (rawSegments: readonly string[], attributes: readonly Attribute[]): ListingFilters => {
  const parsed = parseFilterPath(rawSegments.join('/'), attributes);
  return {
    filters: parsed.filters,
    ...(parsed.price ? { price: parsed.price } : {}),
    unknownFilters: parsed.unknown,
    filterPath: formatFilterPath(parsed.filters, parsed.price, attributes),
  };
};

/** The cto options of a raw '/cto:a,b' segment (split before decoding, so an encoded comma stays in a value). */
const ctoOptionsOf = (raw: string): string[] | undefined => {
  const match = /^cto(?::|%3a)(.*)$/i.exec(raw);
  if (!match) return undefined;
  return (match[1] ?? '')
    .split(',')
    .filter((part) => part !== '')
    .map(decodeSegment);
};

interface ProductMatch {
  readonly product: RouteProduct;
  readonly slug: string;
  readonly sku: string;
  readonly separator: '-' | '_';
}

const findProduct = (segment: string, lookups: RouteLookups): ProductMatch | undefined => {
  let fallback: ProductMatch | undefined;
  for (let cut = segment.length - 2; cut > 0; cut -= 1) {
    const separator = segment[cut];
    if (separator !== '-' && separator !== '_') continue;
    const slug = segment.slice(0, cut);
    const sku = segment.slice(cut + 1);
    const product = lookups.productBySku(sku);
    if (!product) continue;
    const match = { product, slug, sku, separator } as const;
    if (product.slug === slug) return match;
    fallback ??= match;
  }
  return fallback;
};

const resolveProduct = (rawSegments: readonly string[], lookups: RouteLookups): Resolution => {
  if (rawSegments.length > 2) return NOT_FOUND;
  const [rawFirst = '', rawCto] = rawSegments;
  const ctoOptions = rawCto === undefined ? undefined : ctoOptionsOf(rawCto);
  if (rawCto !== undefined && ctoOptions === undefined) return NOT_FOUND;
  const match = findProduct(decodeSegment(rawFirst), lookups);
  if (!match) return NOT_FOUND;
  const { product } = match;
  const parentSku = product.parentSku ?? product.sku;
  if (parentSku !== product.sku) {
    const parent = lookups.productBySku(parentSku);
    const parentSlug = parent?.slug ?? product.slug;
    // The variant's own address opens its parent with it chosen (variant-path.ts); a configured one keeps its options.
    const to =
      ctoOptions === undefined
        ? variantPath(parentSlug, parentSku, product.sku)
        : productPath(parentSlug, parentSku, ctoOptions);
    return { kind: 'redirect', to, reason: 'parent' };
  }
  if (match.separator !== '-' || match.slug !== product.slug || match.sku !== product.sku) {
    return { kind: 'redirect', to: productPath(product.slug, product.sku, ctoOptions), reason: 'canonical' };
  }
  return ctoOptions === undefined
    ? { kind: 'product', slug: product.slug, parentSku: product.sku }
    : { kind: 'product', slug: product.slug, parentSku: product.sku, ctoOptions };
};

const resolveSearch = (rawSegments: readonly string[]): Resolution => {
  if (rawSegments.length > 2) return NOT_FOUND;
  const keywords = decodeSegment((rawSegments[0] ?? '').slice(SEARCH_PREFIX.length));
  const rawCategory = rawSegments[1];
  if (rawCategory === undefined) return { kind: 'search', keywords };
  const category = decodeSegment(rawCategory);
  if (!category.startsWith(SEARCH_CATEGORY_PREFIX)) return NOT_FOUND;
  return { kind: 'search', keywords, category: category.slice(SEARCH_CATEGORY_PREFIX.length) };
};

/** Reads a pathname (no query, no hash; percent-encoded or not) into a `Resolution`. */
export const resolvePath = (pathname: string, lookups: RouteLookups): Resolution => {
  if (HOME_PATHS.includes(pathname)) return { kind: 'home' };
  const raw = pathname.split('/').filter((segment) => segment !== '');
  if (raw.length === 0) return { kind: 'home' };
  const rawFirst = raw[0] ?? '';
  const first = decodeSegment(rawFirst);
  const rest = raw.slice(1);

  if (first.startsWith(SEARCH_PREFIX)) return resolveSearch(raw);
  if (Object.hasOwn(FLAG_PAGES, first)) {
    const flag = FLAG_PAGES[first as keyof typeof FLAG_PAGES];
    return { kind: 'flag', slug: first, flag, ...listingFilters(rest, lookups.attributes) };
  }
  if (Object.hasOwn(UTILITY_PAGES, first)) {
    return rest.length === 0 ? { kind: UTILITY_PAGES[first as keyof typeof UTILITY_PAGES] } : NOT_FOUND;
  }
  if (first === 'posts') {
    if (rest.length === 1 && rest[0] === 'sell') return { kind: 'ads' };
    if (rest.length === 2 && rest[0] === 'view' && rest[1] !== undefined)
      return { kind: 'ad', id: decodeSegment(rest[1]) };
    return NOT_FOUND;
  }
  if (first === LONG_CATEGORY_PREFIX && rest.length > 0) {
    const slug = decodeSegment(rest[0] ?? '');
    const category = CATEGORY_SLUG.test(slug) ? lookups.categoryBySlug(slug) : undefined;
    if (!category) return NOT_FOUND;
    const { filterPath } = listingFilters(rest.slice(1), lookups.attributes);
    return { kind: 'redirect', to: categoryPath(category.slug, filterPath), reason: 'canonical' };
  }

  const category = CATEGORY_SLUG.test(first) ? lookups.categoryBySlug(first) : undefined;
  if (category) {
    return {
      kind: 'category',
      slug: category.slug,
      categoryId: category.id,
      ...listingFilters(rest, lookups.attributes),
    };
  }
  if (rest.length === 0 && lookups.isStaticPage(first)) return { kind: 'static', slug: first };
  const legacy = legacyRedirect([first, ...rest], lookups.legacyRedirects ?? LEGACY_REDIRECTS);
  if (legacy !== undefined) return { kind: 'redirect', to: legacy, reason: 'legacy' };
  return resolveProduct(raw, lookups);
};
