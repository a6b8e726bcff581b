import { Router } from 'express';
import { NOT_LOGGED_IN_GROUP } from '../../../schema/catalog/rules/tier-price.ts';
import { searchQuerySchema } from '../../../schema/search/query.ts';
import type { SearchEngine } from '../../../schema/search/search-engine.ts';
import { bearerToken, principalOfToken } from '../../http/auth.ts';
import { ok, parseInput } from '../../http/respond.ts';
import type { Database } from '../../store/database.ts';
import { okAnswer, jsonObject, type ApiRoute } from '../../http/api-description.ts';

/**
 * POST /api/catalog/search: the search query model (schema/search/query.ts) as the JSON body; the result is
 * the engine's (items, total, start, perPage, aggregations). Category listings and text search alike.
 *
 * Price tiers (spec: "the user's group id and group token accompany product searches"): the client sends its
 * group as `customerGroupId` and its token as the bearer, but the group prices are sorted, filtered and bucketed
 * by are the token's. A user's token gives the user's group as the server knows it now; a guest's token, no token
 * or a token that no longer works gives guests' (0). A claimed group is never trusted: it is replaced, not
 * refused, because a device's copy of its group is stale right after an operator moves the user, and the search
 * should go on working with the right prices rather than fail.
 */
export const searchRoutes = (search: SearchEngine, db: Database): Router => {
  const router = Router();
  router.post('/catalog/search', async (req, res) => {
    const claimed = parseInput(searchQuerySchema, req.body, 'body');
    const principal = await principalOfToken(db, bearerToken(req));
    const customerGroupId = principal?.kind === 'user' ? principal.groupId : NOT_LOGGED_IN_GROUP;
    ok(res, await search.search({ ...claimed, customerGroupId }));
  });
  return router;
};

export const searchApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/catalog/search',
    summary: 'Product search and listings (prices of the caller’s customer group when a token is sent)',
    access: 'public',
    request: { body: searchQuerySchema },
    responses: okAnswer('Hits, total and aggregations', jsonObject('The search result (schema/search)')),
  },
];
