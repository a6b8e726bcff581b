/**
 * The last answers of the public ad calls kept on the device, so /posts/sell and /posts/view/{id} browse offline once
 * visited. Bounded: the oldest answers go first. Cache Storage in the browser (origin storage, apart from RxDB's
 * budgeted collections); in memory where there is none (a unit test, a browser that refuses it).
 */
export interface AnswerStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A bounded map in insertion order: writing a key again makes it the newest. */
export const memoryAnswerStore = (max: number): AnswerStore => {
  const map = new Map<string, unknown>();
  return {
    get: (key) => Promise.resolve(map.get(key)),
    put: (key, value) => {
      map.delete(key);
      map.set(key, value);
      while (map.size > max) {
        const oldest = map.keys().next();
        if (oldest.done) break;
        map.delete(oldest.value);
      }
      return Promise.resolve();
    },
    delete: (key) => {
      map.delete(key);
      return Promise.resolve();
    },
  };
};

/** Requests in a cache are keyed by URL: a path of our own that no route serves. */
const urlOf = (key: string): string => `${location.origin}/__ads-answers/${encodeURIComponent(key)}`;

const cacheAnswerStore = (name: string, max: number): AnswerStore => {
  const open = () => caches.open(name);
  return {
    async get(key) {
      const found = await (await open()).match(urlOf(key));
      return found ? ((await found.json()) as unknown) : undefined;
    },
    async put(key, value) {
      const cache = await open();
      // Deleted first so that keys() (insertion order) lists it as the newest.
      await cache.delete(urlOf(key));
      await cache.put(
        urlOf(key),
        new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }),
      );
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
    },
    async delete(key) {
      await (await open()).delete(urlOf(key));
    },
  };
};

/** Falls back to memory when Cache Storage is missing or throws (private modes, quota). */
export const deviceAnswerStore = (name: string, max: number): AnswerStore => {
  const memory = memoryAnswerStore(max);
  if (typeof caches === 'undefined' || typeof location === 'undefined') return memory;
  const cache = cacheAnswerStore(name, max);
  return {
    get: (key) => cache.get(key).catch(() => memory.get(key)),
    put: (key, value) => cache.put(key, value).catch(() => memory.put(key, value)),
    delete: (key) => cache.delete(key).catch(() => memory.delete(key)),
  };
};
