import type { Observable } from 'rxjs';
import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { CommandDocument, CommandParseResult, CommandType, PayloadInputOf } from '../../schema/index.ts';

/**
 * What the client's sync kernel (database, replication, forgetting an owner, optimistic views, command
 * notifications) knows of a feature: one object per feature, listed once in client/features.ts. The kernel names
 * no feature; a new one is a folder with a `feature.ts` exporting a ClientFeature, plus its line in the registry.
 */
export interface ClientFeature<Collections extends CollectionSpecs = CollectionSpecs, Views extends object = object> {
  readonly name: string;
  /** The command types it dispatches (their schemas are in schema/commands/registry.ts). */
  readonly commands: readonly CommandType[];
  /** The collections it owns: pull only, replicated from the server's source of the same name. */
  readonly collections: Collections;
  /**
   * The refusal codes its commands may be answered with (from its rules in schema/). The interface's copy of them
   * is its FeatureNotices, kept apart so the first page carries no rules; a unit test holds the two equal.
   */
  readonly refusalCodes: readonly string[];
  /** Its views: what the shopper sees, from its collections and the owner's pending commands (optimistic). */
  views?(context: ViewContext): Views;
  /** Started with the store (once its views exist); what it returns is stopped with it. */
  start?(context: StartContext): { unsubscribe(): void } | void;
}

/** A collection of a feature: its RxDB schema (schema/rxdb), the migrations of its versions, and whose rows it holds. */
export interface CollectionSpec<Doc> {
  /** Derived on first use (schema/rxdb/collections.ts): a slow phone's 25 ms the first page should not spend. */
  schema(): RxJsonSchema<Doc>;
  /** Per schema version, how a stored document of the version before becomes one of this version. */
  readonly migrationStrategies?: Record<number, (doc: Doc) => Doc>;
  /**
   * 'owner': the current owner's rows (checkpoints per owner; removed from the device at logout);
   * 'public': the same rows for every owner (the catalogue; checkpoints per server).
   */
  readonly scope: 'owner' | 'public';
}

/**
 * What the command notifications know of a feature (client/feature-notices.ts): plain data and a small function, no
 * rules or schemas, since the notifications load with the first page.
 */
export interface FeatureNotices {
  /** Codes of its refusals that have a translation (`refusal.<code>`); any other shows the server's message. */
  readonly refusalCodes: readonly string[];
  /** What to tell the shopper when a command of its types succeeds, if the tab asked to be told (see useDispatch). */
  successNotice?(command: CommandDocument): CommandNotice | undefined;
  /**
   * Which outcomes of its commands stay as a lasting notice, on every device of the owner until one acknowledges it
   * (client/notices): the notice, `null` for none, `undefined` to leave it to the default (a refusal or a failure is
   * one, in the words its toast uses). Called for every settled command: answer `undefined` for other features' types.
   */
  lastingNotice?(command: CommandDocument): CommandNotice | null | undefined;
}

/** A notification as data (an i18n key and its values); the interface turns it into a toast. */
export interface CommandNotice {
  key: string;
  params?: Record<string, string | number>;
  action?: { labelKey: string; to: string };
}

/** What a feature's views are built from: all local, so they stay right offline. */
export interface ViewContext {
  collection<Doc>(name: string): RxCollection<Doc>;
  /** The current owner (the user, or the guest), undefined until the device has an identity. */
  readonly owner$: Observable<string | undefined>;
  /** This device's commands not yet answered, of the owner and of the guest it was before logging in. */
  readonly pending$: Observable<CommandDocument[]>;
  /** The logged-in user's customer group (guests': 0): what the server will price the owner's commands at. */
  readonly customerGroup$: Observable<number>;
  /** Validates a pending document, memoised per command id (folds run on every change). */
  parse(input: unknown): CommandParseResult;
  /** The server, for a view that asks it while online (the catalogue's search): never for what the store holds. */
  readonly server: ServerAccess;
  /** Registers what to stop with the store (a view's own subscriptions). */
  onStop(stop: () => void): void;
}

export interface ServerAccess {
  /** The sync server's origin ('' for the page's own). */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  isOnline(): boolean;
  /**
   * Whether the live stream is connected (the sync state's "connected"): its going true again says the server is
   * reachable again, which a device on a network that never went offline (a dead link, a server restarting) learns
   * from nothing else.
   */
  readonly connected$: Observable<boolean>;
  /** Who asks, now: the current token, and the customer group it proves (a user's tier prices). */
  who(): { token: string | undefined; customerGroupId: number };
}

export interface StartContext {
  dispatch<T extends CommandType>(type: T, payload: PayloadInputOf<T>): Promise<CommandDocument>;
  /** True once the device has an identity (before that, dispatch refuses). */
  readonly identityReady$: Observable<boolean>;
}

/**
 * A feature's collections by name. `any`: each collection's document type is its own; it is checked where the
 * feature defines the collection, and recovered for the typed database by DocumentOf.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CollectionSpecs = Record<string, CollectionSpec<any>>;

/** Defines a feature with its collection and view types kept (for the typed database and StoreClient). */
export const defineClientFeature = <C extends CollectionSpecs, V extends object>(
  feature: ClientFeature<C, V>,
): ClientFeature<C, V> => feature;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matching any feature, whatever its types
type AnyFeature = ClientFeature<any, any>;

export type DocumentOf<S> = S extends CollectionSpec<infer Doc> ? Doc : never;
/** Every collection the registered features own, by name, with its document type. */
export type CollectionsOf<F extends AnyFeature> = UnionToIntersection<
  F extends ClientFeature<infer C, object> ? C : never
>;
/** Every view the registered features offer, by name. */
export type ViewsOf<F extends AnyFeature> = UnionToIntersection<
  F extends ClientFeature<CollectionSpecs, infer V> ? V : never
>;

/** An RxDB schema derived from zod (schema/rxdb/collections.ts), typed as the collection's documents. */
export const rxSchema = <Doc>(json: Record<string, unknown>): RxJsonSchema<Doc> => json as unknown as RxJsonSchema<Doc>;
