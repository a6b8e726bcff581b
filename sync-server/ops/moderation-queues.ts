import type { Review } from '../../schema/catalog/content.ts';
import { adQueueCursorOf, parseAdQueueCursor, type DecideOutcome, type QueuePage } from '../../schema/ops/queues.ts';
import { adsWithOwnerContent, type ModeratedAd } from '../ads/ad-moderation.ts';
import { HttpProblem } from '../http/problem.ts';
import { log } from '../observability/logger.ts';
import { REVIEW_PENDING } from '../messages/message-store.ts';
import type { Sql } from '../store/database.ts';

/** Ads that wait for a decision: new ones, and those an operator took for review. */
const WAITING_ADS = "status IN ('pending', 'process')";

/**
 * A page of the ads queue, oldest change first, by (updated_at, ad_id) after the cursor: one more row than asked
 * is read to know whether a next page exists. Each ad comes with its owner's content (the owner's document).
 */
export const adQueuePage = async (
  sql: Sql,
  { after, limit }: { after?: string | undefined; limit: number },
): Promise<QueuePage<ModeratedAd>> => {
  const from = after === undefined ? undefined : parseAdQueueCursor(after);
  const rows = await sql.query<{ id: string; owner: string; updated_at: number }>(
    `SELECT ad_id::text AS id, owner, updated_at FROM ads
     WHERE ${WAITING_ADS} ${from ? 'AND (updated_at, ad_id) > ($2, $3::uuid)' : ''}
     ORDER BY updated_at, ad_id LIMIT $1`,
    from ? [limit + 1, from.updatedAt, from.adId] : [limit + 1],
  );
  const [{ total } = { total: 0 }] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ads WHERE ${WAITING_ADS}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await adsWithOwnerContent(sql, page),
    next: rows.length > limit && last ? adQueueCursorOf(last.updated_at, last.id) : null,
    total,
  };
};

/** A review waiting for a decision, with its id (the queue's cursor) and the product's sku. */
export interface QueuedReview {
  id: number;
  review: Review;
  sku: string | null;
}

/** A page of the reviews queue, in the order they were written (by id), after the cursor. */
export const reviewQueuePage = async (
  sql: Sql,
  { after, limit }: { after?: string | undefined; limit: number },
): Promise<QueuePage<QueuedReview>> => {
  const rows = await sql.query<{ id: number; doc: Review; sku: string | null }>(
    'SELECT id, doc, sku FROM reviews WHERE review_status = $1 AND id > $2 ORDER BY id LIMIT $3',
    [REVIEW_PENDING, after === undefined ? 0 : Number(after), limit + 1],
  );
  const [{ total } = { total: 0 }] = await sql.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM reviews WHERE review_status = $1',
    [REVIEW_PENDING],
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({ id: r.id, review: r.doc, sku: r.sku })),
    next: rows.length > limit ? String(page.at(-1)!.id) : null,
    total,
  };
};

/**
 * A bulk decision: each id decided by `decideOne` (the single call's own path, its own transaction, its own audit
 * line), one after the other, so one that cannot be decided (already decided, unknown) is reported and the rest
 * go on.
 */
export const decideEach = async <Id>(
  ids: readonly Id[],
  decideOne: (id: Id) => Promise<unknown>,
): Promise<DecideOutcome<Id>[]> => {
  const outcomes: DecideOutcome<Id>[] = [];
  for (const id of new Set(ids)) {
    try {
      await decideOne(id);
      outcomes.push({ id, ok: true });
    } catch (error) {
      if (error instanceof HttpProblem) {
        outcomes.push({ id, ok: false, status: error.status, error: error.message });
        continue;
      }
      log.error({ err: error }, 'a queue decision failed unexpectedly');
      outcomes.push({ id, ok: false, status: 500, error: 'Internal server error' });
    }
  }
  return outcomes;
};
