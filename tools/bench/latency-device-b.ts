import { parentPort, workerData } from 'node:worker_threads';
import type { CommandDocument } from '../../schema/index.ts';
import { openBenchDevice, whenReady } from './devices.ts';
import { clockOffset, systemNow, type Identity } from './processes.ts';
import { startProfiledSpan } from './profile.ts';

/**
 * Device B of the one-process latency measure (latency.ts, step 1b of bench:sync), in a worker thread of the bench
 * process. Why a worker: it is a JavaScript realm of its own, with its own RxDB, and RxDB's free version opens at
 * most 13 collections a realm: the store opens 9 a device, so device A (on the main thread) and B in one realm
 * would pass it (RxDB error COL23). The worker has its own fake-indexeddb too, as a second device would.
 *
 * Its one job: open B as devices.ts does, as the same shopper as A (A's token and owner, in workerData), say
 * 'ready', then report each command id the first time B's commands$ holds it settled. Times are systemNow()
 * (processes.ts: CLOCK_MONOTONIC, one clock for every thread; each thread's performance.now() has its own origin).
 */

export interface DeviceBData {
  baseUrl: string;
  label: string;
  identity: Identity;
}
/** Requests from the main thread, each answered once done. */
export type DeviceBRequest =
  /** B's network trace on (with a CPU profile of this thread named `profile` when BENCH_PROFILE is set) or off. */
  | { op: 'trace'; on: boolean; profile?: string }
  /** When B's live stream delivered the command settled (systemNow ms), read after its round; resets the trace. */
  | { op: 'traced'; commandId: string }
  | { op: 'stop' };
export interface TracedOnB {
  onStream?: number;
}
export type DeviceBMessage =
  | { kind: 'ready' }
  | { kind: 'settled'; commandId: string; status: CommandDocument['status']; at: number }
  | { kind: 'answer'; id: number; result?: unknown; error?: string };

const port = parentPort!;
const post = (message: DeviceBMessage) => port.postMessage(message);
const { baseUrl, label, identity } = workerData as DeviceBData;

const device = await openBenchDevice(baseUrl, label);
await whenReady(device);
await device.client.db.upsertLocal('identity', identity);
await whenReady(device, identity.owner);

const seen = new Set<string>();
const subscription = device.client.commands$.subscribe((list: CommandDocument[]) => {
  const at = systemNow();
  for (const command of list) {
    if (command.status === 'pending' || seen.has(command.id)) continue;
    seen.add(command.id);
    post({ kind: 'settled', commandId: command.id, status: command.status, at });
  }
});

/** BENCH_PROFILE: ends the CPU profile of the measured rounds (started when tracing is turned on). */
let stopProfile: (() => Promise<void>) | undefined;

const handle = async (request: DeviceBRequest): Promise<unknown> => {
  switch (request.op) {
    case 'trace':
      device.trace.enabled = request.on;
      if (request.on && request.profile) stopProfile = startProfiledSpan(request.profile);
      if (!request.on) {
        await stopProfile?.();
        stopProfile = undefined;
      }
      return null;
    case 'traced': {
      const onStream = device.trace.events.find((e) => e.settledIds.includes(request.commandId));
      device.trace.reset();
      return { onStream: onStream && onStream.at + clockOffset } satisfies TracedOnB;
    }
    case 'stop':
      subscription.unsubscribe();
      await device.client.stop();
      return null;
  }
};

port.on('message', (message: { id: number } & DeviceBRequest) => {
  handle(message).then(
    (result) => post({ kind: 'answer', id: message.id, result }),
    (error: unknown) => post({ kind: 'answer', id: message.id, error: String((error as Error).stack ?? error) }),
  );
});
post({ kind: 'ready' });
