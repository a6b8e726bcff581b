import { CATEGORY_SLUG, decodeSegment, skuCandidates } from '../../schema/catalog/rules/product-address.ts';
import { APP_SCREENS } from '../../schema/routing/app-screens.ts';
import { resolvePath, type RouteCategory, type RouteProduct } from '../../schema/routing/resolve-path.ts';
import { categoryPath } from '../../schema/routing/route-paths.ts';
import { LONG_CATEGORY_PREFIX } from '../../schema/routing/route-table.ts';
import { activeCategories } from '../catalog/catalog-reads.ts';
import { isShowable } from '../catalog/listing-rules.ts';
import { loadRowsBySku } from '../catalog/product-repository.ts';
import type { Database } from '../store/database.ts';

/**
 * The HTTP status of a page address (issue 19: no soft 404s). The shell is the same page either way; the status
 * is what a browser, a crawler or a monitor reads. The server knows what the client's route table reads a path
 * against (schema/routing/resolve-path.ts, the same function the client runs): the categories, the products and
 * the content pages, plus the client's own screens (schema/routing/app-screens.ts).
 * - 200: home, a listing, a search, a category, a product, a content page, an ad list or ad, an app screen.
 * - 301: a legacy or non-canonical address (the client would redirect too), and a product taken off sale, to its
 *   category while that is active.
 * - 404: anything else, and /page-not-found itself.
 * - 500: /error, the spec's error page: a page that says something went wrong is never a success for a crawler
 *   or a monitor, and is never indexed.
 */
export type PageAnswer = { status: 200 } | { status: 404 } | { status: 500 } | { status: 301; location: string };

const OK: PageAnswer = { status: 200 };
const NOT_FOUND: PageAnswer = { status: 404 };
/** The spec's utility page for an error (catalogue.md section 1: /sitemap, /error, /page-not-found). */
const ERROR_PAGE = 'error';

export const pageAnswerFor = async (db: Database, pathname: string): Promise<PageAnswer> => {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = decodeSegment(segments[0] ?? '');
  if (APP_SCREENS.has(first)) return OK;
  if (first === ERROR_PAGE && segments.length === 1) return { status: 500 };

  const categories = CATEGORY_SLUG.test(first) || first === LONG_CATEGORY_PREFIX ? await activeCategories(db) : [];
  const categoryBySlug = (slug: string): RouteCategory | undefined => categories.find((c) => c.slug === slug);
  const pages =
    segments.length === 1
      ? await db.query<{ slug: string }>('SELECT slug FROM cms_pages WHERE slug = $1 AND active LIMIT 1', [first])
      : [];
  const rows = segments.length >= 1 ? await loadRowsBySku(db, skuCandidates(first)) : new Map();
  const products = new Map<string, RouteProduct>();
  let offSale: { categoryId: number } | undefined;
  for (const [sku, row] of rows) {
    if (isShowable(row.doc)) products.set(sku, { sku, slug: row.doc.slug, parentSku: row.doc.parentSku ?? null });
    else if (first === `${row.doc.slug}-${sku}` && row.doc.category_ids[0] !== undefined)
      offSale ??= { categoryId: row.doc.category_ids[0] };
  }

  const resolution = resolvePath(pathname, {
    categoryBySlug,
    isStaticPage: (slug) => pages.some((page) => page.slug === slug),
    productBySku: (sku) => products.get(sku),
    attributes: [],
  });
  switch (resolution.kind) {
    case 'redirect':
      return { status: 301, location: resolution.to };
    case 'not-found': {
      if (!offSale) return NOT_FOUND;
      const all = categories.length > 0 ? categories : await activeCategories(db);
      const category = all.find((c) => c.id === offSale.categoryId);
      return category ? { status: 301, location: categoryPath(category.slug) } : NOT_FOUND;
    }
    default:
      return OK;
  }
};
