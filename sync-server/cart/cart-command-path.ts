import { createHash } from 'node:crypto';
import type { CommandError, CommandType, PayloadInputOf } from '../../schema/index.ts';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import { derivedCommandId, runThroughPush, type CommandPathDeps } from '../sync/push-one.ts';

/**
 * The spec's cart calls that change the cart (/api/cart/update, delete, apply-coupon, ...) run as cart commands
 * through the sync push, by the same rules and in the same log as a device's: exactly once, in the owner's order,
 * streamed to the owner's devices. The owner's API calls are one client of their own (`api-<owner hash>`), each
 * call its next seq. A caller that may repeat a call sends `Idempotency-Key`: the command's id is derived from it, and
 * the repeat is answered with the stored outcome instead of running again.
 */

export type CartPathDeps = CommandPathDeps;

export type CartSettlement =
  { status: 'succeeded'; result: Record<string, unknown> } | { status: 'refused'; error: CommandError };

/** The owner's API client: a stable id of at most 64 characters whatever the owner id's length. */
const apiClientOf = (owner: string): string =>
  `api-cart-${createHash('sha256').update(owner).digest('base64url').slice(0, 32)}`;

const SEQ_ATTEMPTS = 5;

const nextSeq = async (db: Database, clientId: string): Promise<number> => {
  const [row] = await db.query<{ seq: number | null }>(
    `SELECT GREATEST((SELECT last_seq FROM sync_clients WHERE client_id = $1),
       (SELECT max(seq) FROM commands WHERE client_id = $1)) AS seq`,
    [clientId],
  );
  return Number(row?.seq ?? 0) + 1;
};

/** Runs one cart command for the principal through the push, and answers its outcome. */
export const runCartCommand = async <T extends CommandType>(
  deps: CartPathDeps,
  principal: Principal,
  type: T,
  payload: PayloadInputOf<T>,
  idempotencyKey?: string,
): Promise<CartSettlement> => {
  const clientId = apiClientOf(principal.owner);
  const id = idempotencyKey ? derivedCommandId(`${principal.owner}:${idempotencyKey}`) : undefined;
  for (let attempt = 1; ; attempt++) {
    const command = {
      id: id ?? derivedCommandId(`${principal.owner}:${Date.now()}:${Math.random()}`),
      type,
      payload,
      clientId,
      seq: await nextSeq(deps.db, clientId),
    };
    try {
      const settled = await runThroughPush(deps, principal, command, 'The cart could not be changed.');
      if (settled.status === 'pending')
        throw new HttpProblem(503, 'The cart change is queued; ask again with the same Idempotency-Key');
      return settled;
    } catch (error) {
      // Two calls of one owner took the same seq at once: the later one takes the next.
      const seqTaken = error instanceof HttpProblem && error.status === 409 && error.field === 'seq';
      if (!seqTaken || attempt >= SEQ_ATTEMPTS) throw error;
    }
  }
};
