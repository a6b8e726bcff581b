import { Router } from 'express';
import { z } from 'zod';
import type { Review } from '../../../schema/catalog/content.ts';
import type { Database } from '../../store/database.ts';
import { queryInt } from './query-fields.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, type ApiRoute } from '../../http/api-description.ts';
import { reviewSchema } from '../../../schema/catalog/content.ts';

/** Spec (commerce section 7): review search filtered by product_id and review_status=1, default size 50. */
export const APPROVED = 1;
export const REVIEWS_PAGE = 50;

const listQuerySchema = z.object({
  product_id: queryInt(),
  from: queryInt().default(0),
  size: queryInt(1, 500).default(REVIEWS_PAGE),
});

/** GET /api/review/list?product_id=&from=&size=: the product's approved reviews, newest first. */
export const reviewRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/review/list', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    const rows = await db.query<{ doc: Review }>(
      `SELECT doc FROM reviews WHERE product_id = $1 AND review_status = $2
       ORDER BY doc->>'created_at' DESC, id DESC OFFSET $3 LIMIT $4`,
      [query.product_id, APPROVED, query.from, query.size],
    );
    const [count] = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM reviews WHERE product_id = $1 AND review_status = $2',
      [query.product_id, APPROVED],
    );
    ok(res, { items: rows.map((r) => r.doc), total: count?.total ?? 0, start: query.from, perPage: query.size });
  });
  return router;
};

export const productReviewApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/review/list',
    summary: "A product's approved reviews, newest first",
    access: 'public',
    request: { query: listQuerySchema },
    responses: okAnswer(
      '`{ items, total, start, perPage }`',
      z.object({ items: z.array(reviewSchema), total: z.number().int(), start: z.number(), perPage: z.number() }),
    ),
  },
];
