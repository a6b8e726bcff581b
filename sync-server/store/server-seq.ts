import type { Sql } from './database.ts';

/**
 * Reserves `count` consecutive server sequence numbers and returns the first. Call it last in a
 * transaction, just before COMMIT: the counter row stays locked until then, so a transaction that
 * reserves later also commits later and sequence order equals commit order.
 */
export const reserveServerSeqs = async (tx: Sql, count: number): Promise<number> => {
  const [row] = await tx.query<{ value: number }>(
    'UPDATE sync_counter SET value = value + $1 WHERE id = 1 RETURNING value',
    [count],
  );
  if (!row) throw new Error('sync_counter row is missing: migrations did not run');
  return row.value - count + 1;
};

/** The channel on which every committed change is announced, with the owners it touched. */
export const CHANGES_CHANNEL = 'sync_changes';
/** The channel that wakes executors when commands arrive. */
export const WORK_CHANNEL = 'sync_work';
/** The owner whose changes every client receives (the catalogue). */
export const PUBLIC_OWNER = '*';

/** What a committed transaction changed: for whom, and in which replicated collections. */
export interface ChangeNotice {
  owners: string[];
  collections: string[];
  /**
   * Where the writer knows it: per collection, the highest server_seq it wrote. A stream already past
   * it (fed by this process directly, see ChangeStreams.publish) skips reading the change again.
   */
  seqs?: Record<string, number>;
}

/** Announces a change; NOTIFY inside a transaction is delivered when (and only if) it commits. */
export const notifyChanges = async (
  tx: Sql,
  owners: readonly string[],
  collections: readonly string[],
  seqs?: Record<string, number>,
): Promise<void> => {
  const notice: ChangeNotice = {
    owners: [...new Set(owners)],
    collections: [...new Set(collections)],
    ...(seqs ? { seqs } : {}),
  };
  await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(notice)]);
};
