import { Router } from 'express';
import { z } from 'zod';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { ok } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import type { RetentionRule } from './retention-rule.ts';

/** Runs the console lists: the latest first. */
const RUNS_SHOWN = 10;

interface RunRow {
  id: number;
  started_at: Date;
  finished_at: Date | null;
  counts: Record<string, { removed: number; days: number }>;
  error: string | null;
}

/**
 * GET /api/ops/retention (viewer): what the store forgets and after how long (each rule and its period), and its
 * last runs with what each rule removed: the operators' answer to "is the retention running, and what did it do".
 */
export const retentionRoutes = (db: Database, rules: readonly RetentionRule[]): Router => {
  const router = Router();
  router.get('/retention', authenticate(db), requireRole(db, 'viewer'), async (_req, res) => {
    const runs = await db.query<RunRow>(
      'SELECT id::int AS id, started_at, finished_at, counts, error FROM retention_runs ORDER BY id DESC LIMIT $1',
      [RUNS_SHOWN],
    );
    ok(res, {
      rules: rules.map(({ name, days }) => ({ name, days })),
      runs: runs.map((run) => ({
        id: run.id,
        startedAt: run.started_at.getTime(),
        finishedAt: run.finished_at?.getTime() ?? null,
        counts: run.counts,
        error: run.error,
      })),
    });
  });
  return router;
};

export const retentionApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/retention',
    summary: 'What the store forgets and after how many days, and its last retention runs with what each removed',
    access: 'viewer',
    responses: okAnswer(
      'The rules and the last runs, newest first',
      z.object({
        rules: z.array(z.object({ name: z.string(), days: z.number().int() })),
        runs: z.array(jsonObject('id, startedAt, finishedAt (null while running), counts per rule, error')),
      }),
    ),
  },
];
