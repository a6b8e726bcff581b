import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { applyTaxRules } from '../../schema/catalog/rules/index.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import type { Sql } from '../store/database.ts';

/** Products per page: one bulk request's worth (sync-server/search/elasticsearch-bulk.ts chunks it further). */
export const PRODUCT_PAGE = 1000;

export interface ProductPage {
  /** Priced with VAT by the tax rules given, as the API serves them. */
  readonly products: CatalogProduct[];
  /** The highest server_seq of the page: where the next page starts. */
  readonly lastSeq: number;
}

/**
 * The catalogue's products changed after `afterSeq` (all of them from 0), page by page in server_seq order: how
 * the search indexer follows the catalogue and how a rebuild reads it (search-indexer.ts, search-rebuild.ts).
 */
export async function* productPagesAfter(
  sql: Sql,
  afterSeq: number,
  taxRules: readonly TaxRule[],
): AsyncGenerator<ProductPage> {
  let after = afterSeq;
  for (;;) {
    const rows = await sql.query<{ doc: CatalogProduct; server_seq: number }>(
      'SELECT doc, server_seq FROM catalog_products WHERE server_seq > $1 ORDER BY server_seq LIMIT $2',
      [after, PRODUCT_PAGE],
    );
    const last = rows.at(-1);
    if (!last) return;
    after = last.server_seq;
    yield { products: rows.map((r) => applyTaxRules(r.doc, taxRules)), lastSeq: after };
  }
}
