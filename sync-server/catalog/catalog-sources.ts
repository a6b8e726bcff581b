import type { CatalogEntry, CatalogEntryKind } from '../../schema/catalog/catalog-entry.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Product, PullResponse } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';
import type { PullSource } from '../features/feature.ts';
import { cartProductsOf } from './cart-product.ts';
import { CATALOG_ENTRIES } from './catalog-tables.ts';
import { offlineCatalogStatus, type OfflineCatalogStatus } from './offline-catalog.ts';
import { loadStockFigures, loadTaxRules } from './product-repository.ts';

/**
 * The catalogue's pull sources: public (every owner gets the same rows), in server_seq order like every
 * read model. Rows are replicated as stored, inactive ones included, so switching a category or page off
 * reaches devices that hold it; clients filter on `is_active`, `active` or `status` as the API does.
 */

/** Products pulls also say whether the catalogue replicates at all (it stops above a configured size). */
export type CatalogPullResponse<Doc> = PullResponse<Doc> & { offlineCatalog: OfflineCatalogStatus };

const publicRows = async <Doc>(
  sql: Sql,
  table: string,
  after: number,
  limit: number,
  where = 'TRUE',
): Promise<PullResponse<Doc & { serverSeq: number }>> => {
  const rows = await sql.query<{ doc: Doc; server_seq: number }>(
    `SELECT doc, server_seq FROM ${table} WHERE server_seq > $1 AND (${where}) ORDER BY server_seq LIMIT $2`,
    [after, limit],
  );
  const documents = rows.map((row) => ({ ...row.doc, serverSeq: row.server_seq }));
  return { documents, checkpoint: { serverSeq: rows.at(-1)?.server_seq ?? after } };
};

/**
 * Per-kind sources are pulled (by tools, or a client with collections to spare) but not streamed: the
 * browser client replicates the one-collection `catalog`, and a live stream reading nine tables for each
 * catalogue change on every connection would be work nobody receives.
 */
const publicSource = <Doc>(name: string, table: string, where?: string): PullSource<Doc & { serverSeq: number }> => ({
  name,
  pushable: false,
  streamed: false,
  public: true,
  pull: (sql, _owner, after, limit) => publicRows<Doc>(sql, table, after, limit, where),
});

/** Nothing (more) to send; above the size limit, always this. */
const emptyPage = <Doc>(after: number, status: OfflineCatalogStatus): CatalogPullResponse<Doc> => ({
  documents: [],
  checkpoint: { serverSeq: after },
  offlineCatalog: status,
});

/** The full catalogue products, while the catalogue is small enough to hold offline. */
const catalogProducts: PullSource<CatalogProduct & { serverSeq: number }> = {
  name: 'catalogProducts',
  pushable: false,
  streamed: false,
  public: true,
  async pull(sql, _owner, after, limit): Promise<CatalogPullResponse<CatalogProduct & { serverSeq: number }>> {
    const status = await offlineCatalogStatus(sql);
    if (!status.replicated) return emptyPage(after, status);
    return { ...(await publicRows<CatalogProduct>(sql, 'catalog_products', after, limit)), offlineCatalog: status };
  },
};

/**
 * The catalogue rows whose product or whose stock changed after $1, each at the later of the two seqs (a stock item
 * shares the one sequence): a stock figure moved by an order or the stock service reaches devices as the product
 * entries of its row, re-sent with the new figure. Both sides are read by their server_seq index.
 */
const CHANGED_PRODUCTS_SQL = `WITH changed AS (
    SELECT sku AS product_sku, server_seq FROM catalog_products WHERE server_seq > $1
    UNION ALL
    SELECT s.product_sku, st.server_seq FROM stock_items st JOIN catalog_skus s ON s.sku = st.sku
    WHERE st.server_seq > $1
  ), latest AS (
    SELECT product_sku, max(server_seq) AS server_seq FROM changed GROUP BY product_sku ORDER BY 2 LIMIT $2
  )
  SELECT p.doc, l.server_seq FROM latest l JOIN catalog_products p ON p.sku = l.product_sku ORDER BY l.server_seq`;

/**
 * The cart's small product list (schema/catalog/product.ts), derived from the catalogue rows on read with
 * prices as of now: one entry per sellable sku (configurable children, not their parent). Kept for the
 * cart client until it reads `catalogProducts`; gated by the same size limit.
 */
