import type { Sql } from '../store/database.ts';

/** Spec-free choice: above this many products a device is not asked to hold the catalogue offline. */
export const DEFAULT_OFFLINE_CATALOG_MAX_PRODUCTS = 20_000;
const SETTING = 'offline_max_products';

/**
 * Stores the instance's OFFLINE_CATALOG_MAX_PRODUCTS where the pull sources can read it: they get only the
 * database, and every instance sharing one store must give clients the same answer.
 */
export const saveOfflineCatalogLimit = async (sql: Sql, maxProducts: number): Promise<void> => {
  await sql.query(
    `INSERT INTO catalog_settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [SETTING, JSON.stringify(maxProducts)],
  );
};

/** Whether the catalogue's products replicate to devices, with the figures that decided it. */
export interface OfflineCatalogStatus {
  replicated: boolean;
  products: number;
  maxProducts: number;
}

export const offlineCatalogStatus = async (sql: Sql): Promise<OfflineCatalogStatus> => {
  const [row] = await sql.query<{ products: number; max: number | null }>(
    `SELECT (SELECT count(*)::int FROM catalog_products) AS products,
            (SELECT (value #>> '{}')::int FROM catalog_settings WHERE key = $1) AS max`,
    [SETTING],
  );
  const products = row?.products ?? 0;
  const maxProducts = row?.max ?? DEFAULT_OFFLINE_CATALOG_MAX_PRODUCTS;
  return { replicated: products <= maxProducts, products, maxProducts };
};
