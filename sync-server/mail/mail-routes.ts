import { Router } from 'express';
import { z } from 'zod';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import { recordAudit } from '../ops/audit.ts';
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

const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();
const emptyBodySchema = z.object({}).strict();

interface OutboxState {
  id: number;
  sent: boolean;
  failed: boolean;
  attempts: number;
  secret: boolean;
}

const stateName = (row: OutboxState): 'sent' | 'failed' | 'unsent' =>
  row.sent ? 'sent' : row.failed ? 'failed' : 'unsent';

const STATE_FILTER = {
  unsent: 'sent_at IS NULL AND failed_at IS NULL',
  sent: 'sent_at IS NOT NULL',
  failed: 'failed_at IS NOT NULL',
} as const;

/**
 * GET /api/operator/mail: the store's mail folder, newest first (`?state=`, `limit`, `before`), for operators only.
 * Without SMTP_URL nothing is sent and this is where every mail waits; with it, what was sent, what waits for its
 * next try and why (`lastError`), and what was given up. A reset link's secret is never here (only its hash is kept).
 * POST /api/operator/mail/:id/resend (the `support` role) sends a mail again (see below). Reads need `viewer`.
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

  /**
   * Sends a mail again: a failed or waiting one is due now with its tries counted afresh (the same row, so the same
   * Message-ID); a sent one is copied to a new row (the first stays as the record of what was sent). A mail with a
   * single-use secret (a reset link) cannot be: only the secret's hash was kept (409; the shopper asks for a new
   * link). The answer is the outbox id that will be sent. Audited in the same transaction.
   */
  router.post('/:id/resend', requireRole(db, 'support'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    parseInput(emptyBodySchema, req.body, 'body');
    const resent = await db.transaction(async (tx) => {
      const [row] = await tx.query<OutboxState>(
        `SELECT id::int AS id, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, attempts,
           secret_hash IS NOT NULL AS secret
         FROM mail_outbox WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!row) throw new HttpProblem(404, `No mail ${id}`, 'id');
      if (row.secret)
        throw new HttpProblem(
          409,
          'This mail carried a single-use secret, which is not kept; it cannot be resent',
          'id',
        );
      let outboxId = row.id;
      if (row.sent) {
        const [copy] = await tx.query<{ id: number }>(
          `INSERT INTO mail_outbox (kind, to_address, subject, body)
           SELECT kind, to_address, subject, body FROM mail_outbox WHERE id = $1 RETURNING id::int AS id`,
          [id],
        );
        outboxId = copy!.id;
      } else {
        await tx.query(`UPDATE mail_outbox SET attempts = 0, failed_at = NULL, next_attempt_at = now() WHERE id = $1`, [
          id,
        ]);
      }
      await recordAudit(tx, operatorOf(req), {
        action: 'mail.resend',
        target: `mail:${id}`,
        before: { state: stateName(row), attempts: row.attempts },
        after: { state: 'unsent', outboxId },
      });
      return { outboxId };
    });
    ok(res, resent);
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
  {
    method: 'post',
    path: '/api/operator/mail/:id/resend',
    summary: 'Send a mail again (a sent one is copied to a new row); audited',
    access: 'support',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: {
      ...okAnswer('The outbox id that will be sent', z.object({ outboxId: z.number().int() })),
      404: { description: 'No such mail' },
      409: { description: 'The mail carried a single-use secret (a reset link), which is not kept' },
    },
  },
];
