import { Worker } from 'node:worker_threads';
import type { ShopperAccount } from './content/content-protocol.ts';
import type { DeviceRequest, DeviceView, Dispatched, Identity, Intent } from './device-protocol.ts';

/** One device worker as the harness drives it. */
export interface DeviceHandle {
  /** `account`: the device signs up or logs in after it opens (the shopper's owner is then the account's). */
  open(baseUrl: string, name: string, identity?: Identity, account?: ShopperAccount): Promise<Identity>;
  intent(intent: Intent, closeAfterMs?: number): Promise<Dispatched | null>;
  /** Logs the device in as the user of `email` (registering it first when `register`). */
  login(email: string, password: string, register: boolean): Promise<Identity>;
  /** True when every local command has its answer within `ms`. */
  settle(ms: number): Promise<boolean>;
  view(): Promise<DeviceView>;
  close(): Promise<void>;
  terminate(): Promise<void>;
}

/**
 * Starts a device worker (device-worker.ts). Node 20 does not apply `--import tsx` in a Worker's execArgv to the
 * worker's entry module (nodejs/node#47747), so a one-line bootstrap registers tsx's loader first, as
 * tools/bench/latency.ts does.
 */
const startWorker = async (): Promise<DeviceHandle> => {
  const entry = new URL('./device-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    // Its stdout is RxDB's banner once per realm: dropped (errors come through stderr and 'error').
    { eval: true, stdout: true },
  );
  worker.stdout.resume();
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  let failed: Error | undefined;
  const fail = (error: Error) => {
    failed = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return resolve();
      const call = waiting.get(message.id ?? -1);
      waiting.delete(message.id ?? -1);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.result);
    });
    worker.on('error', (error) => {
      reject(error);
      fail(new Error(`device worker failed: ${error.stack ?? error.message}`));
    });
    worker.on('exit', (code) => {
      reject(new Error(`device worker exited (${code})`));
      fail(new Error(`device worker exited (${code})`));
    });
  });
  await ready;
  const call = <T>(request: DeviceRequest): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };
  return {
    open: (baseUrl, name, identity, account) =>
      call({ op: 'open', baseUrl, name, ...(identity ? { identity } : {}), ...(account ? { account } : {}) }),
    intent: (intent, closeAfterMs) =>
      call({ op: 'intent', intent, ...(closeAfterMs !== undefined ? { closeAfterMs } : {}) }),
    login: (email, password, register) => call({ op: 'login', email, password, register }),
    settle: (ms) => call({ op: 'settle', ms }),
    view: () => call({ op: 'view' }),
    close: () => call({ op: 'close' }),
    terminate: async () => {
      await worker.terminate();
    },
  };
};

/** `count` device workers, started together and reused run after run (each run opens fresh devices in them). */
export const startDevicePool = (count: number): Promise<DeviceHandle[]> =>
  Promise.all(Array.from({ length: count }, () => startWorker()));
