import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { profiled } from './profile.ts';
import type { TracedDatabase } from './stores.ts';

/**
 * Devices in processes of their own, as they are in reality (two phones and a server): the bench process
 * holds the server (sync or echo) and starts each device as a child (device-process.ts), driven over IPC.
 *
 * Times that cross processes come from `systemNow`: process.hrtime.bigint() reads CLOCK_MONOTONIC, one
 * clock for the whole machine on Linux (not per process, unlike performance.now(), whose origin is each
 * process's start), so a start stamped in device A and an arrival stamped in device B subtract exactly.
 * IPC only carries the stamps after the fact; its own delay is never inside a sample.
 */
export const systemNow = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * systemNow() - performance.now() in this process: the traces stamp with performance.now(), which runs on the
 * same monotonic clock from this process's origin, so one offset converts them. Both are read once before (the
 * first call of each does some setup, which would skew the offset by a fraction of a ms).
 */
export const clockOffset = (() => {
  systemNow();
  performance.now();
  const before = systemNow();
  const at = performance.now();
  return (before + systemNow()) / 2 - at;
})();

/** A request to a device process and its answer. */
export type DeviceRequest =
  | { op: 'open'; baseUrl: string; label: string; identity?: Identity }
  | { op: 'watch' }
  | { op: 'dispatch'; round: number; sku: string }
  | { op: 'echoListen'; url: string }
  | { op: 'echoPost'; url: string; n: number }
  /** The floor (floor.ts): open a bare local store, listen (B), post (A), close. */
  | { op: 'floorOpen'; label: string }
  | { op: 'floorListen'; url: string }
  | { op: 'floorPost'; url: string; n: number; owner: string }
  | { op: 'floorClose' }
  | { op: 'cpu' }
  /** Tracing on (with a CPU profile named `profile` when BENCH_PROFILE is set) or off. */
  | { op: 'trace'; on: boolean; profile?: string }
  | { op: 'traced'; commandId: string }
  | { op: 'stop' };
/** Where a command was seen on a device's network (system clock ms): its push request, its result on the stream. */
export interface Traced {
  pushStart?: number;
  pushEnd?: number;
  onStream?: number;
}
export interface Identity {
  token: string;
  owner: string;
}
/** What a device process reports by itself: a command first seen settled in its view, an echo arrived. */
export type DeviceEvent =
  | { event: 'settled'; commandId: string; status: string; at: number }
  | { event: 'echo'; n: number; at: number }
  | { event: 'floorSeen'; commandId: string; at: number };

export interface RemoteDevice {
  call<T>(request: DeviceRequest): Promise<T>;
  onEvent(listener: (event: DeviceEvent) => void): void;
  close(): Promise<void>;
}

const entry = fileURLToPath(new URL('./device-process.ts', import.meta.url));

