import { z } from 'zod';
import { catalogProductSchema, type CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { getApiResult } from '../../lib/get-api-result.ts';
import { parseEachInSlices } from '../../lib/main-thread.ts';
import type { LocalCatalog } from '../../offline-catalog/index.ts';

/** Spec section 9: "Related products: request 9, show at most 8, excluding the current product, deduplicated by sku." */
export const RELATED_REQUEST_SIZE = 9;
export const RELATED_SHOWN = 8;

const relatedAnswerSchema = z.object({ items: z.array(z.unknown()).max(100) });

/** The spec's shown list: at most 8, never the product itself, each sku once. */
export const shownRelated = (product: Pick<CatalogProduct, 'sku'>, candidates: readonly CatalogProduct[]) => {
  const seen = new Set([product.sku]);
  const shown = candidates.filter((candidate) => {
    if (seen.has(candidate.sku)) return false;
    seen.add(candidate.sku);
    return true;
  });
  return shown.slice(0, RELATED_SHOWN);
};

/** GET /api/catalog/products/:sku/related. Null when the server cannot be reached in time or answers oddly. */
export async function fetchRelatedProducts(sku: string, signal?: AbortSignal): Promise<CatalogProduct[] | null> {
  const parsed = relatedAnswerSchema.safeParse(
    await getApiResult(`/api/catalog/products/${encodeURIComponent(sku)}/related`, signal),
  );
  return parsed.success ? parseEachInSlices(parsed.data.items, catalogProductSchema) : null;
}

/**
 * The same rule as the server's over the catalogue held on this device (offline): the related links' products in
 * link order, or, without links, the products of its most specific category.
 */
export const localRelatedProducts = (product: CatalogProduct, catalog: LocalCatalog): CatalogProduct[] => {
  const linked = product.product_links
    .filter((link) => link.link_type === 'related')
    .toSorted((a, b) => a.position - b.position)
    .flatMap((link) => catalog.product(link.linked_product_sku) ?? []);
  if (product.product_links.some((link) => link.link_type === 'related')) return shownRelated(product, linked);
  const categoryId = product.category_ids.at(-1);
  if (categoryId === undefined) return [];
  const result = catalog.search({ categoryId, perPage: RELATED_REQUEST_SIZE, mode: 'listing' });
  return shownRelated(product, result.items);
};
