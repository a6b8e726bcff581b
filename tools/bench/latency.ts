import type { CommandDocument } from '../../schema/index.ts';
import { profiled } from './profile.ts';
import type { TracedDatabase } from './stores.ts';
import { adoptIdentity, identityOf, openBenchDevice, whenReady, type BenchDevice } from './devices.ts';

/**
 * Device-to-device latency: device A dispatches a cart command; the sample ends when device B's
 * `commands$` holds that command id with a status other than pending (the result is visible on B).
 * Rounds alternate add and remove of two seeded products, so quantities stay far below stock.
 */
const SKUS = ['APP3', 'IP17-256-BLK'] as const;

export interface LatencySamples {
  /** dispatch on A until the result is visible on B. */
  total: number[];
  /** The part until A's dispatch() resolved (the local write). */
  dispatch: number[];
  /** Per sample, where the time went (ms): see `segments`. */
  segments: Record<Segment, number[]>;
  /** Per statement of the push transaction (label), its time in each sample; 'BEGIN/COMMIT + wait' the rest. */
  pushTxStatements: Map<string, number[]>;
}

/**
 * dispatch: A's dispatch() (validation + insert); toPush: dispatch resolved -> A's push request sent
 * (the pusher reacts to the insert itself, so this is usually negative); push: the push request on the
 * wire and in the server (its transaction, which runs a command next in line); toStream: push answered
 * -> the result arrives on B's stream (the server publishes it before answering, so it can be negative);
 * apply: on B's stream -> in B's commands$ (RxDB write, query, emission). Server side, from the
 * database trace: srvPushTx the push transaction, srvPushWait push request sent -> its transaction
 * began (HTTP, JSON, zod, and waiting for the single PGlite connection), srvBatchTx an executor batch
 * (only for commands that were not next in line); per round: srvTxCount transactions, srvStmtCount
 * statements outside them (stream reads, pulls) taking srvStmtMs in all. cpu: the process's CPU time
 * (user + system, server and both devices) from dispatch until visible on B: steadier than wall time
 * on a shared machine, as other processes' load does not count in it.
 */
export const SEGMENTS = [
  'cpu',
  'dispatch',
  'toPush',
  'push',
  'toStream',
  'apply',
  'srvPushTx',
  'srvPushWait',
  'srvBatchTx',
  'srvTxCount',
  'srvStmtCount',
  'srvStmtMs',
] as const;
export type Segment = (typeof SEGMENTS)[number];

export const measureDeviceLatency = async (
  baseUrl: string,
  db: TracedDatabase,
  warmup: number,
  samples: number,
  /** The CPU profile's name when BENCH_PROFILE is set: it covers the rounds, not the devices' start. */
  phase = 'latency',
): Promise<LatencySamples> => {
  const devices: BenchDevice[] = [];
  try {
    const a = await openBenchDevice(baseUrl, 'latency-a');
    devices.push(a);
    await whenReady(a);
    const b = await openBenchDevice(baseUrl, 'latency-b');
    devices.push(b);
    await whenReady(b);
    await adoptIdentity(a, b);
    const owner = (await identityOf(a)).owner!;
    await whenReady(b, owner);

    // One subscription on B: the moment each command id is first seen settled.
    interface Seen {
      at: number;
      status: CommandDocument['status'];
    }
    const settledAt = new Map<string, Seen>();
    const waiters = new Map<string, (seen: Seen) => void>();
    const subscription = b.client.commands$.subscribe((list: CommandDocument[]) => {
      const at = performance.now();
      for (const command of list) {
        if (command.status === 'pending' || settledAt.has(command.id)) continue;
        const seen = { at, status: command.status };
        settledAt.set(command.id, seen);
        waiters.get(command.id)?.(seen);
      }
    });
    const visibleOnB = (id: string, ms = 10_000): Promise<Seen> => {
      const seen = settledAt.get(id);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<Seen>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`command ${id} not visible on B after ${ms} ms`)), ms);
        waiters.set(id, (found) => {
          clearTimeout(timer);
          waiters.delete(id);
          resolve(found);
        });
      });
    };

    const latencies: number[] = [];
    const dispatchTimes: number[] = [];
    const segments = Object.fromEntries(SEGMENTS.map((k) => [k, [] as number[]])) as Record<Segment, number[]>;
    const pushTxStatements = new Map<string, number[]>();
    const addStatement = (label: string, ms: number) => {
      const list = pushTxStatements.get(label) ?? [];
      list.push(ms);
      pushTxStatements.set(label, list);
    };
    a.trace.enabled = true;
    b.trace.enabled = true;
    db.trace.enabled = true;
    try {
      await profiled(phase, async () => {
        for (let round = 0; round < warmup + samples; round++) {
          const sku = SKUS[Math.floor(round / 2) % SKUS.length]!;
          const cpuStart = process.cpuUsage();
          const start = performance.now();
          const command =
            round % 2 === 0
              ? await a.client.dispatch('cart.addItem', { sku, qty: 1 })
              : await a.client.dispatch('cart.removeItem', { lineId: sku });
          const dispatched = performance.now();
          const seen = await visibleOnB(command.id);
          const cpu = process.cpuUsage(cpuStart);
          if (seen.status !== 'succeeded')
            throw new Error(`round ${round}: ${command.type} ended ${seen.status}, expected succeeded`);
          if (round >= warmup) {
            latencies.push(seen.at - start);
            dispatchTimes.push(dispatched - start);
            const pushed = a.trace.requests.find((r) => r.ids?.includes(command.id));
            const onStream = b.trace.events.find((e) => e.settledIds.includes(command.id));
            if (pushed?.end !== undefined && onStream) {
              segments.cpu.push((cpu.user + cpu.system) / 1000);
              segments.dispatch.push(dispatched - start);
              segments.toPush.push(pushed.start - dispatched);
              segments.push.push(pushed.end - pushed.start);
              segments.toStream.push(onStream.at - pushed.end);
              segments.apply.push(seen.at - onStream.at);
              const pushTx = db.trace.transactions.find((t) => t.kind === 'push' && t.start >= pushed.start);
              const batchTx = db.trace.transactions.find((t) => t.kind === 'executor batch' && Number(t.result) > 0);
              if (pushTx) {
                segments.srvPushTx.push(pushTx.end - pushTx.start);
                segments.srvPushWait.push(pushTx.start - pushed.start);
                for (const q of pushTx.queries) addStatement(q.label, q.ms);
                addStatement('BEGIN/COMMIT + wait', pushTx.end - pushTx.start - pushTx.workMs);
                addStatement('JS between statements', pushTx.workMs - pushTx.queries.reduce((sum, q) => sum + q.ms, 0));
              }
              if (batchTx) segments.srvBatchTx.push(batchTx.end - batchTx.start);
              // Per round: transactions, and statements outside them (stream reads, pulls, counter reads).
              segments.srvTxCount.push(db.trace.transactions.length);
              segments.srvStmtCount.push(db.trace.queries.length);
              segments.srvStmtMs.push(db.trace.queries.reduce((sum, q) => sum + q.ms, 0));
            }
          }
          a.trace.reset();
          b.trace.reset();
          db.trace.reset();
        }
      });
    } finally {
      a.trace.enabled = false;
      b.trace.enabled = false;
      db.trace.enabled = false;
      subscription.unsubscribe();
    }
    return { total: latencies, dispatch: dispatchTimes, segments, pushTxStatements };
  } finally {
    for (const device of devices) await device.client.stop();
  }
};
