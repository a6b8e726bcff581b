import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { openDevice, type Device } from './node-client.ts';
import { startTestServer } from './test-server.ts';

export interface ServerWithDevices {
  /** The running server (in tests and hooks: it starts in beforeAll). */
  readonly server: RunningServer;
  /** A shopper's device on the server, closed after the test. */
  openDevice(name?: string, options?: Parameters<typeof openDevice>[2]): Promise<Device>;
}

/**
 * For a describe block: a test server started before its tests and closed after them (then `afterClose`), and
 * the devices its tests open on it, each closed after its test: RxDB's free version opens at most 13
 * collections a process.
 */
export const serverWithDevices = (
  start: () => Promise<RunningServer> = () => startTestServer(),
  afterClose?: () => Promise<void>,
): ServerWithDevices => {
  let running: RunningServer | undefined;
  const devices: Device[] = [];
  beforeAll(async () => {
    running = await start();
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) await device.client.stop();
  });
  afterAll(async () => {
    await running?.close();
    await afterClose?.();
  });
  const server = (): RunningServer => {
    if (!running) throw new Error('the test server starts in beforeAll');
    return running;
  };
  return {
    get server() {
      return server();
    },
    async openDevice(name, options) {
      const device = await openDevice(server().url, name, options);
      devices.push(device);
      return device;
    },
  };
};
