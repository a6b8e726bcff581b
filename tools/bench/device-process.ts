import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument } from '../../schema/index.ts';
import { identityOf, openBenchDevice, whenReady, type BenchDevice } from './devices.ts';
import { listenForEchoes, postEcho } from './echo-server.ts';
import { floorCommand, floorListen, floorPost, openFloorDevice, type FloorDevice } from './floor.ts';
import { startProfiledSpan } from './profile.ts';
import { clockOffset, systemNow, type DeviceEvent, type DeviceRequest } from './processes.ts';

/**
 * One shopper's device in a process of its own (started by processes.ts): the real client sync core, as
 * devices.ts opens it, or a bare HTTP client for the echo baseline. It does what the bench process asks
 * over IPC and reports what it sees, stamped with `systemNow` (valid across processes).
 */
let device: BenchDevice | undefined;
let floor: FloorDevice | undefined;
/** The floor's listener, closed with the floor's store. */
let floorListener: { close(): Promise<void> } | undefined;
const floorClientId = uuidv7();
/** BENCH_PROFILE: ends the CPU profile of the measured rounds (started when tracing is turned on). */
let stopProfile: (() => Promise<void>) | undefined;
const closers: (() => Promise<void> | void)[] = [];
const report = (event: DeviceEvent) => process.send!(event);
const handle = async (request: DeviceRequest): Promise<unknown> => {
  switch (request.op) {
    case 'open': {
      device = await openBenchDevice(request.baseUrl, request.label);
      closers.push(() => device!.client.stop());
      await whenReady(device);
      // A second device of the same shopper (the identity document's token and owner): the first's cart token, its own client id.
      if (request.identity) {
        await device.client.db.upsertLocal('identity', request.identity);
        await whenReady(device, request.identity.owner);
      }
      return identityOf(device);
    }
    case 'watch': {
      // The moment each command id is first seen settled in the view.
      const seen = new Set<string>();
      const subscription = device!.client.commands$.subscribe((list: CommandDocument[]) => {
        const at = systemNow();
        for (const command of list) {
          if (command.status === 'pending' || seen.has(command.id)) continue;
          seen.add(command.id);
          report({ event: 'settled', commandId: command.id, status: command.status, at });
        }
      });
      closers.unshift(() => subscription.unsubscribe());
      return null;
    }
    case 'dispatch': {
      const { client } = device!;
      const start = systemNow();
      const command =
        request.round % 2 === 0
          ? await client.dispatch('cart.addItem', { sku: request.sku, qty: 1 })
          : await client.dispatch('cart.removeItem', { lineId: request.sku });
      return { commandId: command.id, start, dispatched: systemNow() };
    }
    case 'echoListen':
      return echoListen(request.url);
    case 'floorOpen':
      floor = await openFloorDevice(request.label);
      return null;
    case 'floorListen':
      floorListener = await floorListen(
        floor!,
        request.url,
        (commandId, at) => report({ event: 'floorSeen', commandId, at }),
        systemNow,
      );
      return null;
    case 'floorPost': {
      const start = systemNow();
      const command = floorCommand(request.owner, floorClientId, request.n);
      await floorPost(floor!, request.url, command);
      return { commandId: command.id, start };
    }
    case 'floorClose':
      await floorListener?.close();
      await floor?.close();
      floor = undefined;
      floorListener = undefined;
      return null;
    case 'echoPost': {
      const start = systemNow();
      await postEcho(request.url, { n: request.n, sku: request.n % 2 ? 'APP3' : 'IP17-256-BLK', qty: 1 });
      return { start };
    }
    case 'cpu':
      return process.cpuUsage();
    case 'trace':
      device!.trace.enabled = request.on;
      if (request.on && request.profile) stopProfile = startProfiledSpan(request.profile);
      if (!request.on) {
        await stopProfile?.();
        stopProfile = undefined;
      }
      return null;
    case 'traced': {
      const { trace } = device!;
      const pushed = trace.requests.find((r) => r.ids?.includes(request.commandId));
      const onStream = trace.events.find((e) => e.settledIds.includes(request.commandId));
      trace.reset();
      const toSystem = (at: number | undefined) => (at === undefined ? undefined : at + clockOffset);
      return { pushStart: toSystem(pushed?.start), pushEnd: toSystem(pushed?.end), onStream: toSystem(onStream?.at) };
    }
    case 'stop':
      for (const close of closers) await close();
      return null;
  }
};

/** Holds the echo server's SSE stream and reports each echo as it arrives; resolves once the stream is open. */
const echoListen = async (url: string): Promise<null> => {
  const listener = await listenForEchoes(url, (n, at) => report({ event: 'echo', n, at }), systemNow);
  closers.push(() => listener.close());
  return null;
};

process.on('message', (message: { id: number } & DeviceRequest) => {
  // After the answer to 'stop' has gone, the process ends (a library's timer must not keep it).
  const sent = () => message.op === 'stop' && process.exit(0);
  handle(message).then(
    (result) => process.send!({ id: message.id, result }, sent),
    (error: unknown) => process.send!({ id: message.id, error: String((error as Error).stack ?? error) }, sent),
  );
});
process.on('disconnect', () => process.exit(0));
