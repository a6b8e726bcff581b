import { catalogProductSchema, type CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { isEnabledStatus } from '../../../schema/catalog/rules/product-status.ts';

const FETCH_TIMEOUT_MS = 8000;
/** A product path has at most this many '-' or '_' splits worth asking the server about. */
const MAX_CANDIDATES = 12;

/**
 * Spec section 4: "Fetching rejects when status is 2 or more or visibility is 1" (a disabled product, or a
 * variant not visible on its own).
 */
export const isRejectedProduct = (product: Pick<CatalogProduct, 'status' | 'visibility'>): boolean =>
  !isEnabledStatus(product.status) || product.visibility === 1;

/**
 * The skus a product path segment may end with: the text after each '-' or '_', shortest first (the same
 * splits `resolvePath` tries).
 */
export const skuCandidates = (segment: string): string[] => {
  const skus: string[] = [];
  for (let cut = segment.length - 2; cut > 0 && skus.length < MAX_CANDIDATES; cut -= 1) {
    if (segment[cut] === '-' || segment[cut] === '_') skus.push(segment.slice(cut + 1));
  }
  return skus;
};

/**
 * GET /api/catalog/products/:sku (the online fallback when the device does not hold the product yet).
 * Null when the server has no showable product of that sku, or cannot be reached in time.
 */
export async function fetchProduct(sku: string, signal?: AbortSignal): Promise<CatalogProduct | null> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(`/api/catalog/products/${encodeURIComponent(sku)}`, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: unknown };
    const parsed = catalogProductSchema.safeParse(body.result);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
