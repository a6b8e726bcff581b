import { z } from 'zod';
import { serverSeqSchema } from '../commands/envelope.ts';

/**
 * The replication protocol, small enough to read in one sitting.
 *
 *   GET  /sync/:collection/pull?after=<serverSeq>&limit=<n>  -> { documents, checkpoint }
 *   POST /sync/commands/push   { rows: [{ newDocumentState, assumedMasterState? }] } -> { conflicts }
 *   GET  /sync/stream  (text/event-stream) -> `changes` events { collection, documents, checkpoint },
 *                                             and `resync` once on every (re)connect
 *
 * Every document carries `serverSeq`, a server sequence whose order is the commit order, so a pull
 * "after N" never skips a row committed late. Documents are filtered by the owner of the token.
 * Only `commands` accepts pushes; every other collection is a read model, pull only. A pushed command
 * that is next in line for its client is executed before the push is answered; its outcome, like every
 * outcome, comes back on the stream and by pull.
 *
 * A checkpoint (of a pull page or a `changes` event) means: every document of the collection up to it
 * has been sent, on this stream since it connected or by pulls. A client takes a stream event's
 * checkpoint only once its resync pull has finished, and writes a document only over an older one.
 */
export const checkpointSchema = z.object({ serverSeq: serverSeqSchema });
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const PULL_LIMIT_MAX = 1000;

export const pullQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PULL_LIMIT_MAX).default(200),
});

export interface PullResponse<Doc> {
  documents: Doc[];
  checkpoint: Checkpoint;
}

export const PUSH_ROWS_MAX = 1000;

export const pushRequestSchema = z.object({
  rows: z
    .array(
      z.object({
        newDocumentState: z.record(z.string(), z.unknown()),
        assumedMasterState: z.record(z.string(), z.unknown()).nullish(),
      }),
    )
    .max(PUSH_ROWS_MAX),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/**
 * The most commands one client may have waiting behind a gap in its seqs (stored, not next in line, for a seq not
 * yet pushed). A push that would leave more there is a 409 naming `seq`, and nothing of it is stored; a push that
 * fills the gap is always taken. Commands next in line never count, so a device pushing its queue in order (a
 * drain of any length) never meets the bound; a client does not make gaps, so only a broken or hostile one does.
 */
export const PENDING_BEHIND_GAP_MAX = 500;

export interface PushResponse<Doc> {
  /** The server's state of every pushed document it did not take as sent; the client adopts it. */
  conflicts: Doc[];
}

export interface ChangesEvent<Doc = unknown> {
  collection: string;
  documents: Doc[];
  checkpoint: Checkpoint;
}

/** Error body of every 4xx/5xx: what was wrong and, where it applies, which field. */
export interface ProblemBody {
  code: number;
  result: { error: string; field?: string };
}
