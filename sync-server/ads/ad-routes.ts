import { Router, type Request } from 'express';
import { z } from 'zod';
import { adCommands } from '../../schema/ads/ad-commands.ts';
import {
  AD_EMPTY_RESULT,
  adListQuerySchema,
  adListResultSchema,
  adSingleQuerySchema,
} from '../../schema/ads/ad-list.ts';
import { adIdSchema, publicAdSchema } from '../../schema/ads/ad.ts';
import { authenticate, principalOf, type Principal } from '../http/auth.ts';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { HttpProblem, problemBody } from '../http/problem.ts';
import { notFound, ok, parseInput } from '../http/respond.ts';
import type { CommandPathDeps } from '../sync/push-one.ts';
import { runAdCommand, type AdCommandType } from './ad-command-path.ts';
import { listPublicAds, publicAdById } from './ad-list-query.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

/** The caller's idempotency key, beside the command's payload in the body (optional). */
const requestIdSchema = z.object({ requestId: adIdSchema.optional() }).loose();

/** Ads are a logged-in shopper's (spec: /my-account/my-sell): a guest's token is refused. */
const userOf = (req: Request): Principal => {
  const principal = principalOf(req);
  if (principal.kind !== 'user') throw new HttpProblem(403, 'Ads are for logged-in users', 'token');
  return principal;
};

/**
 * The spec's ad calls (commerce.md section 7):
 * - public: `POST /catalog` (adListQuerySchema -> adListResultSchema) and `POST /single` `{ id }` (a PublicAd, or
 *   404 'Ad query returned empty result' for an id that is unknown, not published or past its period);
 * - with a user's token: `POST /save` `{ ad, requestId? }` -> `{ backendAdId, status }`, `POST /renew`
 *   `{ adId, requestId? }` -> `{ backendAdId, expiresAt }`, `POST /delete` `{ adId, requestId? }` ->
 *   `{ backendAdId }`, each one command through the sync push (ad-command-path.ts). A refusal of the rules is a
 *   422 naming the field, with the refusal's code; still queued after 10 s, a 503 (ask again with the same body).
 * `GET /api/user/ads-history` is the account's (accounts/user-routes.ts): it reads the `ads` rows these write.
 */
export const adRoutes = (deps: CommandPathDeps): Router => {
  const router = Router();
  const { db } = deps;
  // A NUL, a lone surrogate or broken percent-encoding anywhere in the request: a 400 naming the part.
  router.use(refuseUnstorableInput());

  router.post('/catalog', async (req, res) => {
    const query = parseInput(adListQuerySchema, req.body, 'body');
    ok(res, await listPublicAds(db, query, Date.now()));
  });

  router.post('/single', async (req, res) => {
    const { id } = parseInput(adSingleQuerySchema, req.body, 'body');
    const ad = await publicAdById(db, id, Date.now());
    if (!ad) return notFound(res, AD_EMPTY_RESULT);
    ok(res, ad);
  });

  router.use(authenticate(db));

  const command = <T extends AdCommandType>(
    path: string,
    type: T,
    answer: (result: Record<string, unknown>) => unknown,
  ) =>
    router.post(path, async (req, res) => {
      const principal = userOf(req);
      const { requestId, ...body } = parseInput(requestIdSchema, req.body, 'body');
      const payload = parseInput(adCommands[type].payload, body, 'body');
      const settled = await runAdCommand(deps, principal, type, payload, requestId);
      if (settled.status === 'pending') throw new HttpProblem(503, 'The ad is queued; ask again with the same body');
      if (settled.status === 'refused') {
        const field = settled.error.field?.replace(/^payload\./, '');
        res.status(422).json({ ...problemBody(422, settled.error.message, field), resultCode: settled.error.code });
        return;
      }
      ok(res, answer(settled.result));
    });

  command('/save', 'ad.save', (r) => ({ backendAdId: r.adId, status: r.status }));
  command('/renew', 'ad.renew', (r) => ({ backendAdId: r.adId, expiresAt: r.expiresAt }));
  command('/delete', 'ad.delete', (r) => ({ backendAdId: r.adId }));

  return router;
};

const adCommandApi = (path: string, type: AdCommandType, summary: string): ApiRoute => ({
  method: 'post',
  path: `/api/sell${path}`,
  summary,
  access: 'user',
  request: { body: requestIdSchema.extend(adCommands[type].payload.shape) },
  responses: {
    ...okAnswer('The command’s outcome', jsonObject('backendAdId and the status or expiry')),
    422: { description: 'Refused by the ad rules; `resultCode` says why' },
    503: { description: 'Still queued; ask again with the same body' },
  },
});

export const adApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/sell/catalog',
    summary: 'Published ads, filtered and paged',
    access: 'public',
    request: { body: adListQuerySchema },
    responses: okAnswer('A page of ads', adListResultSchema),
  },
  {
    method: 'post',
    path: '/api/sell/single',
    summary: 'One published ad',
    access: 'public',
    request: { body: adSingleQuerySchema },
    responses: { ...okAnswer('The ad', publicAdSchema), 404: { description: AD_EMPTY_RESULT } },
  },
  adCommandApi('/save', 'ad.save', 'Create or change an ad'),
  adCommandApi('/renew', 'ad.renew', 'Renew an ad for another period'),
  adCommandApi('/delete', 'ad.delete', 'Delete an ad'),
];
