import type { Review } from '../../schema/catalog/content.ts';
import type { Sql } from '../store/database.ts';

/** Review statuses (Magento's values, as the catalogue's reviews table keeps them). */
export const REVIEW_APPROVED = 1;
export const REVIEW_PENDING = 2;
export const REVIEW_REFUSED = 3;

/** The product a sku belongs to (a variant's sku gives its parent: reviews are of the product page's product). */
export const productIdsBySku = async (tx: Sql, skus: readonly string[]): Promise<Map<string, number>> => {
  if (skus.length === 0) return new Map();
  const rows = await tx.query<{ sku: string; id: number }>(
    `SELECT s.sku, p.id FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku
     WHERE s.sku = ANY($1::text[])`,
    [[...new Set(skus)]],
  );
  return new Map(rows.map((r) => [r.sku, Number(r.id)]));
};

/**
 * The products' names by sku, for the mails (a shopper and the shop read a name, not a sku): a sku's own row when
 * the catalogue has one (a variant sold on its own), else its parent's. A sku not in the catalogue is left out.
 */
export const productNamesBySku = async (tx: Sql, skus: readonly string[]): Promise<Map<string, string>> => {
  if (skus.length === 0) return new Map();
  const rows = await tx.query<{ sku: string; name: string }>(
    `SELECT DISTINCT ON (s.sku) s.sku, p.name FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku
     WHERE s.sku = ANY($1::text[]) ORDER BY s.sku, (p.sku = s.sku) DESC`,
    [[...new Set(skus)]],
  );
  return new Map(rows.map((r) => [r.sku, r.name]));
};

/** The products each owner has reviewed, whatever the review's status (one review per user and product). */
export const reviewedProducts = async (tx: Sql, owners: readonly string[]): Promise<Map<string, Set<number>>> => {
  const byOwner = new Map<string, Set<number>>(owners.map((o) => [o, new Set<number>()]));
  if (owners.length === 0) return byOwner;
  const rows = await tx.query<{ owner: string; product_id: number }>(
    'SELECT owner, product_id FROM reviews WHERE owner = ANY($1::text[])',
    [[...new Set(owners)]],
  );
  for (const row of rows) byOwner.get(row.owner)?.add(Number(row.product_id));
  return byOwner;
};

/** Ids for the batch's new reviews, taken up front (an id a refused review leaves unused is a harmless gap). */
export const newReviewIds = async (tx: Sql, count: number): Promise<number[]> => {
  if (count === 0) return [];
  const rows = await tx.query<{ id: number }>(
    "SELECT nextval('shopper_review_ids')::bigint AS id FROM generate_series(1, $1::int)",
    [count],
  );
  return rows.map((r) => Number(r.id));
};

export interface NewReview {
  review: Review;
  owner: string;
  sku: string;
  commandId: string;
}

/**
 * Stores pending reviews. They are not replicated until approved (the catalogue's pull takes review_status 1
 * only), so they take no server sequence now: approving gives them one (review-moderation.ts).
 */
export const insertReviews = async (tx: Sql, reviews: readonly NewReview[]): Promise<void> => {
  if (reviews.length === 0) return;
  await tx.query(
    `INSERT INTO reviews (id, product_id, review_status, doc, server_seq, owner, sku, command_id)
     SELECT v.id, v.product_id, v.review_status, v.doc, 0, v.owner, v.sku, v.command_id
     FROM jsonb_to_recordset($1::jsonb)
       AS v(id bigint, product_id bigint, review_status bigint, doc jsonb, owner text, sku text, command_id text)`,
    [
      JSON.stringify(
        reviews.map((r) => ({
          id: r.review.id,
          product_id: r.review.product_id,
          review_status: r.review.review_status,
          doc: r.review,
          owner: r.owner,
          sku: r.sku,
          command_id: r.commandId,
        })),
      ),
    ],
  );
};
