import { newCommandDocumentSchema, parseCommand, pushRequestSchema, type TypedCommand } from '../../schema/index.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import { pushQueueOf } from './push-queue.ts';
import type { PushResult } from './push-result.ts';

export type { PushResult } from './push-result.ts';

/** Guest owners are made by POST /api/cart/create. */
const GUEST_PREFIX = 'guest-';

/**
 * Takes a client's pushed commands into the log, all or nothing. Malformed documents, unknown types, another
 * owner's documents, server-owned fields set on a new command: 4xx naming the row and field, before the store is
 * asked anything. The rest is push-group.ts, in a transaction shared with the pushes that arrive meanwhile
 * (push-queue.ts): repeats answered as conflicts, commands next in line run at once, the others left pending.
 */
export const pushCommands = async (
  db: Database,
  principal: Principal,
  body: unknown,
  inline?: InlineExecutor,
): Promise<PushResult> => {
  const request = pushRequestSchema.safeParse(body);
  if (!request.success) throw HttpProblem.invalid(request.error, 'body');
  const commands = request.data.rows.map((row, index) => validateRow(row.newDocumentState, index, principal));
  if (commands.length === 0) return { response: { conflicts: [] }, changes: [], leftPending: false };
  return pushQueueOf(db, inline).submit({ principal, commands });
};

const validateRow = (doc: Record<string, unknown>, index: number, principal: Principal): TypedCommand => {
  const at = `rows.${index}.newDocumentState`;
  const parsed = parseCommand(doc);
  // A sound envelope whose payload the store cannot keep: taken, to be settled refused (see isRefusedAtPush),
  // so the client's later commands run. A 4xx would have the client push it again, for ever.
  if (!parsed.ok && !parsed.refused) {
    throw new HttpProblem(400, `${at}.${parsed.message}`, `${at}.${parsed.field}`);
  }
  const command = parsed.ok ? parsed.command : parsed.refused!;
  // A user may push the commands its device made as a guest before logging in; actingOwner checks the merge.
  const ownGuest = principal.kind === 'user' && command.owner.startsWith(GUEST_PREFIX);
  if (command.owner !== principal.owner && !ownGuest) {
    throw new HttpProblem(403, `${at}.owner: the command belongs to another owner`, `${at}.owner`);
  }
  const asNew = newCommandDocumentSchema.safeParse(doc);
  if (!asNew.success) {
    // The client set a server-owned field on a command the server has never seen.
    const field = asNew.error.issues[0]?.path.join('.') ?? 'status';
    throw new HttpProblem(400, `${at}.${field}: server-owned field set by the client`, `${at}.${field}`);
  }
  return command;
};
