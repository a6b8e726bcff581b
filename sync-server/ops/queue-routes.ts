import { Router, type RequestHandler } from 'express';
import {
  adDecideBodySchema,
  adQueueQuerySchema,
  reviewDecideBodySchema,
  reviewQueueQuerySchema,
} from '../../schema/ops/queues.ts';
import type { OperatorRole } from '../../schema/ops/roles.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';
import { z } from 'zod';
import { decideAd } from '../ads/ad-moderation.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { decideReview } from '../reviews/review-moderation.ts';
import type { Database } from '../store/database.ts';
import { adQueuePage, decideEach, reviewQueuePage } from './moderation-queues.ts';

/**
 * The moderation queues, under /api/ops/queues:
 * - GET /ads, GET /reviews (viewer): what waits for a decision, oldest first, `?after=<cursor>&limit=` (default 50,
 *   at most 200), with `next` (the cursor of the next page, null at the end) and `total`;
 * - POST /ads/decide, /reviews/decide `{ids, decision: 'approve'|'refuse', reason?}` (moderator; a refusal needs
 *   its reason): each id by the single operator call's own path (the same public store, mails and audit line), its
 *   outcome per id.
 */
export const queueRoutes = (db: Database): Router => {
  const router = Router();
  const guard = (role: OperatorRole): RequestHandler[] => [
    authenticate(db),
    requireRole(db, role),
    refuseUnstorableInput(),
  ];

  router.get('/queues/ads', ...guard('viewer'), async (req, res) => {
    ok(res, await adQueuePage(db, parseInput(adQueueQuerySchema, req.query, 'query')));
  });

  router.get('/queues/reviews', ...guard('viewer'), async (req, res) => {
    ok(res, await reviewQueuePage(db, parseInput(reviewQueueQuerySchema, req.query, 'query')));
  });

  router.post('/queues/ads/decide', ...guard('moderator'), async (req, res) => {
    const { ids, decision, reason } = parseInput(adDecideBodySchema, req.body, 'body');
    const operator = operatorOf(req);
    ok(res, {
      outcomes: await decideEach(ids, (id) =>
        decideAd(db, id, decision, decision === 'refuse' ? reason : undefined, operator),
      ),
    });
  });

  router.post('/queues/reviews/decide', ...guard('moderator'), async (req, res) => {
    const { ids, decision, reason } = parseInput(reviewDecideBodySchema, req.body, 'body');
    const operator = operatorOf(req);
    ok(res, {
      outcomes: await decideEach(ids, (id) =>
        decideReview(db, id, decision, operator, decision === 'refuse' ? reason : undefined),
      ),
    });
  });

  return router;
};

const queuePageSchema = (item: string) =>
  z.object({ items: z.array(jsonObject(item)), next: z.string().nullable(), total: z.number().int().min(0) });

const outcomesSchema = z.object({
  outcomes: z.array(jsonObject('`{ id, ok: true }`, or `{ id, ok: false, status, error }`')),
});

export const queueApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/queues/ads',
    summary: 'Ads waiting for a decision, oldest first (`after` pages on)',
    access: 'viewer',
    request: { query: adQueueQuerySchema },
    responses: okAnswer('A page, the cursor of the next (null at the end) and how many wait', queuePageSchema('An ad')),
  },
  {
    method: 'get',
    path: '/api/ops/queues/reviews',
    summary: 'Reviews waiting for a decision, oldest first (`after` pages on)',
    access: 'viewer',
    request: { query: reviewQueueQuerySchema },
    responses: okAnswer(
      'A page, the cursor of the next (null at the end) and how many wait',
      queuePageSchema('A review'),
    ),
  },
  {
    method: 'post',
    path: '/api/ops/queues/ads/decide',
    summary: 'Approve or refuse several ads (a refusal needs its reason); the outcome per id',
    access: 'moderator',
    request: { body: adDecideBodySchema },
    responses: okAnswer('The outcome of each id', outcomesSchema),
  },
  {
    method: 'post',
    path: '/api/ops/queues/reviews/decide',
    summary: 'Publish or refuse several reviews (a refusal needs its reason); the outcome per id',
    access: 'moderator',
    request: { body: reviewDecideBodySchema },
    responses: okAnswer('The outcome of each id', outcomesSchema),
  },
];
