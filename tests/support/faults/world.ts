import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '../smtp-catcher.ts';
import { startDevicePool, type DeviceHandle } from './device-pool.ts';
import { startFaultBalancer, type FaultBalancer } from './balancer.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { startInstances, type Instances } from './instances.ts';
import { startPaymentSimulatorsFor, type PaymentSimulators } from './payments/psp-world.ts';
import type { PrivatePostgres } from './postgres.ts';

/**
 * What the runs share, started once: the store's instances (child processes on one store), the fault proxy in
 * front of them, a real SMTP server catching the store's mails, the payment providers' simulators (processes of
 * their own, sending the shopper back through the proxy), and the device workers. Each run brings fresh
 * shoppers, so the runs need no fresh store and stay fast.
 */
export interface FaultWorld {
  instances: Instances;
  proxy: FaultProxy;
  smtp: SmtpCatcher;
  payments: PaymentSimulators;
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
  // The proxy first: its address is the store's for the simulators (BACKREF, PayPal's return), which the instances'
  // environment names in turn. It reaches the instances through the balancer when there is one.
  const targets: { instances?: Instances; balancer?: FaultBalancer } = {};
  const proxy = await startFaultProxy(() =>
    targets.balancer ? [targets.balancer.port] : (targets.instances?.livePorts() ?? []),
  );
  const payments = await startPaymentSimulatorsFor(proxy.url);
  const [started, devices] = await Promise.all([
    startInstances({
      count: options.instances,
      dataDir: path.join(dataDir, 'pglite'),
      smtpUrl: smtp.url,
      env: payments.env,
      ...(databaseUrl ? { databaseUrl } : {}),
    }),
    startDevicePool(options.devices),
  ]);
  const balancer = options.balancer ? await startFaultBalancer(started) : undefined;
  const instances = balancer ? balancer.follow(started) : started;
  targets.instances = instances;
  if (balancer) targets.balancer = balancer;
  return {
    instances,
    proxy,
    smtp,
    payments,
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
      await payments.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
