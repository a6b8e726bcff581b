import type { CommandDocument } from '../../schema/index.ts';
import { epochNow, metaNames, type BrowserDevice, type PageTrace } from './browser-devices.ts';
import type { TracedDatabase } from './stores.ts';

/**
 * Figure 1 in Chromium: device A dispatches, device B shows the result. Orchestrated from Node: the clock
 * starts just before A's `page.evaluate` (dispatch) and stops when B's page calls the exposed binding from
 * its `commands$` subscription. Both ends include one CDP hop (Node -> A, B -> Node); nothing is subtracted.
 * Rounds alternate cart.addItem and cart.removeItem of APP3 so its stock (50) never runs out.
 */

export interface BrowserLatency {
  /** dispatch on A -> result in B's commands$ -> binding in Node (ms). */
  total: number[];
  /** A's dispatch() as timed inside A's page (the local write). */
  dispatch: number[];
  /** BENCH_TRACE=1: median of each segment (ms), see SEGMENTS. */
  segments?: { name: string; p50: number; n: number }[];
  /** BENCH_TRACE=1: IndexedDB transactions and requests of the measured rounds on A and on B. */
  idb?: IdbCounts;
}

/**
 * hopIn: Node start -> A's evaluate begins; dispatch: A's local write; toPush: until A's push request
 * starts; push: the request (server push tx inside); toStream: push answered -> B's stream delivers it
 * (executor batch + NOTIFY + SSE write); apply: B's stream -> B's commands$ (RxDB write, query, emit);
 * hopOut: B's commands$ -> binding in Node. Server (traced PGlite): srvPushTx, srvBatchTx, and
 * srvPushEndToBatchEnd (push tx committed -> the executor batch that settled it committed); per round,
 * srvTxCount transactions taking srvTxMs in all, srvStmtCount statements outside them (stream reads,
 * pulls) taking srvStmtMs in all.
 */
export interface IdbCounts {
  rounds: number;
  a: { transactions: Record<string, number>; requests: Record<string, number> };
  b: { transactions: Record<string, number>; requests: Record<string, number> };
  /** meta-<hash> -> meta(<collection>). */
  names: Record<string, string>;
}

export const SEGMENTS = [
  'hopIn',
  'dispatch',
  'toPush',
  'push',
  'toStream',
  'apply',
  'hopOut',
  'srvPushTx',
  'srvBatchTx',
  'srvPushEndToBatchEnd',
  'srvTxCount',
  'srvTxMs',
  'srvStmtCount',
  'srvStmtMs',
] as const;

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

