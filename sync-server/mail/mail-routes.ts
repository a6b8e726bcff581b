import { Router } from 'express';
import { z } from 'zod';
import { authenticate } from '../http/auth.ts';
import { requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

const listQuerySchema = z
  .object({
    /** unsent: waiting or being retried; failed: given up; sent. */
    state: z.enum(['unsent', 'sent', 'failed']).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Rows older than this id (the next page). */
    before: z.coerce.number().int().min(1).optional(),
  })
  .strict();

const STATE_FILTER = {
  unsent: 'sent_at IS NULL AND failed_at IS NULL',
  sent: 'sent_at IS NOT NULL',
  failed: 'failed_at IS NOT NULL',
} as const;

/**
 * GET /api/operator/mail: the store's mail folder, newest first (`?state=`, `limit`, `before`), for operators only.
 * Without SMTP_URL nothing is sent and this is where every mail waits; with it, what was sent, what waits for its
 * next try and why (`lastError`), and what was given up. A reset link's secret is never here (only its hash is kept).
 */
export const mailRoutes = (db: Database): Router => {
  const router = Router();
  router.use(authenticate(db), requireRole(db, 'viewer'));
  router.get('/', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    const where = [query.state ? STATE_FILTER[query.state] : 'TRUE', query.before ? 'id < $2' : 'TRUE'].join(' AND ');
    const rows = await db.query<Record<string, unknown>>(
      `SELECT id::int AS id, kind, to_address AS "to", subject, body, created_at AS "createdAt", sent_at AS "sentAt",
         attempts, next_attempt_at AS "nextAttemptAt", last_error AS "lastError", failed_at AS "failedAt"
       FROM mail_outbox WHERE ${where} ORDER BY id DESC LIMIT $1`,
      query.before ? [query.limit, query.before] : [query.limit],
    );
    ok(res, rows);
  });
  return router;
};

export const mailApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/operator/mail',
    summary: 'The mail outbox, newest first, by state (`before` pages on)',
    access: 'viewer',
    request: { query: listQuerySchema },
    responses: okAnswer('Mails', z.array(jsonObject('id, kind, to, subject, attempts, lastError...'))),
  },
];
