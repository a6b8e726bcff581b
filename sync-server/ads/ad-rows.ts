import { adCityKey, adSearchText } from '../../schema/ads/ad-search-key.ts';
import type { OwnAd, PublicAd } from '../../schema/ads/ad.ts';
import type { Sql } from '../store/database.ts';

/**
 * The `ads` table (the account history's, 004 and 012): a row per ad ever saved, beside the owners' documents, for
 * what a document cannot answer (the public list, the operator's queue, who holds an id). Written in the same
 * transaction as the document, from it. `doc` is the ad as its owner sees it (GET /api/user/ads-history reads it).
 *
 * A deleted ad keeps its row, so its id stays taken, under the owner `deleted:<owner>` with no content: the
 * history (which reads by owner) no longer lists it, and nobody can take its id.
 */

export interface AdHolder {
  id: string;
  owner: string;
  deleted: boolean;
}

const DELETED = 'deleted:';

/** Who holds these ids, and whether they deleted it. */
export const adHolders = async (sql: Sql, ids: readonly string[]): Promise<Map<string, AdHolder>> => {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{ id: string; owner: string }>(
    'SELECT ad_id::text AS id, owner FROM ads WHERE ad_id = ANY($1::uuid[])',
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map(({ id, owner }) => {
      const deleted = owner.startsWith(DELETED);
      return [id, { id, owner: deleted ? owner.slice(DELETED.length) : owner, deleted }];
    }),
  );
};

/** What anyone may read of a published ad: no owner id, nothing of the review. */
export const publicAdOf = (ad: OwnAd): PublicAd => ({
  id: ad.id,
  title: ad.title,
  description: ad.description,
  category: ad.category,
  ...(ad.model === undefined ? {} : { model: ad.model }),
  condition: ad.condition,
  price: ad.price,
  city: ad.city,
  photos: ad.photos,
  contact: ad.contact,
  // Published when an operator approved it (a renewal keeps it: see writeAdRows).
  publishedAt: ad.updatedAt,
  expiresAt: ad.expiresAt ?? ad.updatedAt,
});

const rowOf = (owner: string, ad: OwnAd) => {
  const published = ad.status === 'send';
  return {
    id: ad.id,
    owner,
    doc: ad,
    created_ms: ad.createdAt,
    status: ad.status,
    category: ad.category,
    model: ad.model ?? null,
    condition: ad.condition,
    price_cents: ad.price.kind === 'fixed' ? ad.price.cents : null,
    city_key: adCityKey(ad.city),
    published_at: published ? ad.updatedAt : null,
    expires_at: ad.expiresAt ?? null,
    updated_at: ad.updatedAt,
    search_text: adSearchText(ad),
    public_doc: published ? publicAdOf(ad) : null,
  };
};

/**
 * Writes the rows of saved ads (insert or update; a row never moves to another owner: the rules refused that, and
 * the WHERE keeps it so) and marks deleted ones, keeping their ids taken.
 */
export const writeAdRows = async (
  tx: Sql,
  owner: string,
  saved: readonly OwnAd[],
  deleted: readonly string[],
  now: number,
): Promise<void> => {
  if (saved.length > 0) {
    const written = await tx.query(
      `INSERT INTO ads (ad_id, owner, doc, created_at, status, category, model, condition, price_cents, city_key,
                        published_at, expires_at, updated_at, search, public_doc)
       SELECT r.id::uuid, r.owner, r.doc, to_timestamp(r.created_ms / 1000.0), r.status, r.category, r.model,
              r.condition, r.price_cents, r.city_key, r.published_at, r.expires_at, r.updated_at,
              to_tsvector('simple', r.search_text), r.public_doc
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, owner text, doc jsonb, created_ms bigint, status text,
            category text, model text, condition text, price_cents bigint, city_key text, published_at bigint,
            expires_at bigint, updated_at bigint, search_text text, public_doc jsonb)
       ON CONFLICT (ad_id) DO UPDATE SET
         doc = excluded.doc, status = excluded.status, category = excluded.category, model = excluded.model,
         condition = excluded.condition, price_cents = excluded.price_cents, city_key = excluded.city_key,
         -- A renewal (published before and still) keeps when it was first published; a publication after a review
         -- or after running out starts again.
         published_at = CASE WHEN excluded.published_at IS NOT NULL AND ads.status = 'send'
                             THEN ads.published_at ELSE excluded.published_at END,
         expires_at = excluded.expires_at, updated_at = excluded.updated_at, search = excluded.search,
         public_doc = CASE WHEN excluded.public_doc IS NOT NULL AND ads.status = 'send'
                           THEN jsonb_set(excluded.public_doc, '{publishedAt}', to_jsonb(ads.published_at))
                           ELSE excluded.public_doc END
       WHERE ads.owner = excluded.owner
       RETURNING ad_id`,
      [JSON.stringify(saved.map((ad) => rowOf(owner, ad)))],
    );
    // Another owner's transaction took a new id between this batch's read and now (two devices cannot make one
    // UUID; a client that copies one can): roll back, and the batch's retry refuses it as not found.
    if (written.length !== saved.length) throw new Error('an ad id was taken by another owner meanwhile');
  }
  if (deleted.length > 0) {
    await tx.query(
      `UPDATE ads SET owner = $4, doc = jsonb_build_object('id', ad_id::text, 'status', 'deleted'), status = 'deleted',
              category = NULL, model = NULL, condition = NULL, price_cents = NULL, city_key = NULL,
              published_at = NULL, expires_at = NULL, search = NULL, public_doc = NULL, updated_at = $3
       WHERE owner = $1 AND ad_id = ANY($2::uuid[])`,
      [owner, [...deleted], now, `${DELETED}${owner}`],
    );
  }
};

/** A login's merge: these ads of the guest become the user's (a deleted one's id stays taken, under the user). */
export const moveAdRows = async (tx: Sql, guest: string, user: string, ids: readonly string[]): Promise<void> => {
  if (ids.length > 0)
    await tx.query('UPDATE ads SET owner = $2 WHERE owner = $1 AND ad_id = ANY($3::uuid[])', [guest, user, [...ids]]);
  await tx.query('UPDATE ads SET owner = $2 WHERE owner = $1', [`${DELETED}${guest}`, `${DELETED}${user}`]);
};
