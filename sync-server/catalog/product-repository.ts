import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import type { Product, ProductLookup } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';
import { cartProductOf, type StockFigures } from './cart-product.ts';

export interface CatalogRow {
  doc: CatalogProduct;
  server_seq: number;
  /** The sku's live stock item, when it has one (else its document's stock applies). */
  stock?: StockFigures | undefined;
  /** A bundle's items' live stock by sku (a stock item, else the item's own document), for the cart's check. */
  partStock?: Readonly<Record<string, StockFigures>> | undefined;
}

export const loadTaxRules = async (sql: Sql): Promise<TaxRule[]> =>
  (await sql.query<{ doc: TaxRule }>('SELECT doc FROM tax_rules ORDER BY id')).map((r) => r.doc);

/** The stock items of these skus (the live figures; a sku without one uses its document's stock). */
export const loadStockFigures = async (sql: Sql, skus: readonly string[]): Promise<Map<string, StockFigures>> => {
  if (skus.length === 0) return new Map();
  const rows = await sql.query<{ sku: string; is_in_stock: boolean; qty: number }>(
    'SELECT sku, is_in_stock, qty FROM stock_items WHERE sku = ANY($1::text[])',
    [[...new Set(skus)]],
  );
  return new Map(rows.map((r) => [r.sku, { is_in_stock: r.is_in_stock, qty: r.qty }]));
};

/** A row of ROWS_BY_SKU_SQL. */
export type RowBySku = CatalogRow & {
  sku: string;
  is_in_stock: boolean | null;
  qty: number | null;
  part_stock: Record<string, StockFigures> | null;
};

/**
 * The catalogue row holding each sku ($1, text[]): its own row, or its configurable parent's for a child, with the
 * sku's stock item read in the same statement (the cart's lookup runs inside every push), and for a bundle its
 * items' stock (the stock item, else the item's own document; a disabled item is out of stock). A statement of its
 * own (loadRowsBySku), or part of a larger one (the executor's, see cart-session.ts): rowsBySkuOf reads its rows.
 */
export const ROWS_BY_SKU_SQL = `SELECT s.sku, p.doc, p.server_seq, st.is_in_stock, st.qty,
       CASE WHEN p.type_id = 'bundle' THEN (
         SELECT jsonb_object_agg(part.sku, jsonb_build_object(
           'is_in_stock', COALESCE(ps.is_in_stock, (pp.doc->'stock'->>'is_in_stock')::boolean, false)
             AND COALESCE((pp.doc->>'status')::int, 1) < 2,
           'qty', COALESCE(ps.qty, (pp.doc->'stock'->>'qty')::int, 0)))
         FROM (SELECT DISTINCT link->>'sku' AS sku
               FROM jsonb_array_elements(p.doc->'bundle_options') AS o(opt),
                    jsonb_array_elements(o.opt->'product_links') AS l(link)) AS part
         LEFT JOIN stock_items ps ON ps.sku = part.sku
         LEFT JOIN catalog_products pp ON pp.sku = part.sku
         WHERE ps.sku IS NOT NULL OR pp.sku IS NOT NULL
       ) END AS part_stock
     FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku
     LEFT JOIN stock_items st ON st.sku = s.sku
     WHERE s.sku = ANY($1::text[]) ORDER BY (s.sku = s.product_sku) DESC`;

/**
 * Each sku's row of ROWS_BY_SKU_SQL. When a sku is both (a variant also stored as a product of its own, as Magento and
 * VSF catalogues store every configurable's children, and as `npm start`'s generated one does), its configurable's row
 * wins: only it knows the variant's attributes and siblings, and it is what a device's cart holds for that sku
 * (catalog-sources.ts sends no simple entry for a variant), so device and server decide a line alike (issue 29).
 */
export const rowsBySkuOf = (rows: readonly RowBySku[]): Map<string, CatalogRow> =>
  new Map(
    [...rows]
      // The Map keeps the last row of a sku: its own row first, its configurable's after it.
      .sort((a, b) => Number(b.sku === b.doc.sku) - Number(a.sku === a.doc.sku))
      .map((r) => [
        r.sku,
        {
          doc: r.doc,
          server_seq: r.server_seq,
          stock: r.is_in_stock === null || r.qty === null ? undefined : { is_in_stock: r.is_in_stock, qty: r.qty },
          partStock: r.part_stock ?? undefined,
        },
      ]),
  );

export const loadRowsBySku = async (sql: Sql, skus: readonly string[]): Promise<Map<string, CatalogRow>> => {
  const unique = [...new Set(skus)];
  if (unique.length === 0) return new Map();
  return rowsBySkuOf(await sql.query<RowBySku>(ROWS_BY_SKU_SQL, [unique]));
};

/**
 * Loads the products a batch needs, as one lookup function for the pure cart rules: each sku priced with
 * VAT as of `now`, with its live stock, its custom options or bundle items to price a line's options by. A sku that is not for sale (unknown, disabled, a configurable
 * parent) is undefined, which the cart refuses as not available.
 */
export const loadProductLookup = async (
  sql: Sql,
  skus: readonly string[],
  now: Date = new Date(),
): Promise<ProductLookup> => {
  const rows = await loadRowsBySku(sql, skus);
  if (rows.size === 0) return () => undefined;
  return productLookupOf(rows, await loadTaxRules(sql), now);
};

/** The cart rules' lookup over catalogue rows already read, priced with these tax rules as of `now`. */
export const productLookupOf = (
  rows: ReadonlyMap<string, CatalogRow>,
  taxRules: readonly TaxRule[],
  now: Date,
): ProductLookup => {
  const bySku = new Map<string, Product>();
  for (const [sku, row] of rows) {
    const partStock = new Map(Object.entries(row.partStock ?? {}));
    const product = cartProductOf(row.doc, sku, { taxRules, now, partStock }, row.server_seq, row.stock);
    if (product) bySku.set(sku, product);
  }
  return (sku) => bySku.get(sku);
};
