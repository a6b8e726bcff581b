import { catalogProductSchema, type CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { productLookupPath } from '../../../schema/catalog/rules/product-address.ts';
import { isEnabledStatus } from '../../../schema/catalog/rules/product-status.ts';
import { getApiResult } from '../../lib/get-api-result.ts';
import { parseEachInSlices } from '../../lib/main-thread.ts';

/**
 * Spec section 4: "Fetching rejects when status is 2 or more or visibility is 1" (a disabled product, or a
 * variant not visible on its own).
 */
export const isRejectedProduct = (product: Pick<CatalogProduct, 'status' | 'visibility'>): boolean =>
  !isEnabledStatus(product.status) || product.visibility === 1;

/**
 * GET /api/catalog/products?skus=...: the showable products among `skus` (and the parents of variants among
 * them), by sku, in one request. An entry this client cannot read is left out, not the whole answer. Null
 * when the server cannot be reached in time.
 */
export async function fetchProducts(
  skus: readonly string[],
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, CatalogProduct> | null> {
  const chunks: string[][] = [];
  for (let at = 0; at < skus.length; at += SKUS_PER_REQUEST) chunks.push(skus.slice(at, at + SKUS_PER_REQUEST));
  const answers = await Promise.all(chunks.map((chunk) => fetchProductChunk(chunk, signal)));
  if (answers.some((answer) => answer === null)) return null;
  return new Map(answers.flatMap((answer) => [...(answer ?? [])]));
}

/** The server's limit per request (sync-server/catalog/routes/products.ts, MAX_SKUS_PER_LOOKUP). */
const SKUS_PER_REQUEST = 20;

const fetchProductChunk = async (
  skus: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, CatalogProduct> | null> => {
  try {
    const result = (await getApiResult(productLookupPath(skus), signal)) as { items?: unknown } | null;
    if (!result) return null;
    const items = Array.isArray(result.items) ? (result.items as unknown[]) : [];
    const products = await parseEachInSlices(items, catalogProductSchema);
    return new Map(products.map((product) => [product.sku, product]));
  } catch {
    return null;
  }
};
