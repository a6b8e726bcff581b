import type { z } from 'zod';
import { compareListSchema, COMPARE_STORAGE_KEY, type CompareList } from './compare.ts';
import { lastSearchesSchema, LAST_SEARCHES_STORAGE_KEY, type LastSearches } from './last-searches.ts';
import type { ShortlistNotice, ShortlistResult } from './messages.ts';
import { recentlyViewedSchema, RECENTLY_VIEWED_STORAGE_KEY, type RecentlyViewed } from './recently-viewed.ts';
import { wishlistSchema, WISHLIST_STORAGE_KEY, type Wishlist } from './wishlist.ts';

/** Each storage key with the type of what it holds. */
export interface ShortlistValues {
  [WISHLIST_STORAGE_KEY]: Wishlist;
  [COMPARE_STORAGE_KEY]: CompareList;
  [RECENTLY_VIEWED_STORAGE_KEY]: RecentlyViewed;
  [LAST_SEARCHES_STORAGE_KEY]: LastSearches;
}
export type ShortlistKey = keyof ShortlistValues;

const SCHEMAS: { [K in ShortlistKey]: z.ZodType<ShortlistValues[K], unknown> } = {
  [WISHLIST_STORAGE_KEY]: wishlistSchema,
  [COMPARE_STORAGE_KEY]: compareListSchema,
  [RECENTLY_VIEWED_STORAGE_KEY]: recentlyViewedSchema,
  [LAST_SEARCHES_STORAGE_KEY]: lastSearchesSchema,
};

export const SHORTLIST_STORAGE_KEYS = Object.keys(SCHEMAS) as ShortlistKey[];

export type ShortlistStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The part of a `StorageEvent` the store reads; `window` fires these for changes made in another tab. */
export interface StorageEventLike {
  key: string | null;
  newValue: string | null;
  storageArea?: unknown;
}
type StorageListener = (event: StorageEventLike) => void;
/** `window` in the browser; anything with these two methods in tests. */
export interface StorageEventSource {
  addEventListener(type: 'storage', listener: StorageListener): void;
  removeEventListener(type: 'storage', listener: StorageListener): void;
}

/**
 * Spec section 8: "Wishlist cache read failure: an error is thrown". Thrown by every operation of a store whose
 * stored value cannot be read (storage unavailable, not JSON, or not the expected shape), until the caller decides:
 * `resetCorrupt()` drops the stored value and starts from an empty list (show `shortlists.storageReset`).
 */
export class ShortlistStorageError extends Error {
  override readonly name = 'ShortlistStorageError';
  constructor(
    readonly key: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      `The "${key}" list in browser storage could not be read (${reason}). Call resetCorrupt() to start again with an empty list.`,
      options,
    );
  }
}

/** Where a change came from: this tab, or another tab through the `storage` event. */
export type ChangeOrigin = 'local' | 'remote';

export interface ShortlistStore<T> {
  readonly key: ShortlistKey;
  /** The current value. Storage is read once, on the first call of any method. Throws `ShortlistStorageError`. */
  get(): T;
  /**
   * Replaces the value, writes it to storage and tells the subscribers. Returns false when the write failed
   * (quota, private mode): the value is kept in memory for this page. The same value (a reducer's no-op) is neither
   * written nor announced. Throws `ShortlistStorageError` while the stored value is corrupt: nothing is overwritten
   * behind the caller's back.
   */
  set(next: T): boolean;
  update(change: (current: T) => T): T;
  /** Called after each change, local or from another tab; returns the unsubscribe function. */
  subscribe(listener: (value: T, origin: ChangeOrigin) => void): () => void;
  /** True when the stored value could not be read and nothing has replaced it since. */
  isCorrupt(): boolean;
  /** Recovery from a corrupt stored value: an empty list, written over the bad one. Returns what `set` returns. */
  resetCorrupt(): boolean;
  /** Stops listening to other tabs. */
  dispose(): void;
}

const EMPTY: readonly never[] = Object.freeze([]);

type Readable<T> = { status: 'ok'; value: T; raw: string | null };
type Loaded<T> = Readable<T> | { status: 'corrupt'; error: ShortlistStorageError };
type State<T> = { status: 'unread' } | Loaded<T>;

/**
 * A shortlist kept in browser storage under `key` (spec: the wishlist under 'current-wishlist'; 'compare-list',
 * 'recently-viewed' and 'last-searches' are ours). Values are JSON arrays, validated with the key's zod schema on
 * read; a valid list with duplicates or over its cap is repaired quietly, anything else makes the store corrupt.
 *
 * With `events` (pass `window`) the store follows changes made in other tabs. Such an event is taken only for this
 * key in this `storage` (compare by identity: pass `window.localStorage` itself, not a wrapper); a removed key or
 * a cleared storage empties the list; an unreadable new value (another version of the app, say) is ignored and the
 * last good value kept, since failing in this tab would not help the user. A valid value also ends a corrupt state.
 */
