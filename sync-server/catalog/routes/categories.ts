import { Router } from 'express';
import { z } from 'zod';
import { ROOT_CATEGORY_ID, type Category } from '../../../schema/catalog/category.ts';
import type { Database } from '../../store/database.ts';
import { activeCategories } from '../catalog-reads.ts';
import { buildCategoryTree } from '../category-tree.ts';
import { queryFlag, queryInt } from './query-fields.ts';
import { notFound, ok, parseInput } from '../../http/respond.ts';
import { okAnswer, jsonObject, type ApiRoute } from '../../http/api-description.ts';
import { categorySchema } from '../../../schema/catalog/category.ts';

/** Spec section 9: category list size 4000, sorted by position ascending, active only. */
export const CATEGORY_LIST_SIZE = 4000;

const singleQuerySchema = z
  .object({ slug: z.string().min(1).max(200).optional(), url_key: z.string().min(1).max(200).optional() })
  .refine((q) => (q.slug === undefined) !== (q.url_key === undefined), {
    message: 'give exactly one of slug and url_key',
    path: ['slug'],
  });

const listQuerySchema = z.object({
  parent_id: queryInt().optional(),
  level: queryInt(0, 100).optional(),
  from: queryInt().default(0),
  size: queryInt(1, CATEGORY_LIST_SIZE).default(CATEGORY_LIST_SIZE),
  /** Only the tops (children of parent_id, else of the root), the rest inside their children_data. */
  tree: queryFlag.default(false),
});

/**
 * GET /api/catalog/category?slug= | ?url_key=: one active category, with its active subtree in children_data.
 * GET /api/catalog/categories?parent_id=&level=&from=&size=&tree=: active categories by position; each
 * carries its active subtree in children_data (built on read).
 */
export const categoryRoutes = (db: Database): Router => {
  const router = Router();

  router.get('/catalog/category', async (req, res) => {
    const query = parseInput(singleQuerySchema, req.query, 'query');
    const [row] = await db.query<{ id: number }>(
      query.slug !== undefined
        ? 'SELECT id FROM categories WHERE slug = $1 AND is_active ORDER BY id LIMIT 1'
        : 'SELECT id FROM categories WHERE url_key = $1 AND is_active ORDER BY id LIMIT 1',
      [query.slug ?? query.url_key ?? ''],
    );
    const node = row && buildCategoryTree(await activeCategories(db)).byId.get(row.id);
    if (!node) {
      notFound(res, `Category query returned empty result: ${query.slug ?? query.url_key}`);
      return;
    }
    ok(res, node);
  });

  router.get('/catalog/categories', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    const { byId, tops } = buildCategoryTree(await activeCategories(db));
    const candidates = !query.tree
      ? [...byId.values()].filter((c) => query.parent_id === undefined || c.parent_id === query.parent_id)
      : query.parent_id === undefined
        ? rootChildren(tops, byId)
        : (byId.get(query.parent_id)?.children_data ?? []);
    const matching = candidates.filter((c) => query.level === undefined || c.level === query.level);
    ok(res, {
      items: matching.slice(query.from, query.from + query.size),
      total: matching.length,
      start: query.from,
      perPage: query.size,
    });
  });

  return router;
};

/** The shop's top categories: the root's children, or the tops themselves when the root is not listed. */
const rootChildren = <Node extends Category & { children_data: Node[] }>(
  tops: Node[],
  byId: Map<number, Node>,
): Node[] => byId.get(ROOT_CATEGORY_ID)?.children_data ?? tops;

export const categoryApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/catalog/category',
    summary: 'One active category by slug or url_key, with its children',
    access: 'public',
    request: { query: singleQuerySchema },
    responses: { ...okAnswer('The category', categorySchema), 404: { description: 'No such category' } },
  },
  {
    method: 'get',
    path: '/api/catalog/categories',
    summary: 'Active categories, flat or as a tree, paged by from/size',
    access: 'public',
    request: { query: listQuerySchema },
    responses: okAnswer('`{ items, total, start, perPage }`', jsonObject('A page of categories')),
  },
];
