import { Router } from 'express';
import { z } from 'zod';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { availabilityStatusOf, isEnabledStatus } from '../../../schema/catalog/rules/index.ts';
import { MIN_TERM_LENGTH } from '../../../schema/search/query.ts';
import type { Database } from '../../store/database.ts';
import type { StockFigures } from '../cart-product.ts';
import { loadRowsBySku, loadStockFigures } from '../product-repository.ts';
import { commaList, queryInt } from './query-fields.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, jsonObject, type ApiRoute } from '../../http/api-description.ts';

/** Our caps (the spec names none): a category's or a keyword's stock list is at most this long. */
export const STOCK_CHECK_MAX = 500;
/** Spec section 9: stock skus are asked in batches of 15; a bigger list is allowed, up to this. */
export const STOCK_LIST_MAX = 500;

const checkQuerySchema = z
  .object({
    sku: z.string().min(1).max(64).optional(),
    category: queryInt().optional(),
    keywords: z.string().trim().min(MIN_TERM_LENGTH).max(200).optional(),
  })
  .refine((q) => [q.sku, q.category, q.keywords].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of sku, category and keywords',
    path: ['sku'],
  });

const listQuerySchema = z.object({ skus: commaList(1, STOCK_LIST_MAX) });

export interface StockCheckItem {
  product_id: number;
  sku: string;
  is_in_stock: boolean;
  qty: number;
  filter_options: CatalogProduct['filter_options'];
  /** The availability status's style (pre-order, back-order, in-stock, limited, on-request), or out-of-stock. */
  stock_icon: string;
}

/** One sku's stock: the stock item when it has one, else the product's (or variant's) own figures. */
const stockOf = (product: CatalogProduct, sku: string, live: ReadonlyMap<string, StockFigures>) => {
  const child = sku === product.sku ? undefined : product.configurable_children.find((c) => c.sku === sku);
  const own = live.get(sku) ?? (child ?? product).stock;
  // A configurable parent is in stock while one enabled variant is.
  if (!child && product.type_id === 'configurable' && !live.has(sku)) {
    const variants = product.configurable_children.filter((c) => isEnabledStatus(c.status));
    const figures = variants.map((c) => live.get(c.sku) ?? c.stock);
    return {
      id: product.id,
      is_in_stock: figures.some((f) => f.is_in_stock && f.qty > 0),
      qty: figures.reduce((sum, f) => sum + f.qty, 0),
    };
  }
  return { id: child?.id ?? product.id, ...own };
};

const checkItem = (product: CatalogProduct, sku: string, live: ReadonlyMap<string, StockFigures>): StockCheckItem => {
  const { id, is_in_stock, qty } = stockOf(product, sku, live);
  const status = availabilityStatusOf(product.filter_options);
  return {
    product_id: id,
    sku,
    is_in_stock,
    qty,
    filter_options: product.filter_options,
    stock_icon: status?.style ?? (is_in_stock ? 'in-stock' : 'out-of-stock'),
  };
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/stock/check?sku= | ?category={id} | ?keywords={text}: a stock list (is_in_stock, filter_options,
 *   stock_icon, plus product_id, sku and qty) of the sku, of the category's enabled products, or of the
 *   enabled products whose name or sku contains the keywords (at least 3 characters, like search).
 * GET /api/stock/list?skus=a,b: items with product_id, sku, is_in_stock, qty; unknown skus are left out.
 */
export const stockRoutes = (db: Database): Router => {
  const router = Router();

  router.get('/stock/check', async (req, res) => {
    const query = parseInput(checkQuerySchema, req.query, 'query');
    let pairs: { product: CatalogProduct; sku: string }[];
    if (query.sku !== undefined) {
      const row = (await loadRowsBySku(db, [query.sku])).get(query.sku);
      pairs = row && isEnabledStatus(row.doc.status) ? [{ product: row.doc, sku: query.sku }] : [];
    } else {
      const rows =
        query.category !== undefined
          ? await db.query<{ doc: CatalogProduct }>(
              `SELECT doc FROM catalog_products WHERE category_ids @> ARRAY[$1::bigint] AND status < 2
               ORDER BY id LIMIT $2`,
              [query.category, STOCK_CHECK_MAX],
            )
          : await db.query<{ doc: CatalogProduct }>(
              `SELECT doc FROM catalog_products WHERE (name ILIKE $1 OR sku ILIKE $1) AND status < 2
               ORDER BY id LIMIT $2`,
              [`%${escapeLike(query.keywords ?? '')}%`, STOCK_CHECK_MAX],
            );
      pairs = rows.map((r) => ({ product: r.doc, sku: r.doc.sku }));
    }
    const live = await loadStockFigures(db, skusWithVariants(pairs.map((p) => p.product)));
    ok(
      res,
      pairs.map(({ product, sku }) => checkItem(product, sku, live)),
    );
  });

  router.get('/stock/list', async (req, res) => {
    const { skus } = parseInput(listQuerySchema, req.query, 'query');
    const rows = await loadRowsBySku(db, skus);
    const live = await loadStockFigures(db, skusWithVariants([...rows.values()].map((r) => r.doc)));
    const items = skus.flatMap((sku) => {
      const row = rows.get(sku);
      if (!row) return [];
      const { id, is_in_stock, qty } = stockOf(row.doc, sku, live);
      return [{ product_id: id, sku, is_in_stock, qty }];
    });
    ok(res, { items });
  });

  return router;
};

const skusWithVariants = (products: readonly CatalogProduct[]): string[] =>
  products.flatMap((p) => [p.sku, ...p.configurable_children.map((c) => c.sku)]);

export const stockApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/stock/check',
    summary: 'Stock of one SKU, a category or a keyword match, with its availability icon',
    access: 'public',
    request: { query: checkQuerySchema },
    responses: okAnswer('Stock items', z.array(jsonObject('product_id, sku, is_in_stock, qty, stock_icon'))),
  },
  {
    method: 'get',
    path: '/api/stock/list',
    summary: 'Stock of these SKUs',
    access: 'public',
    request: { query: listQuerySchema },
    responses: okAnswer('`{ items }`', jsonObject('product_id, sku, is_in_stock, qty per SKU')),
  },
];
