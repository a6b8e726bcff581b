import { z } from 'zod';
import { catalogProductSchema, type CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { LocalCatalog } from '../../offline-catalog/local-catalog.ts';

const FETCH_TIMEOUT_MS = 8000;
/** Spec section 9: "Related products: request 9, show at most 8, excluding the current product, deduplicated by sku." */
export const RELATED_REQUEST_SIZE = 9;
export const RELATED_SHOWN = 8;

const relatedAnswerSchema = z.object({ items: z.array(z.unknown()).max(100) });

/** Each item read with the product schema; one this client cannot read is left out, not the whole answer. */
const readProducts = (items: readonly unknown[]): CatalogProduct[] =>
  items.flatMap((item) => {
    const parsed = catalogProductSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

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
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(`/api/catalog/products/${encodeURIComponent(sku)}/related`, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: unknown };
    const parsed = relatedAnswerSchema.safeParse(body.result);
    return parsed.success ? readProducts(parsed.data.items) : null;
  } catch {
    return null;
  }
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
