import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '../smtp-catcher.ts';
import { startDevicePool, type DeviceHandle } from './device-pool.ts';
import { startFaultBalancer, type FaultBalancer } from './balancer.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { startInstances, type Instances } from './instances.ts';
import type { PrivatePostgres } from './postgres.ts';

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
  /** The harness's own PostgreSQL (`--postgres private`), which the `pg-restart` fault restarts. */
  postgres?: PrivatePostgres;
  /** HAProxy between the proxy and the instances (`--balancer`). */
  balancer?: FaultBalancer;
  close(): Promise<void>;
}

export const startFaultWorld = async (options: {
  instances: number;
  devices: number;
  databaseUrl?: string;
  /** The store on the harness's own PostgreSQL (its url wins over databaseUrl); the world stops it at close. */
  postgres?: PrivatePostgres;
  balancer?: boolean;
}): Promise<FaultWorld> => {
  const databaseUrl = options.postgres?.url ?? options.databaseUrl;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-faults-'));
  const smtp = await startSmtpCatcher();
  const [started, devices] = await Promise.all([
    startInstances({
      count: options.instances,
      dataDir: path.join(dataDir, 'pglite'),
      smtpUrl: smtp.url,
      ...(databaseUrl ? { databaseUrl } : {}),
    }),
    startDevicePool(options.devices),
  ]);
  const balancer = options.balancer ? await startFaultBalancer(started) : undefined;
  const instances = balancer ? balancer.follow(started) : started;
  const proxy = await startFaultProxy(() => (balancer ? [balancer.port] : instances.livePorts()));
  return {
    instances,
    proxy,
    smtp,
    devices,
    storeKind: databaseUrl ? 'postgres' : 'pglite',
    ...(options.postgres ? { postgres: options.postgres } : {}),
    ...(balancer ? { balancer } : {}),
    async close() {
      await Promise.all(devices.map((d) => d.terminate()));
      await proxy.close();
      await balancer?.close();
      await instances.close();
      await options.postgres?.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
