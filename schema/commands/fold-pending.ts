import type { CommandDocument } from './envelope.ts';
import { appliedSeqOf, type AppliedSeq } from './applied-seqs.ts';
import { isRefusedAtPush, parseCommand, type TypedCommand } from './registry.ts';

/**
 * The order the server runs commands in: each client's strictly by seq (whatever its clock said),
 * clients interleaved by creation time, always taking the earliest next command of any client.
 */
export const inExecutionOrder = <C extends Pick<CommandDocument, 'clientId' | 'seq' | 'createdAt'>>(
  commands: readonly C[],
): C[] => {
  const runs = new Map<string, C[]>();
  for (const c of [...commands].sort((a, b) => a.seq - b.seq)) {
    const run = runs.get(c.clientId);
    if (run) run.push(c);
    else runs.set(c.clientId, [c]);
  }
  const ordered: C[] = [];
  for (;;) {
    let next: C[] | undefined;
    for (const run of runs.values()) if (run[0] && (!next || run[0].createdAt < next[0]!.createdAt)) next = run;
    if (!next) return ordered;
    ordered.push(next.shift()!);
  }
};

/**
 * What the shopper sees of a read model: the server's document with the owner's pending commands folded over it,
 * in the server's order, by the same rules the server runs (`apply`). A pending command already reflected in the
 * document (its seq is at or below the document's applied seq for its client) is skipped, so nothing is counted
 * twice while the document and the command's outcome arrive separately. Commands that are not the read model's
 * (`isMine`) or do not parse are passed over.
 */
export const foldPending = <D extends { applied: readonly AppliedSeq[] }, C extends TypedCommand>(
  serverDoc: D,
  pending: readonly CommandDocument[],
  isMine: (command: TypedCommand) => command is C,
  apply: (doc: D, command: C) => D,
  /** How to validate a document: a caller folding the same commands again and again may memoise it. */
  parse: typeof parseCommand = parseCommand,
): D =>
  inExecutionOrder(pending).reduce((doc, pendingDoc) => {
    if (pendingDoc.status !== 'pending' || pendingDoc.seq <= appliedSeqOf(serverDoc, pendingDoc.clientId)) return doc;
    // Taken refused by the server (its payload could not be stored): it will change nothing.
    if (isRefusedAtPush(pendingDoc)) return doc;
    const parsed = parse(pendingDoc);
    if (!parsed.ok || !isMine(parsed.command)) return doc;
    return apply(doc, parsed.command);
  }, serverDoc);
