import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { SyncState } from '../../client/sync/store-client-types.ts';

/**
 * A shopper's device for the browser bench: one Playwright browser context (its own IndexedDB, its own
 * service worker) with one page of the built app, whose StoreClient is reached through the app's debug
 * hook (`window.__store`, enabled by localStorage 'store.debug' = '1'; client/store/store-client.tsx declares
 * its type on Window).
 */

/** What the bench keeps in each page besides the app: the client's latest state, and optional traces. */
export interface BenchPageState {
  sync?: SyncState;
  owner?: string;
  products: number;
}
/** One request of the page (BENCH_TRACE=1): epoch ms (performance.timeOrigin + performance.now()). */
export interface PageRequestTrace {
  what: string;
  start: number;
  end?: number;
  /** Ids of pushed commands. */
  ids?: string[];
}
export interface PageTrace {
  requests: PageRequestTrace[];
  /** IndexedDB transactions opened, by "mode database[/stores]". */
  idb: Record<string, number>;
  /** IndexedDB requests, by "operation database". */
  ops: Record<string, number>;
  /** `changes` events of the live stream: when (epoch ms), which collection, how many documents. */
  streamEvents: { at: number; collection: string; docs: number }[];
  /** Command id -> when (epoch ms) the live stream delivered it settled. */
  streamSettled: Record<string, number>;
}

declare global {
  interface Window {
    __bench?: { state: BenchPageState; trace?: PageTrace; stop: () => void };
    /** Exposed by Node (page.exposeBinding): B saw a command settled in commands$ (epoch ms in the page). */
    __benchSeen?: (id: string, status: string, at: number) => Promise<void>;
    /** Exposed by Node: B's EventSource delivered echo number n. */
    __benchEcho?: (n: number) => Promise<void>;
  }
}

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';

/**
 * Runs in every frame before the app: turns the debug hook on. `__name`: tsx compiles this file with
 * esbuild's keepNames, which wraps named functions inside `page.evaluate` callbacks in `__name(fn, 'x')`;
 * the page has no such helper, so give it an identity one.
 */
const INIT_SCRIPT = `
window.__name = (fn) => fn;
try { window.localStorage.setItem('store.debug', '1'); } catch (_) { /* about:blank has no storage */ }
`;

/**
 * BENCH_TRACE=1 only: wraps the page's fetch to note each push (start, end, ids) and, on the live stream,
 * when each settled command arrives. Off by default, so the measured runtime is the app's own.
 */
const TRACE_SCRIPT = `
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const trace = { requests: [], streamSettled: {}, idb: {}, ops: {}, streamEvents: [] };
  window.__benchTrace = trace;
  const dbShort = (name) => name.replace(/^rxdb-dexie-.*?--\\d+--/, '').replace(/^rx-replication-meta-(\\w{6})\\w*/, 'meta-$1');
  // IndexedDB requests by operation and database (cursor steps not counted).
  for (const [proto, prefix] of [[IDBObjectStore.prototype, ''], [IDBIndex.prototype, 'index.']]) {
    for (const method of ['put', 'add', 'delete', 'get', 'getAll', 'getAllKeys', 'openCursor', 'count']) {
      const original = proto[method];
      if (typeof original !== 'function') continue;
      proto[method] = function (...args) {
        const store = this.objectStore || this;
        const key = prefix + method + ' ' + dbShort(store.transaction.db.name);
        trace.ops[key] = (trace.ops[key] || 0) + 1;
        return original.apply(this, args);
      };
    }
  }
  // IndexedDB transactions by mode, database and object stores (RxDB's Dexie storage: one database per
  // collection, including each replication's meta collection).
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const names = (typeof stores === 'string' ? [stores] : [...stores]).sort().join('+');
    const key = (mode === 'readwrite' ? 'rw ' : 'r ') + dbShort(this.name) + (names === 'docs' ? '' : '/' + names);
    trace.idb[key] = (trace.idb[key] || 0) + 1;
    return transaction.call(this, stores, mode, options);
  };
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (!url.pathname.startsWith('/sync/')) return original(input, init);
    const record = { what: (init && init.method || 'GET') + ' ' + url.pathname, start: now() };
    if (url.pathname.endsWith('/push') && init && typeof init.body === 'string') {
      record.ids = JSON.parse(init.body).rows.map((r) => r.newDocumentState.id);
    }
    trace.requests.push(record);
    const response = await original(input, init);
    if (!response.body) { record.end = now(); return response; }
    if (url.pathname.endsWith('/sync/stream')) {
      const decoder = new TextDecoder();
      let buffer = '';
      const body = response.body.pipeThrough(new TransformStream({
        transform(chunk, controller) {
          const at = now();
          buffer += decoder.decode(chunk, { stream: true });
          const events = buffer.split('\\n\\n');
          buffer = events.pop();
          for (const event of events) {
            const data = event.split('\\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('\\n');
            try {
              const parsed = JSON.parse(data);
              if (parsed.collection) trace.streamEvents.push({ at, collection: parsed.collection, docs: (parsed.documents || []).length });
              for (const d of parsed.documents || []) {
                if (d.status && d.status !== 'pending' && !(d.id in trace.streamSettled)) trace.streamSettled[d.id] = at;
              }
            } catch (_) { /* not JSON */ }
          }
          controller.enqueue(chunk);
        },
      }));
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    const text = await response.text();
    record.end = now();
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
})();
`;

