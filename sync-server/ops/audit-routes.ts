import { Router } from 'express';
import { z } from 'zod';
import { auditQuerySchema } from '../../schema/ops/audit.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { auditPage } from './audit-log.ts';

/**
 * GET /api/ops/audit (viewer): the operators' audit log, newest first, keyset-paged (`?before=<id>&limit=`) and
 * filtered by actor, action, target and time (schema/ops/audit.ts).
 */
export const auditRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/audit', authenticate(db), requireRole(db, 'viewer'), async (req, res) => {
    ok(res, await auditPage(db, parseInput(auditQuerySchema, req.query, 'query')));
  });
  return router;
};

export const auditApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/audit',
    summary: "The operators' audit log, newest first, keyset-paged (`before`), by actor, action, target and time",
    access: 'viewer',
    request: { query: auditQuerySchema },
    responses: okAnswer(
      'A page and the id to page on from (null at the end)',
      z.object({
        items: z.array(jsonObject('id, at, actorOwner, actorEmail, actorRole, action, target, before, after')),
        next: z.number().int().nullable(),
      }),
    ),
  },
];
