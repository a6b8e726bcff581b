import { cpuSince, cpuSnapshot, type CpuUse } from './browser-cpu.ts';
import { epochNow, metaNames, waitForState, type BrowserDevice, type PageRequestTrace } from './browser-devices.ts';

/**
 * Figure 2 in Chromium: a device makes `count` commands offline (context.setOffline(true); add and
 * remove APP3 alternating, one dispatch() loop inside the page), then comes online. Timed inside the
 * page with performance.now(): from its `online` event (what setOffline(false) makes Chromium fire;
 * the client reconnects its stream and the RxDB push handler resumes on it) until `client.settled()`
 * resolves (every command has its outcome on the device). Also reported: the same span seen from Node
 * (before setOffline(false) -> evaluate returns, with its CDP hops), and when the waiting count reached 0.
 */
export interface BrowserDrain {
  /** In the page: `online` event -> settled() resolved. */
  ms: number;
  /** From Node: just before setOffline(false) -> the page's answer arrived. */
  nodeMs: number;
  /** In the page: `online` event -> syncState$ waiting 0 (answered commands removed locally). */
  waitingZeroMs: number;
  /** In the page: `online` event -> the stream connected again. */
  connectedMs: number;
  /** The offline dispatch loop (not part of `ms`), and its mean ms per dispatch() over the first and last 50. */
  dispatchMs: number;
  dispatchEach: { first50: number; last50: number };
  statuses: Record<string, number>;
  /** CPU of the server process and Chromium from setOffline(false) to the answer. */
  cpu: CpuUse;
  /** BENCH_TRACE=1: the sync requests after coming online, ms from the `online` event. */
  requests?: string[];
  /** BENCH_TRACE=1: IndexedDB transactions and requests from setOffline(false) to the answer. */
  idb?: { transactions: Record<string, number>; requests: Record<string, number>; names: Record<string, string> };
}

interface DrainTimes {
  online: number;
  settled: number;
  waitingZero: number;
  connected: number;
}

declare global {
  interface Window {
    __benchDrain?: Promise<DrainTimes>;
  }
}

/** Wraps the measured part (setOffline(false) until the answer), e.g. to profile it. */
export type Around = <T>(work: () => Promise<T>) => Promise<T>;

