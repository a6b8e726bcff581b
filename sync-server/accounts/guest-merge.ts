import { lockOwners } from '../executor/owner-locks.ts';
import { writeOwnerDocuments } from '../features/owner-documents.ts';
import { serverFeatures } from '../features/registry.ts';
import type { Sql } from '../store/database.ts';

/**
 * Logging in on a device that shopped as a guest: the guest's read models (each feature's), commands
 * and devices become the user's, in the login's transaction and at most once per guest.
 * - The guest's client rows are locked first, as a push locks them: a push of the guest's commands either
 *   committed before (its effects are in the guest's read models merged here) or runs after and finds the merge
 *   (push-commands.ts then executes it for the user).
 * - Then both owners' locks, as every transaction that settles their commands takes them (executor/owner-locks.ts).
 * - Each registered feature joins the guest's read models to the user's (ServerFeature.mergeGuest).
 * - The guest's commands, pending ones included, are re-owned: whatever runs later runs for the user.
 * Returns false when this guest was merged before (into this user or another): nothing changes then.
 */
export const mergeGuestInto = async (tx: Sql, guest: string, user: string, now = Date.now()): Promise<boolean> => {
  await tx.query('SELECT client_id FROM sync_clients WHERE principal = ANY($1) ORDER BY client_id FOR UPDATE', [
    [guest, user],
  ]);
  const [first] = await tx.query(
    'INSERT INTO guest_merges (guest_owner, user_owner) VALUES ($1, $2) ON CONFLICT (guest_owner) DO NOTHING RETURNING guest_owner',
    [guest, user],
  );
  if (!first) return false;

  await lockOwners(tx, [guest, user]);
  const writes = [];
  for (const feature of serverFeatures) writes.push(...((await feature.mergeGuest?.(tx, guest, user, now)) ?? []));
  await tx.query('UPDATE commands SET owner = $2 WHERE owner = $1', [guest, user]);
  await tx.query('UPDATE sync_clients SET principal = $2 WHERE principal = $1', [guest, user]);
  // Last: the sequence numbers (their row lock is held until COMMIT, see reserveServerSeqs).
  await writeOwnerDocuments(tx, writes);
  return true;
};
