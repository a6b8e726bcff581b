import type { Review } from '../../schema/catalog/content.ts';
import { CATALOG_ENTRIES } from '../catalog/catalog-tables.ts';
import type { Operator } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { recordAudit } from '../ops/audit.ts';
import { REVIEW_APPROVED, REVIEW_PENDING, REVIEW_REFUSED } from '../messages/message-store.ts';
import type { Database, Sql } from '../store/database.ts';
import { notifyChanges, PUBLIC_OWNER, reserveServerSeqs } from '../store/server-seq.ts';

export type ModerationDecision = 'approve' | 'refuse';

export interface PendingReview {
  review: Review;
  sku: string | null;
}

/** A review's status as the audit log names it. */
const statusName = (status: number): string =>
  status === REVIEW_APPROVED
    ? 'approved'
    : status === REVIEW_REFUSED
      ? 'refused'
      : status === REVIEW_PENDING
        ? 'pending'
        : String(status);

/** Reviews waiting for an operator, oldest first (the order they were written in). */
export const pendingReviews = async (sql: Sql, limit: number, after = 0): Promise<PendingReview[]> => {
  const rows = await sql.query<{ doc: Review; sku: string | null }>(
    'SELECT doc, sku FROM reviews WHERE review_status = $1 AND id > $2 ORDER BY id LIMIT $3',
    [REVIEW_PENDING, after, limit],
  );
  return rows.map((r) => ({ review: r.doc, sku: r.sku }));
};

/**
 * An operator's decision on a pending review. Approving makes it public: it takes a new server sequence (last in
 * the transaction, as every replicated write does) and is announced on the catalogue's collections, so open
 * product pages get it live and its rating counts from then on. Refusing keeps it out of every list. The same
 * decision twice answers the review as it is (a retried call); a decided review cannot be decided otherwise (409).
 * The operator's audit line (with the refusal's reason, which only the audit keeps) is written in the same
 * transaction; a retried call that changes nothing writes none.
 */
export const decideReview = async (
  db: Database,
  id: number,
  decision: ModerationDecision,
  operator: Operator,
  reason?: string,
): Promise<Review> =>
  db.transaction(async (tx) => {
    const [row] = await tx.query<{ doc: Review; review_status: number }>(
      'SELECT doc, review_status::int AS review_status FROM reviews WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) throw new HttpProblem(404, `No review ${id}`, 'id');
    const target = decision === 'approve' ? REVIEW_APPROVED : REVIEW_REFUSED;
    if (row.review_status === target) return row.doc;
    if (row.review_status !== REVIEW_PENDING) throw new HttpProblem(409, `Review ${id} has been decided already`, 'id');
    const doc: Review = { ...row.doc, review_status: target };
    await recordAudit(tx, operator, {
      action: `review.${decision}`,
      target: `review:${id}`,
      before: { status: statusName(row.review_status) },
      after: { status: statusName(target), ...(reason === undefined ? {} : { reason }) },
    });
    if (target === REVIEW_REFUSED) {
      await tx.query('UPDATE reviews SET review_status = $2, doc = $3 WHERE id = $1', [
        id,
        target,
        JSON.stringify(doc),
      ]);
      return doc;
    }
    const seq = await reserveServerSeqs(tx, 1);
    await tx.query('UPDATE reviews SET review_status = $2, doc = $3, server_seq = $4 WHERE id = $1', [
      id,
      target,
      JSON.stringify(doc),
      seq,
    ]);
    await notifyChanges(tx, [PUBLIC_OWNER], ['reviews', CATALOG_ENTRIES]);
    return doc;
  });
