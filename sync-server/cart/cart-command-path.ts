import { createHash } from 'node:crypto';
import type { CommandDocument, CommandError, CommandType, PayloadInputOf } from '../../schema/index.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from '../sync/change-stream.ts';
import { pushCommands } from '../sync/push-commands.ts';
import { COMMAND_COLUMNS, commandFromRow } from '../sync/read-sources.ts';

/**
 * The spec's cart calls that change the cart (/api/cart/update, delete, apply-coupon, ...) run as cart commands
 * through the sync push, by the same rules and in the same log as a device's: exactly once, in the owner's order,
 * streamed to the owner's devices. The owner's API calls are one client of their own (`api-<owner hash>`), each
 * call its next seq. A caller that may repeat a call sends `Idempotency-Key`: the command's id is derived from it, and
 * the repeat is answered with the stored outcome instead of running again.
 */

export interface CartPathDeps {
  db: Database;
  streams: ChangeStreams;
  onPushed: () => void;
  inline?: InlineExecutor | undefined;
}

export type CartSettlement =
  { status: 'succeeded'; result: Record<string, unknown> } | { status: 'refused'; error: CommandError };

/** A UUIDv7-shaped id from a hash (the command log wants v7 ids; this one is deterministic). */
const uuidShaped = (seed: string): string => {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The owner's API client: a stable id of at most 64 characters whatever the owner id's length. */
const apiClientOf = (owner: string): string =>
  `api-cart-${createHash('sha256').update(owner).digest('base64url').slice(0, 32)}`;

const WAIT_MS = 10_000;
const POLL_MS = 50;
const SEQ_ATTEMPTS = 5;

const settlementOf = (doc: CommandDocument): CartSettlement | undefined => {
  if (doc.status === 'succeeded') return { status: 'succeeded', result: doc.result ?? {} };
  if (doc.status === 'rejected' || doc.status === 'failed')
    return {
      status: 'refused',
      error: doc.error ?? { code: 'internal_error', message: 'The cart could not be changed.' },
    };
  return undefined;
};

const nextSeq = async (db: Database, clientId: string): Promise<number> => {
  const [row] = await db.query<{ seq: number | null }>(
    `SELECT GREATEST((SELECT last_seq FROM sync_clients WHERE client_id = $1),
       (SELECT max(seq) FROM commands WHERE client_id = $1)) AS seq`,
    [clientId],
  );
  return Number(row?.seq ?? 0) + 1;
};

const waitForOutcome = async (db: Database, id: string): Promise<CartSettlement> => {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const [row] = await db.query<Parameters<typeof commandFromRow>[0]>(
      `SELECT ${COMMAND_COLUMNS} FROM commands WHERE id = $1`,
      [id],
    );
    const settled = row ? settlementOf(commandFromRow(row)) : undefined;
    if (settled) return settled;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new HttpProblem(503, 'The cart change is queued; ask again with the same Idempotency-Key');
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
  const id = idempotencyKey ? uuidShaped(`${principal.owner}:${idempotencyKey}`) : undefined;
  for (let attempt = 1; ; attempt++) {
    const doc = {
      id: id ?? uuidShaped(`${principal.owner}:${Date.now()}:${Math.random()}`),
      type,
      payload,
      owner: principal.owner,
      clientId,
      seq: await nextSeq(deps.db, clientId),
      createdAt: Date.now(),
      status: 'pending',
      serverSeq: 0,
    };
    try {
      const { response, changes, leftPending } = await pushCommands(
        deps.db,
        principal,
        { rows: [{ newDocumentState: doc }] },
        deps.inline,
      );
      deps.streams.publish(changes);
      if (leftPending) deps.onPushed();
      const ran = changes
        .flatMap((c) => (c.collection === 'outcomes' ? (c.documents as CommandDocument[]) : []))
        .find((d) => d.id === doc.id);
      const known = response.conflicts.find((c) => c.id === doc.id) ?? ran;
      return (known && settlementOf(known)) ?? (await waitForOutcome(deps.db, doc.id));
    } catch (error) {
      // Two calls of one owner took the same seq at once: the later one takes the next.
      const seqTaken = error instanceof HttpProblem && error.status === 409 && error.field === 'seq';
      if (!seqTaken || attempt >= SEQ_ATTEMPTS) throw error;
    }
  }
};
