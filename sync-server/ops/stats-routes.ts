import { Router } from 'express';
import { statsQuerySchema, statsResponseSchema } from '../../schema/ops/stats.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { commandStats } from './stats-query.ts';

/**
 * GET /api/ops/stats?range=hour|day|week&buckets=n: the console's health charts (any operator). Guarded per route,
 * so the other /api/ops routers mounted beside it are reached untouched.
 */
export const opsStatsRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/stats', authenticate(db), requireRole(db, 'viewer'), async (req, res) => {
    const query = parseInput(statsQuerySchema, req.query, 'query');
    res.set('cache-control', 'no-store');
    ok(res, await commandStats(db, query));
  });
  return router;
};

export const statsApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/stats',
    summary: "The console's health charts over an hour, a day or a week, in `buckets` steps",
    access: 'viewer',
    request: { query: statsQuerySchema },
    responses: okAnswer('The series', statsResponseSchema),
  },
];