export const measureBrowserDrain = async (
  device: BrowserDevice,
  count: number,
  around: Around = (work) => work(),
): Promise<BrowserDrain> => {
  const { page, context } = device;
  await context.setOffline(true);
  await waitForState(device, (s) => s.sync?.online === false, 0, 'offline');

  const made = await page.evaluate(async (n) => {
    const { client } = window.__store!;
    const began = performance.now();
    const ids: string[] = [];
    const each: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const command =
        i % 2 === 0
          ? await client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 })
          : await client.dispatch('cart.removeItem', { lineId: 'APP3' });
      each.push(performance.now() - t);
      ids.push(command.id);
    }
    const mean = (list: number[]) => list.reduce((sum, x) => sum + x, 0) / Math.max(1, list.length);
    return { ids, ms: performance.now() - began, first50: mean(each.slice(0, 50)), last50: mean(each.slice(-50)) };
  }, count);
  await waitForState(device, (s, n) => s.sync?.waiting === n, count, `${count} waiting offline`, 60_000);

  // Armed before going online: the page's own clock from its `online` event.
  await page.evaluate(() => {
    window.__benchDrain = new Promise<DrainTimes>((resolve, reject) => {
      window.addEventListener(
        'online',
        () => {
          const online = performance.now();
          const { client } = window.__store!;
          const times: Partial<DrainTimes> = { online };
          const sub = client.syncState$.subscribe((s) => {
            if (s.connected && times.connected === undefined) times.connected = performance.now();
            if (s.waiting === 0 && times.waitingZero === undefined) times.waitingZero = performance.now();
          });
          client.settled().then(
            async () => {
              times.settled = performance.now();
              // settled() comes first; the waiting count follows once answered commands are removed.
              const deadline = performance.now() + 30_000;
              while (times.waitingZero === undefined && performance.now() < deadline)
                await new Promise((r) => setTimeout(r, 5));
              sub.unsubscribe();
              resolve(times as DrainTimes);
            },
            (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
          );
        },
        { once: true },
      );
    });
  });
  const trace = await page.evaluate(() => {
    const t = window.__bench?.trace;
    if (!t) return -1;
    t.requests.length = 0;
    t.streamEvents.length = 0;
    t.idb = {};
    t.ops = {};
    return 0;
  });
  const { times, nodeMs, onlineEpoch, cpu } = await around(async () => {
    const cpuBefore = cpuSnapshot();
    const nodeStart = performance.now();
    const onlineEpoch = epochNow();
    await context.setOffline(false);
    const times = await page.evaluate(() => window.__benchDrain!);
    return { times, nodeMs: performance.now() - nodeStart, onlineEpoch, cpu: cpuSince(cpuBefore) };
  });

  const statuses = await page.evaluate(async (ids) => {
    const found = await window.__store!.client.db.outcomes.findByIds(ids).exec();
    const counts: Record<string, number> = { missing: ids.length - found.size };
    for (const doc of found.values()) counts[doc.status] = (counts[doc.status] ?? 0) + 1;
    return counts;
  }, made.ids);
  if (statuses.succeeded !== count)
    throw new Error(`drain: outcomes ${JSON.stringify(statuses)}, expected ${count} succeeded`);

  let requests: string[] | undefined;
  let idb: BrowserDrain['idb'];
  if (trace >= 0) {
    const counts = await page.evaluate(() => ({
      transactions: { ...window.__bench!.trace!.idb },
      requests: { ...window.__bench!.trace!.ops },
    }));
    const owner = await page.evaluate(() => window.__bench!.state.owner ?? '');
    idb = { ...counts, names: await metaNames(device, owner) };
    const list = await page.evaluate(() => window.__bench!.trace!.requests as PageRequestTrace[]);
    const events = await page.evaluate(() => window.__bench!.trace!.streamEvents);
    const origin = await page.evaluate(() => performance.timeOrigin);
    const rel = (t: number | undefined) => (t === undefined ? '…' : (t - origin - times.online).toFixed(0));
    requests = list.map(
      (r) =>
        `${r.what.replace(/^GET \/sync\/|^POST \/sync\//, '')}${r.ids ? `(${r.ids.length})` : ''} ${rel(r.start)}..${rel(r.end)}`,
    );
    requests.unshift(
      `online event seen ${(origin + times.online - onlineEpoch).toFixed(1)} ms after setOffline(false)`,
    );
    const byCollection = new Map<string, { n: number; docs: number; first: number; last: number }>();
    for (const e of events) {
      const entry = byCollection.get(e.collection) ?? { n: 0, docs: 0, first: e.at, last: e.at };
      entry.n += 1;
      entry.docs += e.docs;
      entry.last = e.at;
      byCollection.set(e.collection, entry);
    }
    for (const [collection, e] of byCollection)
      requests.push(
        e.n <= 8
          ? `stream ${collection}: ${events
              .filter((x) => x.collection === collection)
              .map((x) => `${x.docs} docs at ${rel(x.at)}`)
              .join(', ')}`
          : `stream ${collection}: ${e.n} events, ${e.docs} docs, ${rel(e.first)}..${rel(e.last)}`,
      );
  }
  return {
    ms: times.settled - times.online,
    nodeMs,
    waitingZeroMs: times.waitingZero - times.online,
    connectedMs: times.connected - times.online,
    dispatchMs: made.ms,
    dispatchEach: { first50: made.first50, last50: made.last50 },
    statuses,
    cpu,
    ...(requests ? { requests } : {}),
    ...(idb ? { idb } : {}),
  };
};