export const measureBrowserLatency = async (
  a: BrowserDevice,
  b: BrowserDevice,
  warmup: number,
  samples: number,
  db: TracedDatabase,
  trace: boolean,
): Promise<BrowserLatency> => {
  interface Seen {
    at: number;
    status: string;
    pageAt: number;
  }
  const seen = new Map<string, Seen>();
  const waiters = new Map<string, (s: Seen) => void>();
  await b.page.exposeBinding('__benchSeen', (_source, id: string, status: string, pageAt: number) => {
    const found = { at: performance.now(), status, pageAt };
    seen.set(id, found);
    waiters.get(id)?.(found);
  });
  await b.page.evaluate(() => {
    const reported = new Set<string>();
    const subscription = window.__store!.client.commands$.subscribe((list: CommandDocument[]) => {
      const at = performance.timeOrigin + performance.now();
      for (const command of list) {
        if (command.status === 'pending' || reported.has(command.id)) continue;
        reported.add(command.id);
        void window.__benchSeen!(command.id, command.status, at);
      }
    });
    const bench = window.__bench!;
    const stop = bench.stop;
    bench.stop = () => {
      subscription.unsubscribe();
      stop();
    };
  });
  const visibleOnB = (id: string, ms = 15_000): Promise<Seen> => {
    const found = seen.get(id);
    if (found) return Promise.resolve(found);
    return new Promise<Seen>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`command ${id} not visible on B after ${ms} ms`)), ms);
      waiters.set(id, (s) => {
        clearTimeout(timer);
        waiters.delete(id);
        resolve(s);
      });
    });
  };

  const total: number[] = [];
  const dispatch: number[] = [];
  const parts = Object.fromEntries(SEGMENTS.map((s) => [s, [] as number[]])) as Record<
    (typeof SEGMENTS)[number],
    number[]
  >;
  db.trace.enabled = trace;
  let idb: IdbCounts | undefined;
  const takeIdb = (device: BrowserDevice) =>
    device.page.evaluate(() => {
      const t = window.__bench?.trace;
      const copy = { transactions: { ...t?.idb }, requests: { ...t?.ops } };
      if (t) {
        t.idb = {};
        t.ops = {};
      }
      return copy;
    });
  if (trace) await Promise.all([takeIdb(a), takeIdb(b)]);
  try {
    for (let round = 0; round < warmup + samples; round++) {
      db.trace.reset();
      const startEpoch = epochNow();
      const start = performance.now();
      const sent = await a.page.evaluate(
        async (add) => {
          const began = performance.timeOrigin + performance.now();
          const { client } = window.__store!;
          const command = add
            ? await client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 })
            : await client.dispatch('cart.removeItem', { lineId: 'APP3' });
          return { id: command.id, began, done: performance.timeOrigin + performance.now() };
        },
        round % 2 === 0,
      );
      const result = await visibleOnB(sent.id);
      if (result.status !== 'succeeded') throw new Error(`round ${round}: ended ${result.status}, expected succeeded`);
      if (round < warmup) {
        if (trace) await Promise.all([takeIdb(a), takeIdb(b)]);
        continue;
      }
      total.push(result.at - start);
      dispatch.push(sent.done - sent.began);
      if (!trace) continue;
      const [traceA, traceB] = await Promise.all(
        [a, b].map((d) =>
          d.page.evaluate(() => {
            const t = window.__bench?.trace;
            const copy: PageTrace | undefined = t && {
              requests: t.requests.splice(0),
              streamSettled: t.streamSettled,
              idb: {},
              ops: {},
              streamEvents: t.streamEvents.splice(0),
            };
            if (t) t.streamSettled = {};
            return copy;
          }),
        ),
      );
      const pushed = traceA?.requests.find((r) => r.ids?.includes(sent.id));
      const onStream = traceB?.streamSettled[sent.id];
      if (!pushed?.end || onStream === undefined) continue;
      const toEpoch = (t: number) => performance.timeOrigin + t;
      parts.hopIn.push(sent.began - startEpoch);
      parts.dispatch.push(sent.done - sent.began);
      parts.toPush.push(pushed.start - sent.done);
      parts.push.push(pushed.end - pushed.start);
      parts.toStream.push(onStream - pushed.end);
      parts.apply.push(result.pageAt - onStream);
      parts.hopOut.push(toEpoch(result.at) - result.pageAt);
      const pushTx = db.trace.transactions.find((t) => t.kind === 'push');
      const batchTx = db.trace.transactions.find((t) => t.kind === 'executor batch' && Number(t.result) > 0);
      if (pushTx) parts.srvPushTx.push(pushTx.end - pushTx.start);
      if (batchTx) parts.srvBatchTx.push(batchTx.end - batchTx.start);
      if (pushTx && batchTx) parts.srvPushEndToBatchEnd.push(batchTx.end - pushTx.end);
      parts.srvTxCount.push(db.trace.transactions.length);
      parts.srvTxMs.push(db.trace.transactions.reduce((sum, t) => sum + (t.end - t.start), 0));
      parts.srvStmtCount.push(db.trace.queries.length);
      parts.srvStmtMs.push(db.trace.queries.reduce((sum, q) => sum + q.ms, 0));
    }
    if (trace) {
      // Everything since the warm-up ended (work still running when the last round ended included).
      const [countsA, countsB] = await Promise.all([takeIdb(a), takeIdb(b)]);
      const owner = await a.page.evaluate(() => window.__bench!.state.owner ?? '');
      idb = { rounds: samples, a: countsA, b: countsB, names: await metaNames(a, owner) };
    }
  } finally {
    db.trace.enabled = false;
    db.trace.reset();
  }
  return {
    total,
    dispatch,
    ...(trace
      ? {
          segments: SEGMENTS.map((name) => ({ name, p50: median(parts[name]), n: parts[name].length })),
          ...(idb ? { idb } : {}),
        }
      : {}),
  };
};

/**
 * The baseline with the same hops: A's page POSTs to the echo server with fetch, B's page holds an
 * EventSource on its SSE stream and calls the binding on each event. Timed from just before A's evaluate.
 */
export const measureBrowserEcho = async (
  a: BrowserDevice,
  b: BrowserDevice,
  echoUrl: string,
  warmup: number,
  samples: number,
): Promise<number[]> => {
  const arrived = new Map<number, number>();
  const waiters = new Map<number, (at: number) => void>();
  await b.page.exposeBinding('__benchEcho', (_source, n: number) => {
    const at = performance.now();
    arrived.set(n, at);
    waiters.get(n)?.(at);
  });
  await b.page.evaluate(
    (url) =>
      new Promise<void>((resolve, reject) => {
        const source = new EventSource(`${url}/events`);
        source.addEventListener('echo', (event) => {
          const { n } = JSON.parse((event as MessageEvent<string>).data) as { n: number };
          void window.__benchEcho!(n);
        });
        source.onopen = () => resolve();
        source.onerror = () => reject(new Error('echo EventSource failed'));
        const bench = window.__bench!;
        const stop = bench.stop;
        bench.stop = () => {
          source.close();
          stop();
        };
      }),
    echoUrl,
  );
  const latencies: number[] = [];
  for (let n = 0; n < warmup + samples; n++) {
    const got = arrived.has(n)
      ? Promise.resolve(arrived.get(n)!)
      : new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`echo ${n} not seen on B after 10 s`)), 10_000);
          waiters.set(n, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });
    const start = performance.now();
    await a.page.evaluate(
      async ({ url, n }) => {
        const response = await fetch(`${url}/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ n, sku: 'APP3', qty: 1 }),
        });
        await response.arrayBuffer();
      },
      { url: echoUrl, n },
    );
    const at = await got;
    waiters.delete(n);
    if (n >= warmup) latencies.push(at - start);
  }
  return latencies;
};