export function createShortlistStore<K extends ShortlistKey>(
  storage: ShortlistStorage,
  key: K,
  events?: StorageEventSource,
): ShortlistStore<ShortlistValues[K]> {
  type T = ShortlistValues[K];
  const schema = SCHEMAS[key];
  const empty = EMPTY as unknown as T;
  const listeners = new Set<(value: T, origin: ChangeOrigin) => void>();
  let state: State<T> = { status: 'unread' };

  const parse = (raw: string | null): { ok: true; value: T } | { ok: false; reason: string; cause?: unknown } => {
    if (raw === null) return { ok: true, value: empty };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (cause) {
      return { ok: false, reason: 'not valid JSON', cause };
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
      return { ok: false, reason: `unexpected shape${where}: ${issue?.message ?? 'invalid'}`, cause: result.error };
    }
    return { ok: true, value: result.data };
  };

  const load = (): Loaded<T> => {
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch (cause) {
      return { status: 'corrupt', error: new ShortlistStorageError(key, 'storage is not available', { cause }) };
    }
    const parsed = parse(raw);
    return parsed.ok
      ? { status: 'ok', value: parsed.value, raw }
      : { status: 'corrupt', error: new ShortlistStorageError(key, parsed.reason, { cause: parsed.cause }) };
  };

  const current = (): Readable<T> => {
    const loaded = state.status === 'unread' ? (state = load()) : state;
    if (loaded.status === 'corrupt') throw loaded.error;
    return loaded;
  };

  const emit = (value: T, origin: ChangeOrigin) => {
    for (const listener of [...listeners]) listener(value, origin);
  };

  const write = (next: T): boolean => {
    const raw = JSON.stringify(next);
    let persisted = true;
    try {
      storage.setItem(key, raw);
    } catch {
      persisted = false;
    }
    state = { status: 'ok', value: next, raw };
    emit(next, 'local');
    return persisted;
  };

  const onStorage: StorageListener = (event) => {
    if (event.storageArea != null && event.storageArea !== storage) return;
    if (event.key !== null && event.key !== key) return;
    const raw = event.key === null ? null : event.newValue;
    if (state.status === 'ok' && state.raw === raw) return;
    const parsed = parse(raw);
    if (!parsed.ok) return;
    state = { status: 'ok', value: parsed.value, raw };
    emit(parsed.value, 'remote');
  };
  events?.addEventListener('storage', onStorage);

  const store: ShortlistStore<T> = {
    key,
    get: () => current().value,
    set: (next) => (next === current().value ? true : write(next)),
    update: (change) => {
      store.set(change(current().value));
      return current().value;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isCorrupt: () => (state.status === 'unread' ? (state = load()) : state).status === 'corrupt',
    resetCorrupt: () => write(empty),
    dispose: () => events?.removeEventListener('storage', onStorage),
  };
  return store;
}

/**
 * Runs a reducer against the store's list, stores the result and returns the notice to show:
 * `const notice = applyShortlist(wishlist, (list) => addToWishlist(list, product)); if (notice) notify(toNotification(notice));`
 */
export const applyShortlist = <T>(
  store: ShortlistStore<readonly T[]>,
  reducer: (list: readonly T[]) => ShortlistResult<T>,
): ShortlistNotice | undefined => {
  const result = reducer(store.get());
  store.set(result.list);
  return result.notice;
};

/** A Storage kept in memory: the fallback when the browser refuses localStorage (blocked site data). */
export const createMemoryStorage = (): ShortlistStorage & Pick<Storage, 'removeItem'> => {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      items.set(k, String(v));
    },
    removeItem: (k) => {
      items.delete(k);
    },
  };
};

export interface ShortlistStores {
  wishlist: ShortlistStore<Wishlist>;
  compare: ShortlistStore<CompareList>;
  recentlyViewed: ShortlistStore<RecentlyViewed>;
  lastSearches: ShortlistStore<LastSearches>;
  dispose(): void;
}

/** The four stores on one storage, following other tabs through `events`. */
export const createShortlistStores = (storage: ShortlistStorage, events?: StorageEventSource): ShortlistStores => {
  const stores = {
    wishlist: createShortlistStore(storage, WISHLIST_STORAGE_KEY, events),
    compare: createShortlistStore(storage, COMPARE_STORAGE_KEY, events),
    recentlyViewed: createShortlistStore(storage, RECENTLY_VIEWED_STORAGE_KEY, events),
    lastSearches: createShortlistStore(storage, LAST_SEARCHES_STORAGE_KEY, events),
  };
  return { ...stores, dispose: () => Object.values(stores).forEach((s) => s.dispose()) };
};

/** In the browser: `window.localStorage` and its `storage` events; memory only (this page) when it is refused. */
export const openBrowserShortlists = (): ShortlistStores => {
  let storage: ShortlistStorage;
  try {
    storage = window.localStorage;
  } catch {
    return createShortlistStores(createMemoryStorage());
  }
  return createShortlistStores(storage, window);
};
