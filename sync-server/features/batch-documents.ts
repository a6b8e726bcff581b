import type { Sql } from '../store/database.ts';
import type { BatchDocuments, BatchKey, OwnerReadModel, ReadModelWrite } from './feature.ts';
import { lockOwnerDocuments, type Stored } from './owner-documents.ts';

/**
 * The read model documents of one batch, one copy each, shared by every feature the batch opens: a command reads
 * a document as every command before it left it, whichever feature ran them (an order takes its lines out of the
 * cart, and a cart command after it in the same push sees the cart without them). Features lock what they need in
 * `open` (in owner order, each document once per batch), read and change documents in `handle`, and the kernel
 * writes every changed document once, as the last command left it.
 *
 * Before this, each feature held its own copy of a document and a feature writing another's read model started
 * from that feature's final write: the order's removal was applied before or after all of the cart's commands,
 * never between them, so `[order.place(X), cart.addItem(X)]` left two X in the cart (issue 29).
 */
export class BatchDocumentStore implements BatchDocuments {
  private readonly documents = new Map<string, { model: OwnerReadModel; owner: string; doc: Stored<object> }>();
  /** Keys of the changed documents, in the order they first changed. */
  private readonly changedKeys = new Set<string>();
  private readonly shared = new Map<BatchKey<unknown>, unknown>();
  /** What the running command changed, as it was before (see begin and undo). */
  private journal = new Map<string, { doc: Stored<object>; changed: boolean }>();

  constructor(
    private readonly tx: Sql,
    readonly now: number,
  ) {}

  /**
   * Locks the owners' documents of a model for the rest of the transaction (see lockOwnerDocuments), those this
   * batch has not locked yet; the ones it holds keep their in-batch state.
   */
  async lock(model: OwnerReadModel, owners: readonly string[]): Promise<void> {
    const missing = [...new Set(owners)].filter((owner) => !this.documents.has(keyOf(model, owner)));
    if (missing.length === 0) return;
    for (const [owner, doc] of await lockOwnerDocuments<object>(this.tx, model, missing))
      this.documents.set(keyOf(model, owner), { model, owner, doc });
  }

  /** The owner's document as the batch's commands have left it so far; it must have been locked. */
  get<Doc>(model: OwnerReadModel, owner: string): Stored<Doc> {
    const held = this.documents.get(keyOf(model, owner));
    if (!held) throw new Error(`${model.table} of ${owner} was not locked by the batch`);
    return held.doc as Stored<Doc>;
  }

  has(model: OwnerReadModel, owner: string): boolean {
    return this.documents.has(keyOf(model, owner));
  }

  /** The owner's document changed by a command: later commands read it, and the batch writes it. */
  set<Doc extends object>(model: OwnerReadModel, owner: string, doc: Doc): void {
    const key = keyOf(model, owner);
    const held = this.documents.get(key);
    if (!held) throw new Error(`${model.table} of ${owner} was not locked by the batch`);
    if (!this.journal.has(key)) this.journal.set(key, { doc: held.doc, changed: this.changedKeys.has(key) });
    held.doc = { ...doc, serverSeq: held.doc.serverSeq };
    this.changedKeys.add(key);
  }

  /** A command starts: what it changes can be undone until the next one starts. */
  begin(): void {
    this.journal = new Map();
  }

  /** The running command failed: every document it changed is as it was before it, for the commands after it. */
  undo(): void {
    for (const [key, before] of this.journal) {
      this.documents.get(key)!.doc = before.doc;
      if (!before.changed) this.changedKeys.delete(key);
    }
    this.journal = new Map();
  }

  /**
   * State one feature opens for the batch that another feature's commands work on too (the orders a payment starts
   * on, placed earlier in the same batch): made by the first feature that asks, the same object for the rest.
   */
  async share<T>(key: BatchKey<T>, open: () => Promise<T>): Promise<T> {
    if (this.shared.has(key)) return this.shared.get(key) as T;
    const state = await open();
    this.shared.set(key, state);
    return state;
  }

  /** Every changed document once, as the batch's last command left it, stamped with the batch's time. */
  writes(): ReadModelWrite[] {
    return [...this.changedKeys].map((key) => {
      const { model, owner, doc } = this.documents.get(key)!;
      const { serverSeq: _old, ...stored } = doc;
      return { model, owner, doc: { ...stored, updatedAt: this.now } };
    });
  }
}

export const batchKey = <T>(name: string): BatchKey<T> => ({ name });

const keyOf = (model: OwnerReadModel, owner: string): string => `${model.table}\u0000${owner}`;
