import type { Product, ProductLookup } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';

/** Loads the products a batch needs, as one lookup function for the pure rules. */
export const loadProductLookup = async (sql: Sql, skus: readonly string[]): Promise<ProductLookup> => {
  const unique = [...new Set(skus)];
  const rows =
    unique.length === 0
      ? []
      : await sql.query<{ doc: Product; server_seq: number }>(
          'SELECT doc, server_seq FROM products WHERE sku = ANY($1)',
          [unique],
        );
  const bySku = new Map(rows.map((r) => [r.doc.sku, { ...r.doc, serverSeq: r.server_seq }]));
  return (sku) => bySku.get(sku);
};
