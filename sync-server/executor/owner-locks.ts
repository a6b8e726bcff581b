import type { Sql } from '../store/database.ts';

/**
 * An owner's lock: held by every transaction that settles the owner's commands or rewrites the owner's read
 * models at a login, until it ends. Two such transactions of one owner never interleave, whichever features
 * (and so whichever read model rows) they touch; the live stream's LocalChange relies on that, since its `after`
 * (the owner's latest outcome before the write) must not move under a transaction meanwhile.
 *
 * A transaction-scoped advisory lock on the owner's id: nothing to store, released at COMMIT or ROLLBACK. Owners
 * are locked in key order, and always after the clients' rows and before any read model's row, so two
 * transactions never wait for each other in a circle.
 */
/** The SQL of one owner's lock key, for a statement that takes the lock on its way (push-commands.ts). */
export const ownerLockKeySql = (param: string): string => `hashtextextended(${param}::text, 0)`;

export const lockOwners = async (tx: Sql, owners: readonly string[]): Promise<void> => {
  const unique = [...new Set(owners)];
  if (unique.length === 0) return;
  await tx.query(
    // The keys sorted in a subquery (OFFSET 0 keeps it one), then locked one by one in that order.
    `SELECT pg_advisory_xact_lock(k)
     FROM (SELECT DISTINCT ${ownerLockKeySql('o')} AS k FROM unnest($1::text[]) AS o ORDER BY k OFFSET 0) AS keys`,
    [unique],
  );
};
