import { Router } from 'express';
import { z } from 'zod';
import { AD_REVIEW_ACTIONS, adRefusalReasonSchema, type AdReviewAction } from '../../schema/ads/ad-review.ts';
import { AD_STATUSES, adIdSchema } from '../../schema/ads/ad.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { adsWithOwnerContent, decideAd } from './ad-moderation.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

const listQuerySchema = z
  .object({
    status: z.enum(AD_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
const idParamsSchema = z.object({ id: adIdSchema }).strict();
const emptyBodySchema = z.object({}).strict();

/** The queue's order: what waits for a decision first (pending, then taken), the rest after, oldest first. */
const QUEUE_ORDER = `CASE status WHEN 'pending' THEN 0 WHEN 'process' THEN 1 ELSE 2 END, updated_at, ad_id`;

/**
 * The operator's ad calls (the console comes later), under /api/operator/ads:
 * - GET / (`?status=`, `limit`): ads with their owner's content, pending first, then taken for review, then the
 *   rest, oldest first in each (deleted ads are not listed);
 * - POST /:id/take, /:id/approve, /:id/refuse `{ reason }` (plain text, 3..500): by the allowed moves only (409
 *   otherwise, 404 for an unknown id). Each rewrites the owner's `myAds` document in its transaction after the
 *   owner's lock (so it reaches the owner's devices live), updates the `ads` row, and an approval or a refusal
 *   puts an e-mail to the owner in the outbox when the owner has an address (ad-moderation.ts).
 * Reads need the `viewer` role, decisions `moderator`; each decision is audited in its transaction.
 */
export const operatorAdRoutes = (db: Database): Router => {
  const router = Router();
  router.use(authenticate(db), requireRole(db, 'viewer'));
  // A NUL, a lone surrogate or broken percent-encoding anywhere in the request: a 400 naming the part.
  router.use(refuseUnstorableInput());

  router.get('/', async (req, res) => {
    const { status, limit } = parseInput(listQuerySchema, req.query, 'query');
    const rows = await db.query<{ id: string; owner: string }>(
      `SELECT ad_id::text AS id, owner FROM ads WHERE status <> 'deleted' ${status ? 'AND status = $2' : ''}
       ORDER BY ${QUEUE_ORDER} LIMIT $1`,
      status ? [limit, status] : [limit],
    );
    ok(res, { items: await adsWithOwnerContent(db, rows) });
  });

  const review = (action: AdReviewAction) =>
    router.post(`/:id/${action}`, requireRole(db, 'moderator'), async (req, res) => {
      const { id } = parseInput(idParamsSchema, req.params, 'params');
      const reason =
        action === 'refuse'
          ? parseInput(adRefusalReasonSchema, req.body, 'body').reason
          : (parseInput(emptyBodySchema, req.body, 'body'), undefined);
      ok(res, await decideAd(db, id, action, reason, operatorOf(req)));
    });
  review('take');
  review('approve');
  review('refuse');

  return router;
};

export const operatorAdApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/operator/ads',
    summary: 'Ads to moderate: pending first, then taken, then the rest, oldest first',
    access: 'viewer',
    request: { query: listQuerySchema },
    responses: okAnswer('`{ items }`', z.object({ items: z.array(jsonObject("An ad with its owner's content")) })),
  },
  ...AD_REVIEW_ACTIONS.map((action): ApiRoute => ({
    method: 'post',
    path: `/api/operator/ads/:id/${action}`,
    summary: `${action[0]!.toUpperCase()}${action.slice(1)} an ad (by the allowed moves only)`,
    access: 'moderator',
    request: { params: idParamsSchema, body: action === 'refuse' ? adRefusalReasonSchema : emptyBodySchema },
    responses: {
      ...okAnswer('The ad after the move', jsonObject('The ad')),
      404: { description: 'No such ad' },
      409: { description: 'Not an allowed move from its status' },
    },
  })),
];