const cartProducts: PullSource<Product> = {
  name: 'products',
  pushable: false,
  streamed: true,
  public: true,
  async pull(sql, _owner, after, limit): Promise<CatalogPullResponse<Product>> {
    const status = await offlineCatalogStatus(sql);
    if (!status.replicated) return emptyPage(after, status);
    const taxRules = await loadTaxRules(sql);
    const now = new Date();
    // A page of rows may yield no entry (a configurable without children): read on, or the client, which
    // stops at an empty page, would never see the rows after it.
    for (let from = after; ;) {
      const rows = await sql.query<{ doc: CatalogProduct; server_seq: number }>(CHANGED_PRODUCTS_SQL, [from, limit]);
      if (rows.length === 0) return emptyPage(from, status);
      const skus = rows.flatMap((r) => [r.doc.sku, ...r.doc.configurable_children.map((c) => c.sku)]);
      const stock = await loadStockFigures(sql, skus);
      const variants = await variantSkus(
        sql,
        rows.filter((r) => r.doc.type_id !== 'configurable').map((r) => r.doc.sku),
      );
      const documents = rows
        .filter((r) => !variants.has(r.doc.sku))
        .flatMap((r) => cartProductsOf(r.doc, { taxRules, now }, r.server_seq, stock));
      from = rows.at(-1)!.server_seq;
      if (documents.length > 0) return { documents, checkpoint: { serverSeq: from }, offlineCatalog: status };
    }
  },
};

/**
 * Which of these skus are also a configurable's variant. A catalogue may store each variant as a product of its own
 * too (Magento and VSF do; so does `npm start`'s generated one): the cart's entry for that sku is the variant's, with
 * its attributes and siblings, as the server's lookup takes it (product-repository.ts), so the simple row sends none.
 */
const variantSkus = async (sql: Sql, skus: readonly string[]): Promise<Set<string>> => {
  if (skus.length === 0) return new Set();
  const rows = await sql.query<{ sku: string }>(
    'SELECT DISTINCT sku FROM catalog_skus WHERE sku = ANY($1::text[]) AND product_sku <> sku',
    [[...skus]],
  );
  return new Set(rows.map((r) => r.sku));
};

/** Each entry kind of the one-collection catalogue (schema/catalog/catalog-entry.ts): its table and key. */
const ENTRY_TABLES: { kind: CatalogEntryKind; table: string; key: string; where?: string }[] = [
  { kind: 'category', table: 'categories', key: 'id' },
  { kind: 'attribute', table: 'attributes', key: 'attribute_id' },
  { kind: 'cmsPage', table: 'cms_pages', key: 'id' },
  { kind: 'cmsBlock', table: 'cms_blocks', key: 'id' },
  { kind: 'banner', table: 'banners', key: 'id' },
  { kind: 'blogPost', table: 'blog_posts', key: 'id' },
  { kind: 'review', table: 'reviews', key: 'id', where: 'review_status = 1' },
  { kind: 'taxRule', table: 'tax_rules', key: 'id' },
  { kind: 'product', table: 'catalog_products', key: 'sku' },
];

/**
 * The whole public catalogue as one collection of entries (key, kind, doc), for a client that cannot
 * spend nine of RxDB's thirteen collections on it. Every table shares one sequence, so one ordered
 * union pages through all of them; products only while the catalogue replicates (as `catalogProducts`).
 */
const catalogEntries: PullSource<CatalogEntry> = {
  name: CATALOG_ENTRIES,
  pushable: false,
  streamed: true,
  public: true,
  async pull(sql, _owner, after, limit): Promise<CatalogPullResponse<CatalogEntry>> {
    const status = await offlineCatalogStatus(sql);
    const parts = ENTRY_TABLES.filter((t) => t.kind !== 'product' || status.replicated).map(
      (t) =>
        `SELECT '${t.kind}' AS kind, '${t.kind}:' || ${t.key} AS key, doc, server_seq FROM ${t.table}
         WHERE server_seq > $1${t.where ? ` AND ${t.where}` : ''}`,
    );
    const rows = await sql.query<{
      kind: CatalogEntryKind;
      key: string;
      doc: Record<string, unknown>;
      server_seq: number;
    }>(
      `SELECT kind, key, doc, server_seq FROM (${parts.join(' UNION ALL ')}) AS entries ORDER BY server_seq LIMIT $2`,
      [after, limit],
    );
    const documents = rows.map((r) => ({ key: r.key, kind: r.kind, doc: r.doc, serverSeq: r.server_seq }));
    return { documents, checkpoint: { serverSeq: rows.at(-1)?.server_seq ?? after }, offlineCatalog: status };
  },
};

export const catalogPullSources: Record<string, PullSource> = {
  categories: publicSource('categories', 'categories'),
  attributes: publicSource('attributes', 'attributes'),
  cmsPages: publicSource('cmsPages', 'cms_pages'),
  cmsBlocks: publicSource('cmsBlocks', 'cms_blocks'),
  banners: publicSource('banners', 'banners'),
  blogPosts: publicSource('blogPosts', 'blog_posts'),
  // Approved reviews only (spec: review_status 1); a review withdrawn later stays on devices that have it.
  reviews: publicSource('reviews', 'reviews', 'review_status = 1'),
  taxRules: publicSource('taxRules', 'tax_rules'),
  catalogProducts,
  products: cartProducts,
  catalog: catalogEntries,
};
