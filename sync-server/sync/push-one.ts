import { createHash } from 'node:crypto';
import type { CommandDocument, CommandError } from '../../schema/commands/envelope.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import type { Principal } from '../http/auth.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from './change-stream.ts';
import { pushCommands } from './push-commands.ts';
import { COMMAND_COLUMNS, commandFromRow } from './read-sources.ts';

/**
 * One command pushed on behalf of an HTTP call (the spec's /api/order, /api/cart/*, payment calls): it goes through
 * the same push as a device's, so it runs exactly once, in the same log, streamed to the owner's devices. A caller
 * that may repeat a call derives the command's id from its idempotency key: the repeat is the same command, which
 * the push answers with its stored outcome.
 */

export interface CommandPathDeps {
  db: Database;
  streams: ChangeStreams;
  onPushed: () => void;
  inline?: InlineExecutor | undefined;
}

export type Settlement =
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'refused'; error: CommandError }
  | { status: 'pending' };

/** A UUIDv7-shaped id derived from a seed (the command log wants v7 ids; this one is deterministic). */
export const derivedCommandId = (seed: string): string => {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** What a stored command says of its outcome; `failedMessage` when a refusal carries no error of its own. */
export const settlementOf = (
  doc: Pick<CommandDocument, 'status' | 'result' | 'error'>,
  failedMessage = 'The request could not be processed.',
): Settlement => {
  if (doc.status === 'succeeded') return { status: 'succeeded', result: doc.result ?? {} };
  if (doc.status === 'rejected' || doc.status === 'failed')
    return { status: 'refused', error: doc.error ?? { code: 'internal_error', message: failedMessage } };
  return { status: 'pending' };
};

export interface OneCommand {
  id: string;
  type: string;
  payload: unknown;
  clientId: string;
  seq: number;
}

const WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Pushes the command and answers its outcome: at once when the push ran it (or it had run before), else after
 * waiting for an executor (an instance may run none) up to 10 s; still waiting then: `pending`. Throws what the push
 * throws (a 409 on a taken seq, for callers with a client of several commands).
 */
export const runThroughPush = async (
  deps: CommandPathDeps,
  principal: Principal,
  command: OneCommand,
  failedMessage?: string,
): Promise<Settlement> => {
  const doc = { ...command, owner: principal.owner, createdAt: Date.now(), status: 'pending', serverSeq: 0 };
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
    .find((d) => d.id === command.id);
  const known = response.conflicts.find((c) => c.id === command.id) ?? ran;
  if (known && known.status !== 'pending') return settlementOf(known, failedMessage);
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const [row] = await deps.db.query<Parameters<typeof commandFromRow>[0]>(
      `SELECT ${COMMAND_COLUMNS} FROM commands WHERE id = $1`,
      [command.id],
    );
    if (row) {
      const settled = settlementOf(commandFromRow(row), failedMessage);
      if (settled.status !== 'pending') return settled;
    }
  }
  return { status: 'pending' };
};
