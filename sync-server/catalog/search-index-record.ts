import { z } from 'zod';
import type { Sql } from '../store/database.ts';

/**
 * What the store knows of the Elasticsearch index (issue 31): the physical index the last rebuild built and
 * swapped in, and the catalogue version it holds (the highest `catalog_products.server_seq` written into it). An
 * instance starting finds the alias on that index and only catches up from that version, so no instance
 * re-indexes the catalogue when it starts. One row of `catalog_settings` per alias.
 */

const keyOf = (alias: string): string => `search_index:${alias}`;

/** The row's value: read back from the store, checked as any boundary. */
const searchIndexRecordSchema = z.object({
  index: z.string().min(1),
  seq: z.number().int().nonnegative(),
  builtAt: z.string(),
});
export type SearchIndexRecord = z.infer<typeof searchIndexRecordSchema>;

/** The record of `alias`; undefined when none was made (or it is unreadable: a rebuild makes it again). */
export const readSearchIndexRecord = async (sql: Sql, alias: string): Promise<SearchIndexRecord | undefined> => {
  const [row] = await sql.query<{ value: unknown }>('SELECT value FROM catalog_settings WHERE key = $1', [
    keyOf(alias),
  ]);
  const parsed = searchIndexRecordSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : undefined;
};

/** A rebuild's record: the index now behind the alias and the version it holds. */
export const writeSearchIndexRecord = async (sql: Sql, alias: string, record: SearchIndexRecord): Promise<void> => {
  await sql.query(
    `INSERT INTO catalog_settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [keyOf(alias), JSON.stringify(searchIndexRecordSchema.parse(record))],
  );
};

/**
 * An instance indexed the catalogue's changes up to `seq` through the alias: the version moves forward, never
 * back (instances following the same changes write it in any order). Written through the alias, so into the
 * recorded index or one a rebuild swapped in and whose record it will write itself, from a version at least
 * this one (search-rebuild.ts catches up after its swap before writing it).
 */
export const advanceSearchIndexRecord = async (sql: Sql, alias: string, seq: number): Promise<void> => {
  await sql.query(
    `UPDATE catalog_settings SET value = jsonb_set(value, '{seq}', to_jsonb($2::bigint))
     WHERE key = $1 AND (value->>'seq')::bigint < $2::bigint`,
    [keyOf(alias), seq],
  );
};
