import type { RxCollection, RxDocument } from 'rxdb';

/** A document of a pull-only collection: the server's, stamped with the server_seq of its last write. */
export type ServerDocument = { serverSeq: number } & Record<string, unknown>;

/** Ids this session has written, per collection: a bounded memory, only used to pick the cheaper write. */
const KNOWN_MAX = 20_000;

/**
 * Whether the server's `doc` should replace the copy `held`: a newer version always; the same version when the
 * held copy lacks a field the server's has (stored by a client whose schema did not have it yet, and pulled
 * again for that reason: see the checkpoint identifier in replication.ts). An older version never.
 */
const supersedes = (doc: ServerDocument, held: ServerDocument): boolean =>
  doc.serverSeq > held.serverSeq ||
  (doc.serverSeq === held.serverSeq && Object.keys(doc).some((key) => !Object.hasOwn(held, key)));

/**
 * Writes server documents into a pull-only collection, each only if it is newer (higher serverSeq) than
 * the copy held, so a page that was fetched before a live event but arrives after it never takes a
 * document back. A document this session has not written is tried as an insert first (one storage write,
 * no read: outcomes are nearly always new); a known one, or one the insert finds present, is read (RxDB's
 * document cache serves recent ones) and changed with an incremental write, which re-checks serverSeq
 * against the state it applies to.
 */
export const writeNewer = async (
  collection: RxCollection,
  documents: readonly ServerDocument[],
  known: Set<string>,
): Promise<void> => {
  const primary = collection.schema.primaryPath as string;
  const newest = new Map<string, ServerDocument>();
  for (const doc of documents) {
    const id = doc[primary] as string;
    if ((newest.get(id)?.serverSeq ?? -1) < doc.serverSeq) newest.set(id, doc);
  }
  const fresh = [...newest.values()].filter((doc) => !known.has(doc[primary] as string));
  const { error } = fresh.length > 0 ? await collection.bulkInsert(fresh) : { error: [] };
  const present = new Set(error.filter((e) => e.status === 409).map((e) => e.documentId));
  if (present.size < error.length) throw new Error(`writing ${collection.name} failed: ${JSON.stringify(error[0])}`);
  const toChange = [...newest.keys()].filter((id) => known.has(id) || present.has(id));
  if (toChange.length > 0) {
    const held = (await collection.findByIds(toChange).exec()) as Map<string, RxDocument<ServerDocument>>;
    await Promise.all(
      toChange.map((id) => {
        const doc = newest.get(id)!;
        const current = held.get(id);
        // Gone (never held, or removed meanwhile): insert it after all.
        if (!current) return collection.insert(doc);
        if (!supersedes(doc, current.toJSON() as ServerDocument)) return undefined;
        return current.incrementalModify((now) => (supersedes(doc, now) ? doc : now));
      }),
    );
  }
  if (known.size + newest.size > KNOWN_MAX) known.clear();
  for (const id of newest.keys()) known.add(id);
};
