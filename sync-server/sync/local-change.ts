/**
 * What one committed transaction wrote to one replicated collection of one owner, handed by the writer
 * to this process's live streams, so they can send it without reading it back (NOTIFY still tells the
 * other instances, which read).
 *
 * `after` makes it safe: every row of the owner in the collection whose server_seq lies in
 * (after, the last document's server_seq] is in `documents`. A stream whose checkpoint is at least
 * `after` sends the documents and moves its checkpoint to the last one without skipping a row; any
 * other stream reads from its checkpoint as usual.
 */
export interface LocalChange {
  owner: string;
  collection: string;
  after: number;
  /** In server_seq order. */
  documents: { serverSeq: number }[];
}
