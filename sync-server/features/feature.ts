import type { CommandType, PullResponse, TypedCommand } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';

/**
 * What the sync kernel (push, executor, effects writer, pull, live stream, login merge) knows of a feature: one
 * object per feature, listed once in registry.ts. The kernel names no feature; a new one is a folder that exports
 * a ServerFeature, plus its line in the registry.
 */
export interface ServerFeature {
  readonly name: string;
  /** The command types it executes (their payload and result schemas are in schema/commands/registry.ts). */
  readonly commands: readonly CommandType[];
  /** Its read models of one document per owner, written by its commands (and by `mergeGuest`). */
  readonly readModels: readonly OwnerReadModel[];
  /** Other collections it serves by pull and stream (the catalogue's public ones). */
  readonly pullSources?: readonly PullSource[];
  /**
   * Opens its part of a batch, inside the batch's transaction: locks the read model documents its commands change
   * through `documents` (the batch's one copy of each, shared by its features: see BatchDocuments), and reads what
   * its rules need. Called only when the batch holds commands of its types, in registry order, after the kernel has
   * taken the batch's owner locks. A feature without commands (the catalogue) has none.
   */
  open?(tx: Sql, commands: readonly TypedCommand[], now: number, documents: BatchDocuments): Promise<FeatureBatch>;
  /**
   * A login on a device that shopped as a guest (accounts/guest-merge.ts): joins the guest's read models to the
   * user's, once per guest, in the login's transaction. Returns the documents to write (the kernel writes them).
   */
  mergeGuest?(tx: Sql, guest: string, user: string, now: number): Promise<ReadModelWrite[]>;
  /**
   * The owner's data export (issue 32, GET /api/user/me/data): what the feature keeps of the owner in its own tables
   * (orders, ads, reviews...), as plain JSON. Its read models' documents are exported for it by the kernel
   * (data-rights/owner-export.ts), so a feature that keeps everything in them needs none.
   */
  exportOwnerData?(sql: Sql, owner: string): Promise<Record<string, unknown>>;
}

/** A read model stored as one JSON document per owner: a table (owner text primary key, doc jsonb, server_seq). */
export interface OwnerReadModel {
  /** The collection clients replicate it as (its pull source and its name on the stream). */
  readonly collection: string;
  readonly table: string;
  /** The document of an owner that has none yet (the row is made on first use, so a lock always has a row). */
  empty(owner: string): Record<string, unknown>;
}

/**
 * One feature's part of a batch: its commands run in the batch's execution order, interleaved with the other
 * features' commands. A command reads and changes read model documents through the batch's BatchDocuments at once
 * (not at the end), so the next command, of any feature, sees its effect; the kernel writes the changed documents.
 */
export interface FeatureBatch {
  /**
   * Runs one command (pure apart from the batch's state). A throw marks that command failed; it must then have
   * changed nothing (change documents only once the command's decision is made).
   */
  handle(command: TypedCommand): Outcome;
  /**
   * Writes the feature's own tables (order rows, stock moves...) in the batch's transaction, after every command
   * ran and before the effects are written; a throw rolls the whole batch back (it is retried). Optional: most
   * features keep everything in their read models.
   */
  persist?(tx: Sql): Promise<void>;
}

export type Outcome =
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'rejected'; code: string; message: string; field?: string };

/** A read model document to write; it gets its server_seq (and `serverSeq`) from the writer. */
export interface ReadModelWrite {
  model: OwnerReadModel;
  owner: string;
  doc: Record<string, unknown>;
}

/**
 * Each replicated collection's pull: the owner's rows changed after a checkpoint, in server_seq order.
 * Rows of one transaction have consecutive sequences and commit order is sequence order, so
 * "server_seq > after" never misses a row, however late it committed.
 */
export interface PullSource<Doc = unknown> {
  readonly name: string;
  /** Read models only accept pulls; `commands` also accepts pushes. */
  readonly pushable: boolean;
  /** Sent on the live stream (clients replicate it); `commands` itself is only pulled by protocol tools. */
  readonly streamed: boolean;
  /**
   * The same rows for everyone (the catalogue): pulled without a token too, so a device has the catalogue before it
   * has an identity (a first visit whose guest has not come yet). An owner's rows never are.
   */
  readonly public?: boolean;
  pull(sql: Sql, owner: string, after: number, limit: number): Promise<PullResponse<Doc>>;
}

/** A decision of the shared pure rules as the kernel's outcome. */
export const outcomeOf = (
  decision:
    | { kind: 'accepted'; result: Record<string, unknown> }
    | { kind: 'rejected'; code: string; message: string; field?: string },
): Outcome =>
  decision.kind === 'accepted'
    ? { status: 'succeeded', result: decision.result }
    : {
        status: 'rejected',
        code: decision.code,
        message: decision.message,
        ...(decision.field ? { field: decision.field } : {}),
      };

/**
 * The read model documents of one batch, one copy each, shared by every feature the batch opens (the kernel's
 * BatchDocumentStore, batch-documents.ts): a command reads a document as every command before it left it, whichever
 * feature ran them. Lock what the commands need in `open`, read and change in `handle`; the kernel writes the changed
 * documents once.
 */
export interface BatchDocuments {
  /** Locks (in owner order) and loads the owners' documents the batch does not hold yet; held ones keep their state. */
  lock(model: OwnerReadModel, owners: readonly string[]): Promise<void>;
  /** The owner's document as the batch's commands have left it so far; it must have been locked. */
  get<Doc>(model: OwnerReadModel, owner: string): Doc & { serverSeq: number };
  has(model: OwnerReadModel, owner: string): boolean;
  /** The owner's document changed by a command: later commands read it, and the batch writes it. */
  set<Doc extends object>(model: OwnerReadModel, owner: string, doc: Doc): void;
  /**
   * State one feature opens for the batch that another feature's commands work on too (the orders a payment starts
   * on, placed earlier in the same batch): made by the first feature that asks, the same object for the rest.
   */
  share<T>(key: BatchKey<T>, open: () => Promise<T>): Promise<T>;
}

/** Names a state shared within a batch (see BatchDocuments.share); one constant per kind of state. */
export interface BatchKey<T> {
  readonly name: string;
  /** Never set: carries the state's type. */
  readonly _type?: T;
}
