import { Router, type RequestHandler } from 'express';
import {
  adDecideBodySchema,
  adQueueQuerySchema,
  reviewDecideBodySchema,
  reviewQueueQuerySchema,
} from '../../schema/ops/queues.ts';
import type { OperatorRole } from '../../schema/ops/roles.ts';
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
