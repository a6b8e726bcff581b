import { Router } from 'express';
import { searchQuerySchema } from '../../../schema/search/query.ts';
import type { SearchEngine } from '../../../schema/search/search-engine.ts';
import { ok, parseInput } from '../../http/respond.ts';

/**
 * POST /api/catalog/search: the search query model (schema/search/query.ts) as the JSON body; the result is
 * the engine's (items, total, start, perPage, aggregations). Category listings and text search alike.
 */
export const searchRoutes = (search: SearchEngine): Router => {
  const router = Router();
  router.post('/catalog/search', async (req, res) => {
    const query = parseInput(searchQuerySchema, req.body, 'body');
    ok(res, await search.search(query));
  });
  return router;
};
