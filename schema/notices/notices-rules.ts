import { isSettled, type CommandDocument } from '../commands/envelope.ts';
import type { TypedCommand } from '../commands/registry.ts';
import { NOTICE_LIFETIME_MS } from './notices.ts';

/**
 * The lasting notices' rules, pure: run by the server's executor and by the devices.
 *
 * Why no read model, neither of notices nor of acknowledgements: every outcome already reaches every device of its
 * owner (the kernel's `outcomes`, pulled from a checkpoint, so one decided while no device was open arrives when
 * one opens, and a guest's become the user's at login). A notice is an outcome some feature calls worth one; an
 * acknowledgement is the outcome of a `notices.acknowledge` command, which reaches every device the same way. So
 * the kernel is untouched (no hook where outcomes are settled), and the feature costs no collection of its own:
 * a device may open only 13 (RxDB's free version), and two devices of one Node test share them.
 */

export type NoticesCommand = TypedCommand<'notices.acknowledge'>;

export type NoticesDecision = { kind: 'accepted'; result: Record<string, unknown> };

export const isNoticesCommand = (command: TypedCommand): command is NoticesCommand =>
  command.type === 'notices.acknowledge';

/** Acknowledging is never refused: a notice acknowledged twice (from two devices at once) is simply seen. */
export const decideNotices = (command: NoticesCommand): NoticesDecision => ({
  kind: 'accepted',
  result: { acknowledged: command.payload.notices.length + (command.payload.orderChanges?.length ?? 0) },
});

const isAcknowledgement = (command: CommandDocument): boolean =>
  command.type === 'notices.acknowledge' && (command.status === 'succeeded' || !isSettled(command.status));

/**
 * The notices acknowledged, by command id: those of the owner's `notices.acknowledge` outcomes, and of this
 * device's still pending (so a notice goes at once, online or not). A malformed one acknowledges nothing.
 */
export const acknowledgedIds = (commands: readonly CommandDocument[]): Set<string> => {
  const ids = new Set<string>();
  for (const command of commands) {
    if (!isAcknowledgement(command)) continue;
    const notices = (command.payload as { notices?: unknown }).notices;
    if (!Array.isArray(notices)) continue;
    for (const notice of notices) {
      const id = (notice as { id?: unknown } | null)?.id;
      if (typeof id === 'string') ids.add(id);
    }
  }
  return ids;
};

/** A notice to show: the outcome it tells of, and what its feature says of it. */
export interface LastingNotice<Message> {
  id: string;
  createdAt: number;
  type: string;
  message: Message;
}

/**
 * Which outcomes to show as lasting notices, newest first: settled within the notice lifetime, called worth a
 * notice by `noticeOf` (the features' say; undefined: not worth one), and not acknowledged.
 */
export const selectLastingNotices = <Message>(
  outcomes: readonly CommandDocument[],
  acknowledged: ReadonlySet<string>,
  now: number,
  noticeOf: (outcome: CommandDocument) => Message | undefined,
): LastingNotice<Message>[] => {
  const notices: LastingNotice<Message>[] = [];
  const seen = new Set<string>();
  for (const outcome of outcomes) {
    if (seen.has(outcome.id) || acknowledged.has(outcome.id)) continue;
    seen.add(outcome.id);
    if (!isSettled(outcome.status) || now - outcome.createdAt >= NOTICE_LIFETIME_MS) continue;
    const message = noticeOf(outcome);
    if (message !== undefined) {
      notices.push({ id: outcome.id, createdAt: outcome.createdAt, type: outcome.type, message });
    }
  }
  return notices.sort((a, b) => b.createdAt - a.createdAt);
};
