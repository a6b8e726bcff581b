import type { Observable } from 'rxjs';
import type { Cart, CartTotals, CommandDocument, CommandType, PayloadInputOf, Product } from '../../schema/index.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import type { LocalCatalog } from '../offline-catalog/local-catalog.ts';
import type { SearchAnswer } from '../offline-catalog/catalog-search.ts';
import type { StoreDatabase } from './database.ts';

/** What the always-visible sync indicator shows. */
export interface SyncState {
  /** The browser thinks it has a network. */
  online: boolean;
  /** The live stream to the server is open (changes arrive as they happen). */
  connected: boolean;
  /** Commands of this owner written locally and not yet answered by the server. */
  waiting: number;
  /** The shopper has a cart identity (a guest token); until then nothing can be dispatched. */
  identityReady: boolean;
}

export interface OptimisticCart extends Cart {
  totals: CartTotals;
}

/** The client's public face: views use only this (and never call the network themselves). */
export interface StoreClient {
  readonly db: StoreDatabase;
  /** Writes a command locally (validated with its zod schema) and returns it; replication does the rest. */
  dispatch<T extends CommandType>(type: T, payload: PayloadInputOf<T>): Promise<CommandDocument>;
  /** The server's cart with this owner's pending commands folded over it. */
  readonly cart$: Observable<OptimisticCart>;
  readonly products$: Observable<Product[]>;
  readonly syncState$: Observable<SyncState>;
  /** The owner's commands, newest first: to show results and refusals as notifications. */
  readonly commands$: Observable<CommandDocument[]>;
  /** The catalogue held on this device (replicated once online), searchable offline. */
  readonly catalog: LocalCatalog;
  /** The spec's catalogue search: the server while online, the same query over local data offline. */
  searchCatalog(query: SearchQueryInput): Promise<SearchAnswer>;
  /** Resolves when every local command has a server answer (tests, benchmarks). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}
