import { createHash } from 'node:crypto';
import type { CommandDocument, CommandError } from '../../schema/commands/envelope.ts';
import type { OrderPlacePayload } from '../../schema/orders/order-commands.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import type { Principal } from '../http/auth.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from '../sync/change-stream.ts';
import { pushCommands } from '../sync/push-commands.ts';
import { COMMAND_COLUMNS, commandFromRow } from '../sync/read-sources.ts';

/**
 * `POST /api/order` executes through the sync push, so it is exactly once as a device's order is: the order becomes
 * an `order.place` command of a client of its own (`api-<orderId>`, seq 1) whose id is derived from the order id.
 * A repeated call is the same command, which the push answers with its stored outcome; a device that placed the
 * order through sync meanwhile has its own command, which the rules answer with the one order.
 */

export interface OrderPathDeps {
  db: Database;
  streams: ChangeStreams;
  onPushed: () => void;
  inline?: InlineExecutor | undefined;
}

/** A UUIDv7-shaped id derived from the order id (the command's idempotency key). */
export const commandIdOf = (orderId: string): string => {
  const hex = createHash('sha256').update(`order.place:${orderId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export type Settlement =
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'refused'; error: CommandError }
  | { status: 'pending' };

const WAIT_MS = 10_000;
const POLL_MS = 50;

const settlementOf = (doc: Pick<CommandDocument, 'status' | 'result' | 'error'>): Settlement => {
  if (doc.status === 'succeeded') return { status: 'succeeded', result: doc.result ?? {} };
  if (doc.status === 'rejected' || doc.status === 'failed')
    return {
      status: 'refused',
      error: doc.error ?? { code: 'internal_error', message: 'The order could not be processed.' },
    };
  return { status: 'pending' };
};

export const placeThroughPush = async (
  deps: OrderPathDeps,
  principal: Principal,
  payload: OrderPlacePayload,
): Promise<Settlement> => {
  const id = commandIdOf(payload.orderId);
  const doc = {
    id,
    type: 'order.place',
    payload,
    owner: principal.owner,
    clientId: `api-${payload.orderId}`,
    seq: 1,
    createdAt: Date.now(),
    status: 'pending',
    serverSeq: 0,
  };
  const { response, changes, leftPending } = await pushCommands(
    deps.db,
    principal,
    { rows: [{ newDocumentState: doc }] },
    deps.inline,
  );
  deps.streams.publish(changes);
  if (leftPending) deps.onPushed();
  const stored = response.conflicts.find((c) => c.id === id);
  const ran = changes
    .flatMap((c) => (c.collection === 'outcomes' ? c.documents : []))
    .find((d) => (d as CommandDocument).id === id);
  const known = (stored ?? ran) as CommandDocument | undefined;
  if (known && known.status !== 'pending') return settlementOf(known);
  // Left to an executor (a gap cannot happen at seq 1, but an instance may run no executor): wait for it.
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const [row] = await deps.db.query<Parameters<typeof commandFromRow>[0]>(
      `SELECT ${COMMAND_COLUMNS} FROM commands WHERE id = $1`,
      [id],
    );
    if (row) {
      const settled = settlementOf(commandFromRow(row));
      if (settled.status !== 'pending') return settled;
    }
  }
  return { status: 'pending' };
};