export interface BrowserDevice {
  name: string;
  context: BrowserContext;
  page: Page;
}

export interface DeviceOptions {
  /** 'block': no service worker (the app as a plain page); 'allow' (default): the PWA as shipped. */
  serviceWorkers: 'allow' | 'block';
  trace: boolean;
}

/** Waits (in the page) until the bench's copy of the client state satisfies `predicate`. */
export const waitForState = async <A>(
  device: BrowserDevice,
  predicate: (state: BenchPageState, arg: A) => boolean,
  arg: A,
  what: string,
  timeout = 30_000,
): Promise<void> => {
  // The predicate travels as source text (a closure cannot cross into the page); the arg as JSON.
  const expression = `((predicate, arg) => { const state = window.__bench?.state; return state !== undefined && predicate(state, arg); })(${predicate.toString()}, ${JSON.stringify(arg)})`;
  try {
    await device.page.waitForFunction(expression, undefined, { timeout, polling: 20 });
  } catch (error) {
    const state = await device.page.evaluate(() => window.__bench?.state).catch(() => undefined);
    throw new Error(`${device.name}: timed out waiting for ${what}; state ${JSON.stringify(state)}`, { cause: error });
  }
};

/** Opens the store in a new context and waits until the client has its identity, its stream and the catalogue. */
export const openBrowserDevice = async (
  browser: Browser,
  baseUrl: string,
  name: string,
  options: DeviceOptions,
): Promise<BrowserDevice> => {
  // bypassCSP: the echo baseline's page talks to the echo server on another port, which the store's CSP
  // (connect-src 'self', sync-server/http/security-headers.ts) blocks; the app's own requests are same-origin.
  const context = await browser.newContext({ serviceWorkers: options.serviceWorkers, bypassCSP: true });
  await context.addInitScript({ content: INIT_SCRIPT });
  if (options.trace) await context.addInitScript({ content: TRACE_SCRIPT });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${name}] page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[${name}] console: ${message.text()}`);
  });
  const device = { name, context, page };
  await page.goto(baseUrl);
  if (options.serviceWorkers === 'allow') await waitForServiceWorker(device);
  await attach(device);
  await waitForState(device, (s) => Boolean(s.sync?.identityReady && s.sync.connected && s.products >= 6), 0, 'ready');
  return device;
};

/**
 * The shipped app is a PWA: with clientsClaim the first load is usually taken over without a reload;
 * if not within 10 s, reload once (as tests/e2e/helpers.ts does).
 */
const waitForServiceWorker = async (device: BrowserDevice): Promise<void> => {
  const controlled = () =>
    device.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
  try {
    await controlled();
  } catch {
    await device.page.reload();
    await controlled();
  }
};

/** Waits for the debug hook and keeps the client's latest sync state, cart owner and catalogue size in the page. */
const attach = async (device: BrowserDevice): Promise<void> => {
  await device.page.waitForFunction(() => window.__store !== undefined, undefined, { timeout: 30_000 });
  await device.page.evaluate(() => {
    const { client } = window.__store!;
    const state: BenchPageState = { products: 0 };
    const subscriptions = [
      client.syncState$.subscribe((s) => (state.sync = s)),
      client.cart$.subscribe((c) => (state.owner = c.owner)),
      client.products$.subscribe((p) => (state.products = p.length)),
    ];
    const trace = (window as Window & { __benchTrace?: PageTrace }).__benchTrace;
    window.__bench = { state, ...(trace ? { trace } : {}), stop: () => subscriptions.forEach((s) => s.unsubscribe()) };
  });
};

export interface Identity {
  token: string;
  owner: string;
}

export const identityOf = async (device: BrowserDevice): Promise<Identity> => {
  const identity = await device.page.evaluate(async () => {
    const doc = await window.__store!.client.db.getLocal<{ token?: string; owner?: string }>('identity');
    return doc?.toJSON().data;
  });
  if (!identity?.token || !identity.owner) throw new Error(`${device.name} has no identity`);
  return { token: identity.token, owner: identity.owner };
};

/**
 * Makes `second` another device of `first`'s shopper (as the Node devices of tools/bench/latency.ts do):
 * it writes the identity document, the client switches its replication to that owner; wait until the cart
 * it shows is that owner's and the live stream is connected.
 */
export const adoptIdentity = async (first: BrowserDevice, second: BrowserDevice): Promise<Identity> => {
  const identity = await identityOf(first);
  await second.page.evaluate(({ token, owner }) => window.__store!.adoptIdentity(token, owner), identity);
  await waitForState(
    second,
    (s, owner) => s.owner === owner && Boolean(s.sync?.connected && s.sync.identityReady),
    identity.owner,
    `cart of ${identity.owner}`,
  );
  return identity;
};

/**
 * RxDB names each replication's meta collection 'rx-replication-meta-' + hash(collection + '-' + identifier);
 * the client's identifier is `origin:<owner>:<collection>` (client/sync/store-client.ts, replication.ts).
 * Returns the short names the trace uses (meta-<6 hex>) mapped to meta(<collection>).
 */
export const metaNames = async (device: BrowserDevice, owner: string): Promise<Record<string, string>> =>
  device.page.evaluate(async (o) => {
    const names: Record<string, string> = {};
    for (const collection of ['commands', 'outcomes', 'carts', 'products']) {
      const hash = await window.__store!.client.db.hashFunction(`${collection}-origin:${o}:${collection}`);
      names[`meta-${hash.slice(0, 6)}`] = `meta(${collection})`;
    }
    return names;
  }, owner);

/** Per-entry counts divided by `per`, heaviest first, meta collections named. */
export const describeCounts = (
  counts: Record<string, number>,
  names: Record<string, string>,
  per = 1,
  limit = 10,
): string => {
  const entries = Object.entries(counts)
    .map(([k, n]): [string, number] => [k.replace(/meta-\w{6}/, (m) => names[m] ?? m), n / per])
    .sort((x, y) => y[1] - x[1]);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return `${num(total)} (${entries
    .slice(0, limit)
    .map(([k, n]) => `${k} ${num(n)}`)
    .join(', ')})`;
};

export const closeDevice = async (device: BrowserDevice): Promise<void> => {
  await device.page.evaluate(() => window.__bench?.stop()).catch(() => undefined);
  await device.context.close();
};

/** Epoch ms in Node, comparable with `performance.timeOrigin + performance.now()` in the pages. */
export const epochNow = (): number => performance.timeOrigin + performance.now();
