import type { PullResponse } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';
import { notifyChanges, reserveServerSeqs } from '../store/server-seq.ts';
import type { OwnerReadModel, PullSource, ReadModelWrite } from './feature.ts';

/** A stored owner document as read models carry it: the document and the server_seq of its last write. */
export type Stored<Doc> = Doc & { serverSeq: number };

/**
 * Locks the owners' documents of a read model for the rest of the transaction, in owner order (so two
 * transactions never deadlock), and returns them. An owner without a row gets its empty document first, so the
 * lock always has a row to hold (carts are made with their guest token; other read models on first use).
 */
export const lockOwnerDocuments = async <Doc>(
  tx: Sql,
  model: OwnerReadModel,
  owners: readonly string[],
): Promise<Map<string, Stored<Doc>>> => {
  const sorted = [...new Set(owners)].sort();
  const lock = (list: string[]) =>
    tx.query<{ owner: string; doc: Doc; server_seq: number }>(
      `SELECT owner, doc, server_seq FROM ${model.table} WHERE owner = ANY($1) ORDER BY owner FOR UPDATE`,
      [list],
    );
  const rows = await lock(sorted);
  const missing = sorted.filter((owner) => !rows.some((row) => row.owner === owner));
  if (missing.length > 0) {
    await tx.query(
      `INSERT INTO ${model.table} (owner, doc, server_seq)
       SELECT v.owner, v.doc, 0 FROM jsonb_to_recordset($1::jsonb) AS v(owner text, doc jsonb)
       ON CONFLICT (owner) DO NOTHING`,
      [JSON.stringify(missing.map((owner) => ({ owner, doc: model.empty(owner) })))],
    );
    rows.push(...(await lock(missing)));
  }
  return new Map(rows.map((row) => [row.owner, { ...row.doc, serverSeq: row.server_seq }]));
};

/**
 * Writes read model documents changed outside the executor (a login's merge, an operator's re-pricing) with fresh
 * sequence numbers, and announces them to the owners' streams. Call it last in the transaction: reserving the
 * sequence numbers holds the counter row until COMMIT (see reserveServerSeqs). The rows must exist and be locked.
 */
export const writeOwnerDocuments = async (tx: Sql, writes: readonly ReadModelWrite[]): Promise<void> => {
  if (writes.length === 0) return;
  const first = await reserveServerSeqs(tx, writes.length);
  for (const [i, { model, owner, doc }] of writes.entries()) {
    const { serverSeq: _old, ...stored } = doc;
    await tx.query(`UPDATE ${model.table} SET doc = $2, server_seq = $3 WHERE owner = $1`, [
      owner,
      JSON.stringify(stored),
      first + i,
    ]);
  }
  await notifyChanges(
    tx,
    writes.map((w) => w.owner),
    writes.map((w) => w.model.collection),
  );
};

/** The pull source of an owner read model: the owner's document, when it changed after the checkpoint. */
export const ownerDocumentSource = <Doc>(model: OwnerReadModel): PullSource<Stored<Doc>> => ({
  name: model.collection,
  pushable: false,
  streamed: true,
  async pull(sql, owner, after, limit): Promise<PullResponse<Stored<Doc>>> {
    const rows = await sql.query<{ doc: Doc; server_seq: number }>(
      `SELECT doc, server_seq FROM ${model.table} WHERE owner = $1 AND server_seq > $2 ORDER BY server_seq LIMIT $3`,
      [owner, after, limit],
    );
    const documents = rows.map((row) => ({ ...row.doc, serverSeq: row.server_seq }));
    return { documents, checkpoint: { serverSeq: documents.at(-1)?.serverSeq ?? after } };
  },
});

/**
 * A read model of one document per owner in `table`, replicated as `collection`; `emptyOf(owner)` is the document
 * an owner without one starts from (its `serverSeq` is the writer's, so it is left out of what is stored).
 */
export const ownerReadModel = (
  collection: string,
  table: string,
  emptyOf: (owner: string) => { serverSeq: number },
): OwnerReadModel => ({
  collection,
  table,
  empty: (owner) => {
    const { serverSeq: _none, ...doc } = emptyOf(owner);
    return doc;
  },
});
