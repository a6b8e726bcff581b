import { describe, expect, it, vi } from 'vitest';
import {
  addToCompare,
  addToWishlist,
  applyShortlist,
  createShortlistStore,
  createShortlistStores,
  recordSearch,
  removeFromWishlist,
  ShortlistStorageError,
  toShortlistProduct,
  WISHLIST_STORAGE_KEY,
} from '../../../client/shortlists/index.ts';
import { FakeStorage, FakeWindow, IPHONE, MACBOOK } from './support.ts';

const wishlistJson = (...products: (typeof MACBOOK)[]) =>
  JSON.stringify(products.map((p) => ({ product: toShortlistProduct(p), qty: 1 })));

describe('shortlist store', () => {
  it('an empty storage reads as an empty list', () => {
    expect(createShortlistStore(new FakeStorage(), 'current-wishlist').get()).toEqual([]);
  });

  it("the wishlist lives under the spec's key, current-wishlist, and every change is written", () => {
    const storage = new FakeStorage();
    const wishlist = createShortlistStore(storage, WISHLIST_STORAGE_KEY);
    const notice = applyShortlist(wishlist, (list) => addToWishlist(list, MACBOOK));
    expect(notice?.key).toBe('shortlists.wishlistAdded');
    expect(JSON.parse(storage.items.get('current-wishlist')!)).toEqual([
      { product: toShortlistProduct(MACBOOK), qty: 1 },
    ]);
    applyShortlist(wishlist, (list) => removeFromWishlist(list, MACBOOK.sku));
    expect(storage.items.get('current-wishlist')).toBe('[]');
  });

  it('the other lists have keys of their own', () => {
    const storage = new FakeStorage();
    const stores = createShortlistStores(storage);
    stores.compare.set(addToCompare(stores.compare.get(), IPHONE).list);
    stores.recentlyViewed.set(['A']);
    stores.lastSearches.update((list) => recordSearch(list, 'macbook'));
    expect([...storage.items.keys()].sort()).toEqual(['compare-list', 'last-searches', 'recently-viewed']);
  });

  it('storage is read once: later outside writes do not change what the store holds', () => {
    const storage = new FakeStorage();
    storage.items.set('current-wishlist', wishlistJson(MACBOOK));
    const getItem = vi.spyOn(storage, 'getItem');
    const wishlist = createShortlistStore(storage, 'current-wishlist');
    expect(wishlist.get().map((i) => i.product.sku)).toEqual([MACBOOK.sku]);
    storage.items.set('current-wishlist', '[]');
    wishlist.get();
    applyShortlist(wishlist, (list) => addToWishlist(list, IPHONE));
    expect(getItem).toHaveBeenCalledTimes(1);
    expect(wishlist.get().map((i) => i.product.sku)).toEqual([MACBOOK.sku, IPHONE.sku]);
  });

  it('a change that changes nothing is neither written nor announced', () => {
    const storage = new FakeStorage();
    const wishlist = createShortlistStore(storage, 'current-wishlist');
    const listener = vi.fn();
    wishlist.subscribe(listener);
    const notice = applyShortlist(wishlist, (list) => removeFromWishlist(list, 'NOPE'));
    expect(notice).toBeUndefined();
    expect(listener).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it('subscribers hear local changes until they unsubscribe', () => {
    const store = createShortlistStore(new FakeStorage(), 'recently-viewed');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(['A']);
    unsubscribe();
    store.set(['B', 'A']);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(['A'], 'local');
  });

  it('a stored list that is valid but untidy is repaired quietly', () => {
    const storage = new FakeStorage();
    storage.items.set('current-wishlist', JSON.stringify([...JSON.parse(wishlistJson(MACBOOK, MACBOOK, IPHONE))]));
    expect(
      createShortlistStore(storage, 'current-wishlist')
        .get()
        .map((i) => i.product.sku),
    ).toEqual([MACBOOK.sku, IPHONE.sku]);
  });

  describe('a corrupt stored value (spec: wishlist cache read failure throws)', () => {
    it.each([
      ['not JSON', '{oops', /not valid JSON/],
      ['the wrong shape', JSON.stringify({ items: [] }), /unexpected shape/],
      [
        'an item with qty other than 1',
        JSON.stringify([{ product: toShortlistProduct(MACBOOK), qty: 2 }]),
        /at 0\.qty/,
      ],
    ])('%s: reading throws an error naming the key', (_case, raw, reason) => {
      const storage = new FakeStorage();
      storage.items.set('current-wishlist', raw);
      const wishlist = createShortlistStore(storage, 'current-wishlist');
      expect(() => wishlist.get()).toThrow(ShortlistStorageError);
      expect(() => wishlist.get()).toThrow(/"current-wishlist"/);
      expect(() => wishlist.get()).toThrow(reason);
      expect(wishlist.isCorrupt()).toBe(true);
    });

    it('storage that refuses to be read is a read failure too', () => {
      const storage = new FakeStorage();
      storage.failReads = true;
      const error = (() => {
        try {
          createShortlistStore(storage, 'current-wishlist').get();
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ShortlistStorageError);
      expect((error as ShortlistStorageError).key).toBe('current-wishlist');
      expect((error as Error).cause).toBeInstanceOf(DOMException);
    });

    it('nothing overwrites the bad value until the caller calls resetCorrupt()', () => {
      const storage = new FakeStorage();
      storage.items.set('current-wishlist', '{oops');
      const wishlist = createShortlistStore(storage, 'current-wishlist');
      expect(() => applyShortlist(wishlist, (list) => addToWishlist(list, MACBOOK))).toThrow(ShortlistStorageError);
      expect(() => wishlist.set([])).toThrow(ShortlistStorageError);
      expect(storage.items.get('current-wishlist')).toBe('{oops');

      const listener = vi.fn();
      wishlist.subscribe(listener);
      expect(wishlist.resetCorrupt()).toBe(true);
      expect(wishlist.isCorrupt()).toBe(false);
      expect(wishlist.get()).toEqual([]);
      expect(storage.items.get('current-wishlist')).toBe('[]');
      expect(listener).toHaveBeenCalledWith([], 'local');
      applyShortlist(wishlist, (list) => addToWishlist(list, MACBOOK));
      expect(wishlist.get()).toHaveLength(1);
    });
  });

  it('a failed write keeps the change in memory for this page and says so', () => {
    const storage = new FakeStorage();
    storage.failWrites = true;
    const store = createShortlistStore(storage, 'recently-viewed');
    expect(store.set(['A'])).toBe(false);
    expect(store.get()).toEqual(['A']);
  });

  describe('changes made in another tab', () => {
    const setup = () => {
      const storage = new FakeStorage();
      const tab = new FakeWindow();
      const wishlist = createShortlistStore(storage, 'current-wishlist', tab);
      const listener = vi.fn();
      wishlist.subscribe(listener);
      return { storage, tab, wishlist, listener };
    };

    it('a write to this key reaches the subscribers as a remote change', () => {
      const { storage, tab, wishlist, listener } = setup();
      expect(wishlist.get()).toEqual([]);
      tab.otherTabWrote(storage, 'current-wishlist', wishlistJson(IPHONE));
      expect(wishlist.get().map((i) => i.product.sku)).toEqual([IPHONE.sku]);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(listener.mock.calls[0]?.[1]).toBe('remote');
    });

    it('other keys and other storage areas are not ours', () => {
      const { storage, tab, wishlist, listener } = setup();
      tab.otherTabWrote(storage, 'compare-list', '[]');
      tab.otherTabWrote(new FakeStorage(), 'current-wishlist', wishlistJson(IPHONE));
      expect(listener).not.toHaveBeenCalled();
      expect(wishlist.get()).toEqual([]);
    });

    it('the key removed, or the storage cleared, empties the list', () => {
      const { storage, tab, wishlist, listener } = setup();
      applyShortlist(wishlist, (list) => addToWishlist(list, MACBOOK));
      tab.otherTabWrote(storage, 'current-wishlist', null);
      expect(wishlist.get()).toEqual([]);
      applyShortlist(wishlist, (list) => addToWishlist(list, MACBOOK));
      tab.otherTabWrote(storage, null, null);
      expect(wishlist.get()).toEqual([]);
      expect(listener.mock.calls.map((c) => c[1])).toEqual(['local', 'remote', 'local', 'remote']);
    });

    it('an unreadable value from another tab is ignored: the last good list stays', () => {
      const { storage, tab, wishlist, listener } = setup();
      applyShortlist(wishlist, (list) => addToWishlist(list, MACBOOK));
      listener.mockClear();
      tab.otherTabWrote(storage, 'current-wishlist', '{"v":2}');
      expect(wishlist.get().map((i) => i.product.sku)).toEqual([MACBOOK.sku]);
      expect(wishlist.isCorrupt()).toBe(false);
      expect(listener).not.toHaveBeenCalled();
    });

    it('a good value from another tab ends a corrupt state', () => {
      const storage = new FakeStorage();
      storage.items.set('current-wishlist', '{oops');
      const tab = new FakeWindow();
      const wishlist = createShortlistStore(storage, 'current-wishlist', tab);
      expect(wishlist.isCorrupt()).toBe(true);
      tab.otherTabWrote(storage, 'current-wishlist', wishlistJson(IPHONE));
      expect(wishlist.isCorrupt()).toBe(false);
      expect(wishlist.get()).toHaveLength(1);
    });

    it('dispose() stops listening', () => {
      const storage = new FakeStorage();
      const tab = new FakeWindow();
      const stores = createShortlistStores(storage, tab);
      expect(tab.listeners.size).toBe(4);
      stores.dispose();
      expect(tab.listeners.size).toBe(0);
    });
  });
});
