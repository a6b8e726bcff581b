import type { CatalogEntityKind, CatalogSnapshot } from '../../schema/catalog/snapshot.ts';

/**
 * How each kind of catalogue entity is stored: its table, the key an upsert matches on, the columns
 * queries filter on (beside the whole document in `doc`), and the replicated collections a change to it
 * announces. One description per kind, so the writer is one loop and a new kind is one entry.
 */
export interface CatalogTable<Entity> {
  readonly table: string;
  readonly key: string;
  /** Column name -> SQL type, in the order `row` fills them (`doc` and `server_seq` are added by the writer). */
  readonly columns: Readonly<Record<string, string>>;
  row(entity: Entity): Record<string, unknown>;
  /** Pull sources whose documents this table feeds. */
  readonly collections: readonly string[];
}

/** The pull source carrying every public catalogue table as one collection of entries (catalog-sources.ts). */
export const CATALOG_ENTRIES = 'catalog';

type TableOf<K extends CatalogEntityKind> = CatalogTable<CatalogSnapshot[K][number]>;

/** Dates the snapshot carries as ISO strings, as epoch ms for sorting; an unreadable date sorts first. */
const epochMs = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
};

export const CATALOG_TABLES: { readonly [K in CatalogEntityKind]: TableOf<K> } = {
  taxRules: {
    table: 'tax_rules',
    key: 'id',
    columns: { id: 'bigint' },
    row: (r) => ({ id: r.id }),
    collections: ['taxRules', CATALOG_ENTRIES],
  },
  attributes: {
    table: 'attributes',
    key: 'attribute_code',
    columns: { attribute_code: 'text', attribute_id: 'bigint' },
    row: (a) => ({ attribute_code: a.attribute_code, attribute_id: a.attribute_id }),
    collections: ['attributes', CATALOG_ENTRIES],
  },
  categories: {
    table: 'categories',
    key: 'id',
    columns: {
      id: 'bigint',
      parent_id: 'bigint',
      slug: 'text',
      url_key: 'text',
      level: 'bigint',
      position: 'bigint',
      is_active: 'boolean',
    },
    row: (c) => ({
      id: c.id,
      parent_id: c.parent_id,
      slug: c.slug,
      url_key: c.url_key,
      level: c.level,
      position: c.position,
      is_active: c.is_active,
    }),
    collections: ['categories', CATALOG_ENTRIES],
  },
  products: {
    table: 'catalog_products',
    key: 'sku',
    columns: {
      sku: 'text',
      id: 'bigint',
      type_id: 'text',
      status: 'bigint',
      visibility: 'bigint',
      is_old: 'bigint',
      name: 'text',
      category_ids: 'bigint[]',
    },
    row: (p) => ({
      sku: p.sku,
      id: p.id,
      type_id: p.type_id,
      status: p.status,
      visibility: p.visibility,
      is_old: p.is_old,
      name: p.name,
      category_ids: p.category_ids,
    }),
    // `products` is the cart's view of the same rows (sync-server/catalog/catalog-sources.ts).
    collections: ['catalogProducts', 'products', CATALOG_ENTRIES],
  },
  stockItems: {
    table: 'stock_items',
    key: 'sku',
    columns: { sku: 'text', product_id: 'bigint', is_in_stock: 'boolean', qty: 'bigint' },
    row: (s) => ({ sku: s.sku, product_id: s.product_id, is_in_stock: s.is_in_stock, qty: s.qty }),
    // Replicated through the cart's product list (`products`: catalog-sources.ts reads stock changes too).
    collections: ['products'],
  },
  cmsPages: {
    table: 'cms_pages',
    key: 'id',
    columns: { id: 'bigint', identifier: 'text', slug: 'text', active: 'boolean' },
    row: (p) => ({ id: p.id, identifier: p.identifier, slug: p.slug, active: p.active }),
    collections: ['cmsPages', CATALOG_ENTRIES],
  },
  cmsBlocks: {
    table: 'cms_blocks',
    key: 'id',
    columns: { id: 'bigint', identifier: 'text', active: 'boolean' },
    row: (b) => ({ id: b.id, identifier: b.identifier, active: b.active }),
    collections: ['cmsBlocks', CATALOG_ENTRIES],
  },
  banners: {
    table: 'banners',
    key: 'id',
    columns: { id: 'bigint', placement: 'text', position: 'bigint' },
    row: (b) => ({ id: b.id, placement: b.placement, position: b.position }),
    collections: ['banners', CATALOG_ENTRIES],
  },
  blogPosts: {
    table: 'blog_posts',
    key: 'id',
    columns: { id: 'bigint', slug: 'text', tags: 'text[]', published_ms: 'bigint' },
    row: (p) => ({ id: p.id, slug: p.slug, tags: p.tags, published_ms: epochMs(p.published_at) }),
    collections: ['blogPosts', CATALOG_ENTRIES],
  },
  reviews: {
    table: 'reviews',
    key: 'id',
    columns: { id: 'bigint', product_id: 'bigint', review_status: 'bigint' },
    row: (r) => ({ id: r.id, product_id: r.product_id, review_status: r.review_status }),
    collections: ['reviews', CATALOG_ENTRIES],
  },
};

/** The order a snapshot is written in: what others refer to first (tax and attributes before products). */
export const WRITE_ORDER: readonly CatalogEntityKind[] = [
  'taxRules',
  'attributes',
  'categories',
  'products',
  'stockItems',
  'cmsPages',
  'cmsBlocks',
  'banners',
  'blogPosts',
  'reviews',
];
