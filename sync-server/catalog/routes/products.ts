import { Router } from 'express';
import { z } from 'zod';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { applyTaxRules } from '../../../schema/catalog/rules/index.ts';
import type { Database } from '../../store/database.ts';
import { isShowable, LISTABLE_SQL, SHOWABLE_SQL } from '../listing-rules.ts';
import { loadTaxRules } from '../product-repository.ts';
import { notFound, ok, parseInput } from '../../http/respond.ts';
import { okAnswer, type ApiRoute } from '../../http/api-description.ts';
import { catalogProductSchema } from '../../../schema/catalog/catalog-product.ts';

/** Spec section 9: related products ask for 9 (the product itself may be among them) and show at most 8. */
export const RELATED_REQUEST_SIZE = 9;
export const RELATED_SHOWN = 8;

const skuParamsSchema = z.object({ sku: z.string().min(1).max(64) });
const noQuerySchema = z.object({});
/** A product path has at most 12 sku guesses (client/catalog/product/fetch-product.ts): a little room above. */
export const MAX_SKUS_PER_LOOKUP = 20;
const skuListQuerySchema = z.object({
  skus: z
    .string()
    .min(1)
    .max(MAX_SKUS_PER_LOOKUP * 65)
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(z.string().min(1).max(64)).max(MAX_SKUS_PER_LOOKUP)),
});

export const PRODUCT_EMPTY = 'Product query returned an empty result';

const loadShowable = async (db: Database, sku: string): Promise<CatalogProduct | undefined> => {
  const [row] = await db.query<{ doc: CatalogProduct }>('SELECT doc FROM catalog_products WHERE sku = $1', [sku]);
  return row && isShowable(row.doc) ? row.doc : undefined;
};

/** The showable products among `skus`, and the showable parents of those that are variants. */
const loadShowableWithParents = async (db: Database, skus: readonly string[]): Promise<CatalogProduct[]> => {
  const bySkus = async (list: readonly string[]) =>
    (
      await db.query<{ doc: CatalogProduct }>(
        `SELECT doc FROM catalog_products WHERE sku = ANY($1::text[]) AND ${SHOWABLE_SQL} ORDER BY id`,
        [[...list]],
      )
    ).map((row) => row.doc);
  const found = await bySkus(skus);
  const have = new Set(found.map((p) => p.sku));
  const parents = [
    ...new Set(
      found.flatMap((p) => (p.parentSku && p.parentSku !== p.sku && !have.has(p.parentSku) ? [p.parentSku] : [])),
    ),
  ];
  return parents.length > 0 ? [...found, ...(await bySkus(parents))] : found;
};

/**
 * GET /api/catalog/products?skus=a,b: the showable ones of those skus, with the parents of variants among
 *   them, in one answer `{items}` (unknown skus are simply absent). A product address names its sku after
 *   its slug, and where the slug ends is a guess: the client sends every guess at once instead of one
 *   request each (a cold product page paints a round trip sooner).
 * GET /api/catalog/products/:sku: the product by its own sku, VAT figures from the current tax rules;
 *   404 when unknown, disabled (status 2 or more) or not visible on its own (visibility 1).
 * GET /api/catalog/products/:sku/related: at most 8, never the product itself, unique skus: its related
 *   links' products, or, when it has none, products sharing a category.
 */
export const productRoutes = (db: Database): Router => {
  const router = Router();

  router.get('/catalog/products', async (req, res) => {
    const { skus } = parseInput(skuListQuerySchema, req.query, 'query');
    const taxRules = await loadTaxRules(db);
    const items = await loadShowableWithParents(db, skus);
    ok(res, { items: items.map((p) => applyTaxRules(p, taxRules)) });
  });

  router.get('/catalog/products/:sku', async (req, res) => {
    const { sku } = parseInput(skuParamsSchema, req.params, 'params');
    parseInput(noQuerySchema, req.query, 'query');
    const product = await loadShowable(db, sku);
    if (!product) {
      notFound(res, `${PRODUCT_EMPTY}: ${sku}`);
      return;
    }
    ok(res, applyTaxRules(product, await loadTaxRules(db)));
  });

  router.get('/catalog/products/:sku/related', async (req, res) => {
    const { sku } = parseInput(skuParamsSchema, req.params, 'params');
    parseInput(noQuerySchema, req.query, 'query');
    const product = await loadShowable(db, sku);
    if (!product) {
      notFound(res, `${PRODUCT_EMPTY}: ${sku}`);
      return;
    }
    const candidates = await relatedCandidates(db, product);
    const seen = new Set([product.sku]);
    const items = candidates.filter((p) => !seen.has(p.sku) && seen.add(p.sku)).slice(0, RELATED_SHOWN);
    const taxRules = await loadTaxRules(db);
    ok(res, { items: items.map((p) => applyTaxRules(p, taxRules)), total: items.length });
  });

  return router;
};

const relatedSkus = (product: CatalogProduct): string[] =>
  product.product_links
    .filter((link) => link.link_type === 'related')
    .sort((a, b) => a.position - b.position)
    .map((link) => link.linked_product_sku);

/** The 9 asked for: linked skus in link order, else the same categories' products in id order. */
const relatedCandidates = async (db: Database, product: CatalogProduct): Promise<CatalogProduct[]> => {
  const linked = relatedSkus(product);
  if (linked.length > 0) {
    const rows = await db.query<{ doc: CatalogProduct }>(
      `SELECT doc FROM catalog_products WHERE sku = ANY($1::text[]) AND ${SHOWABLE_SQL}
       ORDER BY array_position($1::text[], sku) LIMIT $2`,
      [linked, RELATED_REQUEST_SIZE],
    );
    return rows.map((r) => r.doc);
  }
  if (product.category_ids.length === 0) return [];
  const rows = await db.query<{ doc: CatalogProduct }>(
    `SELECT doc FROM catalog_products WHERE category_ids && $1::bigint[] AND ${LISTABLE_SQL}
     ORDER BY id LIMIT $2`,
    [product.category_ids, RELATED_REQUEST_SIZE],
  );
  return rows.map((r) => r.doc);
};

export const productApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/catalog/products',
    summary: `Showable products by SKU (at most ${MAX_SKUS_PER_LOOKUP}), with their variants' parents`,
    access: 'public',
    request: { query: skuListQuerySchema },
    responses: okAnswer('`{ items }`', z.object({ items: z.array(catalogProductSchema) })),
  },
  {
    method: 'get',
    path: '/api/catalog/products/:sku',
    summary: 'One showable product, tax rules applied',
    access: 'public',
    request: { params: skuParamsSchema, query: noQuerySchema },
    responses: { ...okAnswer('The product', catalogProductSchema), 404: { description: PRODUCT_EMPTY } },
  },
  {
    method: 'get',
    path: '/api/catalog/products/:sku/related',
    summary: `Up to ${RELATED_SHOWN} related products (linked, else of the same categories)`,
    access: 'public',
    request: { params: skuParamsSchema, query: noQuerySchema },
    responses: {
      ...okAnswer('`{ items, total }`', z.object({ items: z.array(catalogProductSchema), total: z.number().int() })),
      404: { description: PRODUCT_EMPTY },
    },
  },
];
