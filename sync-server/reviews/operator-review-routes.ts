import { Router } from 'express';
import { z } from 'zod';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { moderationReasonSchema } from '../../schema/ops/queues.ts';
import { decideReview, pendingReviews } from './review-moderation.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

const listQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    after: z.coerce.number().int().min(0).default(0),
  })
  .strict();
const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const emptyBodySchema = z.object({}).strict();
/** A refusal's reason is optional here (the queue's bulk call asks for one); the audit log keeps it. */
const refuseBodySchema = z.object({ reason: moderationReasonSchema.optional() }).strict();

/**
 * The operator's review moderation (the console comes later), under /api/operator/reviews: GET lists the pending
 * reviews, oldest first (`limit`, `after` an id); POST /:id/approve and /:id/refuse `{reason?}` decide one.
 * Reads need the `viewer` role, decisions `moderator`.
 */
export const operatorReviewRoutes = (db: Database): Router => {
  const router = Router();
  router.use(authenticate(db), requireRole(db, 'viewer'));
  router.get('/', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    ok(res, await pendingReviews(db, query.limit, query.after));
  });
  router.post('/:id/approve', requireRole(db, 'moderator'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    parseInput(emptyBodySchema, req.body, 'body');
    ok(res, await decideReview(db, id, 'approve', operatorOf(req)));
  });
  router.post('/:id/refuse', requireRole(db, 'moderator'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    const { reason } = parseInput(refuseBodySchema, req.body, 'body');
    ok(res, await decideReview(db, id, 'refuse', operatorOf(req), reason));
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
    access: 'moderator',
    request: { params: idParamsSchema },
    responses: okAnswer('The review after the decision', jsonObject('The review')),
  })),
];
