import { Worker } from 'node:worker_threads';
import type { CommandDocument } from '../../schema/index.ts';
import type { DeviceBData, DeviceBMessage, DeviceBRequest, TracedOnB } from './latency-device-b.ts';
import { profiled } from './profile.ts';
import { clockOffset, meetings } from './processes.ts';
import type { TracedDatabase } from './stores.ts';
import { identityOf, openBenchDevice, whenReady, type BenchDevice } from './devices.ts';

/**
 * Device-to-device latency with the server and both devices in this one process: device A dispatches a cart
 * command; the sample ends when device B's `commands$` holds that command id with a status other than pending (the
 * result is visible on B). Rounds alternate add and remove of two seeded products, so quantities stay far below stock.
 *
 * The server and A run on the main thread; B runs in a worker thread (latency-device-b.ts), a realm of its own:
 * RxDB's free version opens at most 13 collections a realm, and two devices open 18 (RxDB error COL23). B's work
 * therefore runs beside the main thread's rather than between its tasks; the process's CPU (`cpu`) counts both.
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
 * (user + system, every thread: server, A, and B's worker) from dispatch until visible on B: steadier than wall
 * time on a shared machine, as other processes' load does not count in it.
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

/** A command first seen settled on B, and when (systemNow ms). */
interface SettledOnB {
  status: CommandDocument['status'];
  at: number;
}

/** Device B in its worker thread (latency-device-b.ts), as the main thread drives it. */
interface WorkerDevice {
  /** B is open, on A's cart, and watching its commands$. */
  ready: Promise<void>;
  /** When B's commands$ first held the command settled; fails at once if the worker does. */
  settled(commandId: string): Promise<SettledOnB>;
  call<T>(request: DeviceBRequest): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts B's worker. Node 20 does not apply `--import tsx` in a Worker's execArgv to the worker's entry module
 * (nodejs/node#47747: ERR_UNKNOWN_FILE_EXTENSION), so a one-line bootstrap registers tsx's loader in the worker,
 * then imports the entry.
 */
const startDeviceB = (data: DeviceBData): WorkerDevice => {
  const entry = new URL('./latency-device-b.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    // Its stdout is RxDB's banner once per realm: dropped (errors come through stderr and 'error').
    { eval: true, workerData: data, stdout: true },
  );
  worker.stdout.resume();
  const seen = meetings<string, SettledOnB>();
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  let opened: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  /** Rejects once the worker fails or exits: every wait on B races it. */
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => undefined);
  const ready = Promise.race([new Promise<void>((resolve) => (opened = resolve)), failure]);
  worker.on('message', (message: DeviceBMessage) => {
    if (message.kind === 'ready') opened();
    else if (message.kind === 'settled') seen.arrive(message.commandId, message);
    else {
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) call?.reject(new Error(`device B: ${message.error}`));
      else call?.resolve(message.result);
    }
  });
  worker.on('error', (error) => fail(new Error(`device B's worker failed: ${error.stack ?? error.message}`)));
  worker.on('exit', (code) => fail(new Error(`device B's worker exited (${code})`)));
  const call = <T>(request: DeviceBRequest): Promise<T> => {
    const id = next++;
    const answered = new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    worker.postMessage({ id, ...request });
    return Promise.race([answered, failure]);
  };
  return {
    ready,
    settled: (commandId) => Promise.race([seen.expect(commandId), failure]),
    call,
    async close() {
      // B's client stops cleanly if the worker is up (given 5 s, as device processes are); the worker ends either way.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ready.then(() => call({ op: 'stop' })),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000))),
      ]).catch(() => undefined);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
};

export const measureDeviceLatency = async (
  baseUrl: string,
  db: TracedDatabase,
  warmup: number,
  samples: number,
  /**
   * The CPU profile's name when BENCH_PROFILE is set: it covers the rounds, not the devices' start (this thread:
   * server and A; B's worker writes <phase>-device-b).
   */
  phase = 'latency',
): Promise<LatencySamples> => {
  const a = await openBenchDevice(baseUrl, 'latency-a');
  try {
    await whenReady(a);
    // B adopts A's identity (the same shopper, a client id of its own): the identity document's token and owner.
    const { token, owner } = await identityOf(a);
    if (!token || !owner) throw new Error('device A has no cart identity');
    const b = startDeviceB({ baseUrl, label: 'latency-b', identity: { token, owner } });
    try {
      await b.ready;
      return await measureRounds(a, b, db, warmup, samples, phase);
    } finally {
      await b.close();
    }
  } finally {
    await a.client.stop();
  }
};

/** The measured rounds, with A open on this thread and B ready in its worker. */
const measureRounds = async (
  a: BenchDevice,
  b: WorkerDevice,
  db: TracedDatabase,
  warmup: number,
  samples: number,
  phase: string,
): Promise<LatencySamples> => {
  /** B's stamps (systemNow) on this thread's performance.now() clock, which A's and the database's traces use. */
  const onMainClock = (at: number) => at - clockOffset;

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
  await b.call({ op: 'trace', on: true, profile: `${phase}-device-b` });
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
        const seen = await b.settled(command.id);
        const cpu = process.cpuUsage(cpuStart);
        if (seen.status !== 'succeeded')
          throw new Error(`round ${round}: ${command.type} ended ${seen.status}, expected succeeded`);
        // Read (and reset) after the sample: B parses what it recorded only now.
        const traced = await b.call<TracedOnB>({ op: 'traced', commandId: command.id });
        if (round >= warmup) {
          const seenAt = onMainClock(seen.at);
          latencies.push(seenAt - start);
          dispatchTimes.push(dispatched - start);
          const pushed = a.trace.requests.find((r) => r.ids?.includes(command.id));
          const onStream = traced.onStream === undefined ? undefined : onMainClock(traced.onStream);
          if (pushed?.end !== undefined && onStream !== undefined) {
            segments.cpu.push((cpu.user + cpu.system) / 1000);
            segments.dispatch.push(dispatched - start);
            segments.toPush.push(pushed.start - dispatched);
            segments.push.push(pushed.end - pushed.start);
            segments.toStream.push(onStream - pushed.end);
            segments.apply.push(seenAt - onStream);
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
        db.trace.reset();
      }
    });
  } finally {
    a.trace.enabled = false;
    db.trace.enabled = false;
    await b.call({ op: 'trace', on: false });
  }
  return { total: latencies, dispatch: dispatchTimes, segments, pushTxStatements };
};
