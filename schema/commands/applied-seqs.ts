import { z } from 'zod';
import { clientIdSchema, seqSchema } from './envelope.ts';

/**
 * How far each client's commands are reflected in a read model (Replicache's lastMutationID, kept per read
 * model): the optimistic view skips a pending command whose seq is already applied, so a read model and a
 * command's outcome arriving in either order never count a change twice. Every read model a command writes
 * carries one.
 */
export const appliedSeqSchema = z.object({ clientId: clientIdSchema, seq: seqSchema });
export type AppliedSeq = z.infer<typeof appliedSeqSchema>;

interface WithApplied {
  applied: readonly AppliedSeq[];
}

export const appliedSeqOf = (doc: WithApplied, clientId: string): number =>
  doc.applied.find((a) => a.clientId === clientId)?.seq ?? 0;

/**
 * Clients are tabs, so a read model meets many over its life; it remembers the most recent ones. A client
 * forgotten while it still had commands in flight would only see them counted twice in its optimistic
 * view until their outcomes arrive.
 */
export const APPLIED_CLIENTS_KEPT = 20;

export const withAppliedSeq = <D extends WithApplied>(doc: D, clientId: string, seq: number): D => ({
  ...doc,
  applied: [...doc.applied.filter((a) => a.clientId !== clientId), { clientId, seq }].slice(-APPLIED_CLIENTS_KEPT),
});

/** Both documents' applied seqs, the higher per client: a login's merge keeps folding either's pending commands. */
export const unionOfApplied = (a: readonly AppliedSeq[], b: readonly AppliedSeq[]): AppliedSeq[] => {
  const applied = new Map(a.map((x) => [x.clientId, x.seq]));
  for (const x of b) applied.set(x.clientId, Math.max(applied.get(x.clientId) ?? 0, x.seq));
  return [...applied].map(([clientId, seq]) => ({ clientId, seq })).slice(-APPLIED_CLIENTS_KEPT);
};
