import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '../smtp-catcher.ts';
import { startDevicePool, type DeviceHandle } from './device-pool.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { startInstances, type Instances } from './instances.ts';

/**
 * What the runs share, started once: the store's instances (child processes on one store), the fault proxy in
 * front of them, a real SMTP server catching the store's mails, and the device workers. Each run brings fresh
 * shoppers, so the runs need no fresh store and stay fast.
 */
export interface FaultWorld {
  instances: Instances;
  proxy: FaultProxy;
  smtp: SmtpCatcher;
  devices: DeviceHandle[];
  storeKind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export const startFaultWorld = async (options: {
  instances: number;
  devices: number;
  databaseUrl?: string;
}): Promise<FaultWorld> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-faults-'));
  const smtp = await startSmtpCatcher();
  const [instances, devices] = await Promise.all([
    startInstances({
      count: options.instances,
      dataDir: path.join(dataDir, 'pglite'),
      smtpUrl: smtp.url,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    }),
    startDevicePool(options.devices),
  ]);
  const proxy = await startFaultProxy(() => instances.livePorts());
  return {
    instances,
    proxy,
    smtp,
    devices,
    storeKind: options.databaseUrl ? 'postgres' : 'pglite',
    async close() {
      await Promise.all(devices.map((d) => d.terminate()));
      await proxy.close();
      await instances.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
