import type { RetentionRule } from '../retention/index.ts';

/** When a device (a client id: a tab's page load) was last seen: its last push, pull or stream, else its first. */
const LAST_SEEN = 'greatest(d.last_push_at, d.last_pull_at, d.last_stream_at, d.first_seen_at)';

/**
 * Issue 32: a device not seen for `days` is forgotten: its sync row (`sync_clients`, one per page load of every
 * tab, which no one else removes) and what the operator console recorded of it (ops_devices, its deliveries and its
 * push attempts). A device with a command still waiting is never forgotten.
 *
 * Nothing of its queue is lost when it comes back: its settled commands stay in the command log, and a push from an
 * unknown client id registers it at the highest seq it ran (push-group.ts, lockClients), so its next command runs
 * as if the row had never gone.
 */
export const deviceRetention = (days: number): RetentionRule => ({
  name: 'devices',
  days,
  async purge(tx, keepDays, batch) {
    // Locked first (a push holds its clients' rows FOR UPDATE: those are skipped), then removed only if still nothing
    // of theirs is pending: the second statement sees every push that committed before the lock was taken.
    const candidates = await tx.query<{ client_id: string }>(
      `SELECT s.client_id FROM sync_clients s LEFT JOIN ops_devices d ON d.client_id = s.client_id
       WHERE coalesce(${LAST_SEEN}, s.created_at) < now() - make_interval(days => $1)
         AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.client_id = s.client_id AND c.status = 'pending')
       ORDER BY s.client_id LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
      [keepDays, batch],
    );
    const forgotten = await tx.query<{ client_id: string }>(
      `DELETE FROM sync_clients s WHERE s.client_id = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.client_id = s.client_id AND c.status = 'pending')
       RETURNING s.client_id`,
      [candidates.map((c) => c.client_id)],
    );
    // The console's record of devices not seen since (also of client ids that never pushed: pulls and streams).
    const unseen = await tx.query<{ client_id: string }>(
      `DELETE FROM ops_devices WHERE client_id IN (
         SELECT d.client_id FROM ops_devices d WHERE ${LAST_SEEN} < now() - make_interval(days => $1)
         ORDER BY d.client_id LIMIT $2)
       RETURNING client_id`,
      [keepDays, batch],
    );
    const ids = [...new Set([...forgotten, ...unseen].map((r) => r.client_id))];
    if (ids.length > 0) {
      await tx.query('DELETE FROM ops_deliveries WHERE client_id = ANY($1::text[])', [ids]);
      await tx.query(
        'DELETE FROM ops_push_attempts WHERE client_id = ANY($1::text[]) AND at < now() - make_interval(days => $2)',
        [ids, keepDays],
      );
    }
    return { removed: ids.length, more: candidates.length === batch || unseen.length === batch };
  },
});