export const startDeviceProcess = (name: string): RemoteDevice => {
  const child: ChildProcess = fork(entry, [name], {
    execArgv: ['--import', 'tsx'],
    // Their stdout is RxDB's banner once per process; errors (stderr) and answers (IPC) come through.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners: ((event: DeviceEvent) => void)[] = [];
  let next = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (message: { id?: number; result?: unknown; error?: string } & Partial<DeviceEvent>) => {
    if (message.id === undefined) {
      for (const listener of listeners) listener(message as DeviceEvent);
      return;
    }
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(`${name}: ${message.error}`));
    else call?.resolve(message.result);
  });
  child.once('exit', (code) => {
    for (const call of waiting.values()) call.reject(new Error(`${name} exited (${code})`));
    waiting.clear();
  });
  return {
    call: <T>(request: DeviceRequest) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, ...request });
      }),
    onEvent: (listener) => void listeners.push(listener),
    async close() {
      if (child.exitCode === null && child.connected) {
        await new Promise<unknown>((resolve) => {
          const id = next++;
          waiting.set(id, { resolve, reject: resolve });
          child.send({ id, op: 'stop' });
        });
      }
      const timer = setTimeout(() => child.kill(), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** Resolves each key's value once both `expect(key)` was called and `arrive(key, value)` happened, in any order. */
export const meetings = <K, V>() => {
  const arrived = new Map<K, V>();
  const waiting = new Map<K, (value: V) => void>();
  return {
    arrive(key: K, value: V) {
      const waiter = waiting.get(key);
      if (waiter) {
        waiting.delete(key);
        waiter(value);
      } else arrived.set(key, value);
    },
    expect(key: K, ms = 10_000): Promise<V> {
      const value = arrived.get(key);
      if (value !== undefined) {
        arrived.delete(key);
        return Promise.resolve(value);
      }
      return new Promise<V>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing arrived for ${String(key)} in ${ms} ms`)), ms);
        waiting.set(key, (found) => {
          clearTimeout(timer);
          resolve(found);
        });
      });
    },
  };
};

export interface RemoteLatency {
  /** Device A dispatch -> visible in device B's commands$ (ms). */
  total: number[];
  /** A's dispatch() alone. */
  dispatch: number[];
  /** POST in process A -> the echo on the SSE stream of process B (ms). */
  echo: number[];
  /** The floor (floor.ts): A's local write + POST -> one-row commit -> B's stream, local write and query (ms). */
  floor: number[];
  /**
   * Per sample, where the time went (ms): dispatch (A's local write), toPush (until A's push request went),
   * push (request + server transaction, as A saw it), toStream (A's push answered -> the result on B's stream),
   * apply (B's RxDB write -> commands$); from the server's database trace: srvWait (A's push request sent ->
   * its transaction began: HTTP, JSON, zod), srvTx (the push transaction), srvToB (committed -> on B's stream).
   */
  segments: Record<RemoteSegment, number[]>;
  /** CPU ms per measured round of each process (the echo's rounds not counted). */
  cpu: { a: number; b: number; server: number };
}

export const REMOTE_SEGMENTS = [
  'dispatch',
  'toPush',
  'push',
  'toStream',
  'apply',
  'srvWait',
  'srvTx',
  'srvToB',
] as const;
export type RemoteSegment = (typeof REMOTE_SEGMENTS)[number];

const SKUS = ['APP3', 'IP17-256-BLK'] as const;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Device-to-device latency with each device in its own process, and the echo baseline in the same topology:
 * process A POSTs to the echo server in this process, which writes it to process B's SSE stream. Rounds
 * alternate add and remove of two seeded products (as latency.ts); a sample ends when B's commands$ holds
 * the command settled.
 */
export const measureRemoteLatency = async (
  baseUrl: string,
  /** The server's database, traced during the rounds for the server's part of each sample. */
  db: TracedDatabase,
  echoUrl: string,
  /** The floor's server: the echo with a one-row commit before each echo (floor.ts). */
  floorUrl: string,
  warmup: number,
  samples: number,
  /** With BENCH_PROFILE, each process writes a CPU profile of the rounds: <phase>-server, -device-a, -device-b. */
  phase = 'remote-latency',
): Promise<RemoteLatency> => {
  const a = startDeviceProcess('device-a');
  const b = startDeviceProcess('device-b');
  try {
    const settled = meetings<string, { status: string; at: number }>();
    const echoed = meetings<number, number>();
    const floorSeen = meetings<string, number>();
    b.onEvent((event) => {
      if (event.event === 'settled') settled.arrive(event.commandId, event);
      if (event.event === 'echo') echoed.arrive(event.n, event.at);
      if (event.event === 'floorSeen') floorSeen.arrive(event.commandId, event.at);
    });

    await b.call({ op: 'echoListen', url: echoUrl });
    const echo: number[] = [];
    for (let n = 0; n < warmup + samples; n++) {
      const { start } = await a.call<{ start: number }>({ op: 'echoPost', url: echoUrl, n });
      const at = await echoed.expect(n);
      if (n >= warmup) echo.push(at - start);
    }

    await Promise.all([a.call({ op: 'floorOpen', label: 'a' }), b.call({ op: 'floorOpen', label: 'b' })]);
    await b.call({ op: 'floorListen', url: floorUrl });
    const floor: number[] = [];
    for (let n = 0; n < warmup + samples; n++) {
      const posted = await a.call<{ commandId: string; start: number }>({
        op: 'floorPost',
        url: floorUrl,
        n,
        owner: 'guest-floor',
      });
      const at = await floorSeen.expect(posted.commandId);
      if (n >= warmup) floor.push(at - posted.start);
    }
    await Promise.all([a.call({ op: 'floorClose' }), b.call({ op: 'floorClose' })]);

    const identity = await a.call<Identity>({ op: 'open', baseUrl, label: 'remote-a' });
    await b.call({ op: 'open', baseUrl, label: 'remote-b', identity });
    await b.call({ op: 'watch' });

    const total: number[] = [];
    const dispatch: number[] = [];
    const segments = Object.fromEntries(REMOTE_SEGMENTS.map((k) => [k, [] as number[]])) as RemoteLatency['segments'];
    await Promise.all([
      a.call({ op: 'trace', on: true, profile: `${phase}-device-a` }),
      b.call({ op: 'trace', on: true, profile: `${phase}-device-b` }),
    ]);
    let cpuStart: { a: number; b: number; server: number } | undefined;
    db.trace.enabled = true;
    const cpuNow = async () => {
      const [cpuA, cpuB] = await Promise.all([
        a.call<NodeJS.CpuUsage>({ op: 'cpu' }),
        b.call<NodeJS.CpuUsage>({ op: 'cpu' }),
      ]);
      return { a: cpuMs(cpuA), b: cpuMs(cpuB), server: cpuMs(process.cpuUsage()) };
    };
    // Read before the profiles end (writing them costs CPU too).
    const cpuEnd = await profiled(`${phase}-server`, async () => {
      for (let round = 0; round < warmup + samples; round++) {
        if (round === warmup) cpuStart = await cpuNow();
        const sku = SKUS[Math.floor(round / 2) % SKUS.length]!;
        const sent = await a.call<{ commandId: string; start: number; dispatched: number }>({
          op: 'dispatch',
          round,
          sku,
        });
        const seen = await settled.expect(sent.commandId);
        if (seen.status !== 'succeeded') throw new Error(`round ${round} ended ${seen.status}, expected succeeded`);
        // Read (and reset) after the sample: the devices parse what they recorded only now.
        const [onA, onB] = await Promise.all([
          a.call<Traced>({ op: 'traced', commandId: sent.commandId }),
          b.call<Traced>({ op: 'traced', commandId: sent.commandId }),
        ]);
        if (round >= warmup) {
          total.push(seen.at - sent.start);
          dispatch.push(sent.dispatched - sent.start);
          if (onA.pushStart !== undefined && onA.pushEnd !== undefined && onB.onStream !== undefined) {
            segments.dispatch.push(sent.dispatched - sent.start);
            segments.toPush.push(onA.pushStart - sent.dispatched);
            segments.push.push(onA.pushEnd - onA.pushStart);
            segments.toStream.push(onB.onStream - onA.pushEnd);
            segments.apply.push(seen.at - onB.onStream);
            const tx = db.trace.transactions.find((t) => t.kind === 'push');
            if (tx) {
              segments.srvWait.push(tx.start + clockOffset - onA.pushStart);
              segments.srvTx.push(tx.end - tx.start);
              segments.srvToB.push(onB.onStream - (tx.end + clockOffset));
            }
          }
        }
        db.trace.reset();
      }
      return cpuNow();
    });
    await Promise.all([a.call({ op: 'trace', on: false }), b.call({ op: 'trace', on: false })]);
    const cpu = {
      a: (cpuEnd.a - cpuStart!.a) / samples,
      b: (cpuEnd.b - cpuStart!.b) / samples,
      server: (cpuEnd.server - cpuStart!.server) / samples,
    };
    return { total, dispatch, echo, floor, segments, cpu };
  } finally {
    db.trace.enabled = false;
    await Promise.all([a.close(), b.close()]);
  }
};
