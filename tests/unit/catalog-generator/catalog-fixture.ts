import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';
import { DEFAULT_PRODUCT_COUNT, generateCatalog } from '../../../tools/catalog/generate-catalog.ts';

/** A fixed day, so the special-price windows and "new" badges do not move with the clock. */
export const NOW = new Date('2025-11-20T10:00:00Z');
export const SEED = 42;

let cached: CatalogSnapshot | undefined;

/** The default shop (1 500 sellable products), generated once per test file. */
export const defaultCatalog = (): CatalogSnapshot =>
  (cached ??= generateCatalog({ products: DEFAULT_PRODUCT_COUNT, seed: SEED, now: NOW }));
