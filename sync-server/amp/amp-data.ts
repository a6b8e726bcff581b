import { activeCategories, loadAttributes } from '../catalog/catalog-reads.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { ROOT_CATEGORY_ID, type Category } from '../../schema/catalog/category.ts';
import { applyTaxRules } from '../../schema/catalog/rules/apply-tax-rules.ts';
import { groupedMemberSkus } from '../../schema/catalog/rules/grouped-price.ts';
import { isEnabledStatus } from '../../schema/catalog/rules/product-status.ts';
import type { SearchEngine } from '../../schema/search/search-engine.ts';
import { isShowable } from '../catalog/listing-rules.ts';
import { loadRowsBySku, loadTaxRules } from '../catalog/product-repository.ts';
import type { Database } from '../store/database.ts';
import type { AmpCategoryData } from './amp-category-view.ts';
import { ampProductPath } from '../../schema/routing/amp-paths.ts';
import type { AmpProductData } from './amp-product-view.ts';

/** Spec section 9: category page size 50. The AMP page shows the first page; the normal page has the rest. */
export const AMP_CATEGORY_PAGE_SIZE = 50;

export interface AmpDeps {
  db: Database;
  search: SearchEngine;
}

/** A page's data, a permanent move to the right address, or nothing to show (404). */
export type AmpLookup<Data> = { kind: 'page'; data: Data } | { kind: 'moved'; to: string } | { kind: 'missing' };

const MISSING = { kind: 'missing' } as const;

/**
 * The active category with this slug and its active ancestors below the root. Same rule as the catalogue API's
 * GET /api/catalog/category?slug= (active only, the lowest id when a slug repeats).
 */
const loadCategoryWithAncestors = async (
  db: Database,
  slug: string,
): Promise<{ category: Category; ancestors: Category[] } | undefined> => {
  const categories = await activeCategories(db);
  const byId = new Map(categories.map((c) => [c.id, c]));
  // The lowest id when a slug repeats, as GET /api/catalog/category answers.
  const category = categories.filter((c) => c.slug === slug).sort((a, b) => a.id - b.id)[0];
  if (!category) return undefined;
  const ancestors: Category[] = [];
  const seen = new Set([category.id]);
  // Up to the root (whose page is the home page); `seen` stops a parent cycle in bad data.
  for (let parent = byId.get(category.parent_id); parent && parent.id !== ROOT_CATEGORY_ID;) {
    if (seen.has(parent.id)) break;
    seen.add(parent.id);
    ancestors.unshift(parent);
    parent = byId.get(parent.parent_id);
  }
  return { category, ancestors };
};

/** An AMP category page: the category, its breadcrumbs, and its first listing page from the search engine. */
export const loadAmpCategory = async (
  { db, search }: AmpDeps,
  slug: string,
  now: Date,
): Promise<AmpLookup<AmpCategoryData>> => {
  const found = await loadCategoryWithAncestors(db, slug);
  if (!found) return MISSING;
  // The same listing query as the client's category page: default sort, listing visibility.
  const result = await search.search({
    mode: 'listing',
    categoryId: found.category.id,
    perPage: AMP_CATEGORY_PAGE_SIZE,
  });
  return {
    kind: 'page',
    data: { ...found, products: result.items, total: result.total, now },
  };
};

/** The grouped product's members that a product page may show, in link order, with VAT figures. */
const loadGroupedMembers = async (db: Database, product: CatalogProduct): Promise<CatalogProduct[]> => {
  const skus = groupedMemberSkus(product);
  if (skus.length === 0) return [];
  const rows = await loadRowsBySku(db, skus);
  const taxRules = await loadTaxRules(db);
  return skus.flatMap((sku) => {
    const row = rows.get(sku);
    // A variant's sku finds its parent's row: only a member's own row is the member.
    return row && row.doc.sku === sku && isShowable(row.doc) ? [applyTaxRules(row.doc, taxRules)] : [];
  });
};

/**
 * An AMP product page, by the product API's rule (spec section 4): unknown, disabled (status 2 or more) or not
 * visible on its own (visibility 1) is missing. A variant's sku in the parent's place moves to the parent's page
 * of that variant (spec section 2: "reached through a different parent redirects to the parent's route"); a wrong
 * slug moves to the right one. A child sku must name an enabled variant of a configurable product.
 */
export const loadAmpProduct = async (
  { db }: AmpDeps,
  params: { parentSku: string; slug: string; childSku?: string | undefined },
  now: Date,
): Promise<AmpLookup<AmpProductData>> => {
  const row = (await loadRowsBySku(db, [params.parentSku])).get(params.parentSku);
  if (!row || !isShowable(row.doc)) return MISSING;
  const product = row.doc;
  if (product.sku !== params.parentSku) {
    if (params.childSku !== undefined) return MISSING;
    return { kind: 'moved', to: ampProductPath(product.sku, product.slug, params.parentSku) };
  }
  if (params.slug !== product.slug) {
    return { kind: 'moved', to: ampProductPath(product.sku, product.slug, params.childSku) };
  }
  const taxed = applyTaxRules(product, await loadTaxRules(db));
  const child =
    params.childSku === undefined
      ? null
      : (taxed.configurable_children.find((c) => c.sku === params.childSku && isEnabledStatus(c.status)) ?? null);
  if (params.childSku !== undefined && (product.type_id !== 'configurable' || child === null)) return MISSING;
  return {
    kind: 'page',
    data: {
      product: taxed,
      child,
      groupedMembers: product.type_id === 'grouped' ? await loadGroupedMembers(db, product) : [],
      attributes: await loadAttributes(db),
      now,
    },
  };
};
