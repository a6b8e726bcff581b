import { AD_LIST_TOTAL_CAP } from '../../schema/ads/ad-list-total.ts';
import type { AdListQuery, AdListResult } from '../../schema/ads/ad-list.ts';
import { adCityKey, adTsQuery } from '../../schema/ads/ad-search-key.ts';
import type { PublicAd } from '../../schema/ads/ad.ts';
import type { Database, Sql, SqlParam } from '../store/database.ts';

/** Each sort is the order of a partial index of 012_ads.sql, so a page is the first rows of an index scan. */
const ORDER_BY: Readonly<Record<AdListQuery['sort'], string>> = {
  newest: 'published_at DESC, ad_id',
  // Negotiable ads have no price: after every priced one, either way.
  'price-asc': 'price_cents ASC NULLS LAST, ad_id',
  'price-desc': 'price_cents DESC NULLS LAST, ad_id',
};

/**
 * What the public list reads: published ads whose period has not run out at `now` (expiry is checked as it
 * reads, so an ad is never listed a moment past its time, whatever the sweep has done), narrowed by the filters
 * given, searched by the words of `q` in any script through the `search` column's GIN index. Only the filters given
 * are in the statement: a filter written as "$n IS NULL OR ..." would keep the planner from using an index for it.
 */
export const adListWhere = (query: AdListQuery, now: number): { where: string; params: SqlParam[] } => {
  const params: SqlParam[] = [now];
  const where = [`status = 'send'`, 'expires_at > $1'];
  const add = (condition: (n: string) => string, value: SqlParam) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  const words = query.q ? adTsQuery(query.q) : undefined;
  if (words) add((n) => `search @@ to_tsquery('simple', ${n})`, words);
  if (query.category) add((n) => `category = ${n}`, query.category);
  if (query.model) add((n) => `model = ${n}`, query.model);
  if (query.condition) add((n) => `condition = ${n}`, query.condition);
  if (query.priceMin !== undefined) add((n) => `price_cents >= ${n}`, query.priceMin);
  if (query.priceMax !== undefined) add((n) => `price_cents <= ${n}`, query.priceMax);
  if (query.city) add((n) => `city_key = ${n}`, adCityKey(query.city));
  return { where: where.join(' AND '), params };
};

/**
 * The page and the count, in the caller's transaction. `tag` is appended to each statement's text (a benchmark
 * runs the same statements planned another way). The count reads at most AD_LIST_TOTAL_CAP + 1 rows, and not at
 * all when the page shows every match already.
 */
export const readAdList = async (tx: Sql, query: AdListQuery, now: number, tag = ''): Promise<AdListResult> => {
  const { where, params } = adListWhere(query, now);
  const n = params.length;
  const rows = await tx.query<{ public_doc: PublicAd }>(
    `SELECT public_doc FROM ads WHERE ${where} ORDER BY ${ORDER_BY[query.sort]} LIMIT $${n + 1} OFFSET $${n + 2}${tag}`,
    [...params, query.size, query.from],
  );
  const items = rows.map((r) => r.public_doc);
  const whole = items.length > 0 && items.length < query.size;
  const counted = whole
    ? query.from + items.length
    : Number(
        (
          await tx.query<{ total: number }>(
            `SELECT count(*)::int AS total FROM (SELECT 1 FROM ads WHERE ${where} LIMIT $${n + 1}) AS m${tag}`,
            [...params, AD_LIST_TOTAL_CAP + 1],
          )
        )[0]?.total ?? 0,
      );
  const total = whole ? counted : Math.max(Math.min(counted, AD_LIST_TOTAL_CAP), query.from + items.length);
  return { items, total, start: query.from, perPage: query.size };
};

/**
 * `POST /api/sell/catalog`'s answer (the spec's search answer: items, total, start, perPage). In a transaction of
 * its own that plans with the query's values (`force_custom_plan`): PGlite plans every statement generically, and a
 * generic plan cannot tell a word on every third ad, where walking the sort's index and stopping at the page is
 * best, from a rare one, where the search index is.
 */
export const listPublicAds = (db: Database, query: AdListQuery, now: number): Promise<AdListResult> =>
  db.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
    return readAdList(tx, query, now);
  });

/** `POST /api/sell/single`: one published ad within its period, or undefined. */
export const publicAdById = async (sql: Sql, id: string, now: number): Promise<PublicAd | undefined> => {
  const [row] = await sql.query<{ public_doc: PublicAd }>(
    "SELECT public_doc FROM ads WHERE ad_id = $1::uuid AND status = 'send' AND expires_at > $2",
    [id, now],
  );
  return row?.public_doc;
};
