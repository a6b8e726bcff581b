import type { Sql } from '../store/database.ts';

/**
 * Who builds the Elasticsearch index (issue 31): one holder at a time across instances and the ops command line,
 * through a lease row in `catalog_settings` claimed with a conditional write. A row rather than an advisory lock
 * because a rebuild runs for minutes on a catalogue of 20,000 products, and an advisory lock would hold a
 * pooled connection (a session lock) or a transaction (an xact lock) open all that time, and PGlite's one
 * session has neither to spare; the row works the same on both stores. A holder that dies leaves the lease to
 * expire: another takes it over after `ttlMs`. The holder renews it as it builds.
 *
 * It can move onto the shared single-holder runner (sync-server/cluster/, issue 31's leader lock) once that
 * exists: a rebuild is one more job held by one instance.
 */

const keyOf = (alias: string): string => `search_rebuild:${alias}`;
/** The database's clock, epoch ms: one clock for every instance, whatever theirs say. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

export const REBUILD_LEASE_TTL_MS = 60_000;

export interface RebuildLease {
  readonly holder: string;
  /** Extends the lease; false when it was lost (expired and taken over): the build must stop. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/** The lease for `holder`, or undefined while another holds it and it has not expired. */
export const claimRebuildLease = async (
  sql: Sql,
  alias: string,
  holder: string,
  ttlMs: number = REBUILD_LEASE_TTL_MS,
): Promise<RebuildLease | undefined> => {
  const claimed = await sql.query(
    `INSERT INTO catalog_settings (key, value)
     VALUES ($1, jsonb_build_object('holder', $2::text, 'until', ${NOW_MS} + $3::bigint))
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
     WHERE catalog_settings.value->>'holder' = $2::text OR (catalog_settings.value->>'until')::bigint < ${NOW_MS}
     RETURNING key`,
    [keyOf(alias), holder, ttlMs],
  );
  if (claimed.length === 0) return undefined;
  return {
    holder,
    async renew() {
      const renewed = await sql.query(
        `UPDATE catalog_settings SET value = jsonb_set(value, '{until}', to_jsonb(${NOW_MS} + $3::bigint))
         WHERE key = $1 AND value->>'holder' = $2::text
         RETURNING key`,
        [keyOf(alias), holder, ttlMs],
      );
      return renewed.length > 0;
    },
    async release() {
      await sql.query(`DELETE FROM catalog_settings WHERE key = $1 AND value->>'holder' = $2::text`, [
        keyOf(alias),
        holder,
      ]);
    },
  };
};

/** Who holds the lease now, for an operator's message; undefined when nobody (or it expired). */
export const rebuildLeaseHolder = async (sql: Sql, alias: string): Promise<string | undefined> => {
  const [row] = await sql.query<{ holder: string }>(
    `SELECT value->>'holder' AS holder FROM catalog_settings
     WHERE key = $1 AND (value->>'until')::bigint >= ${NOW_MS}`,
    [keyOf(alias)],
  );
  return row?.holder;
};
