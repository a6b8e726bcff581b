import { Router } from 'express';
import { z } from 'zod';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { decideReview, pendingReviews } from './review-moderation.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

const listQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    after: z.coerce.number().int().min(0).default(0),
  })
  .strict();
const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * The operator's review moderation (the console comes later), under /api/operator/reviews: GET lists the pending
 * reviews, oldest first (`limit`, `after` an id); POST /:id/approve and /:id/refuse decide one.
 */
export const operatorReviewRoutes = (db: Database): Router => {
  const router = Router();
  router.use(authenticate(db), requireRole(db, 'viewer'));
  router.get('/', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    ok(res, await pendingReviews(db, query.limit, query.after));
  });
  router.post('/:id/approve', async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    ok(res, await decideReview(db, id, 'approve'));
  });
  router.post('/:id/refuse', async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    ok(res, await decideReview(db, id, 'refuse'));
  });
  return router;
};

export const operatorReviewApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/operator/reviews',
    summary: 'Reviews waiting for a decision, oldest first (`after` pages on)',
    access: 'viewer',
    request: { query: listQuerySchema },
    responses: okAnswer('Pending reviews', jsonObject('A page of reviews')),
  },
  ...(['approve', 'refuse'] as const).map((decision): ApiRoute => ({
    method: 'post',
    path: `/api/operator/reviews/:id/${decision}`,
    summary: decision === 'approve' ? 'Publish a review' : 'Refuse a review',
    access: 'viewer',
    request: { params: idParamsSchema },
    responses: okAnswer('The review after the decision', jsonObject('The review')),
  })),
];
