import { Router } from 'express';
import { statsQuerySchema, statsResponseSchema } from '../../schema/ops/stats.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { commandStats } from './stats-query.ts';
import { DEVICE_TO_DEVICE_SAMPLE } from './stats-sampling.ts';

/**
 * GET /api/ops/stats?range=hour|day|week&buckets=n: the console's health charts and sync lag (any operator).
 * Guarded per route, so the other /api/ops routers mounted beside it are reached untouched.
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
    description:
      'Per bucket (by when the server received each command): commands by type and outcome, failures, p50/p95 ' +
      'execution time, and p50/p95 device-to-device latency, from the server receiving a command to its outcome ' +
      "reaching each of the owner's other devices (server clock at both ends; a random sample of commands past " +
      `${DEVICE_TO_DEVICE_SAMPLE.toLocaleString('en-US')} in the range, \`deviceToDeviceSampleEvery\` saying one in ` +
      'how many). Over the range: how long commands waited offline. Now: the executor backlog, and the sync lag of ' +
      'the devices seen in the range (a histogram of how long each has missed an outcome, and the devices behind ' +
      'the longest with their outcomes missing).',
    request: { query: statsQuerySchema },
    responses: okAnswer('The series', statsResponseSchema),
  },
];
