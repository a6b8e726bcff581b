import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '../smtp-catcher.ts';
import { startDevicePool, type DeviceHandle } from './device-pool.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { startInstances, type Instances } from './instances.ts';
import { startPaymentSimulatorsFor, type PaymentSimulators } from './payments/psp-world.ts';

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
  close(): Promise<void>;
}

export const startFaultWorld = async (options: {
  instances: number;
  devices: number;
  databaseUrl?: string;
}): Promise<FaultWorld> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-faults-'));
  const smtp = await startSmtpCatcher();
  // The proxy first: its address is the store's for the simulators (BACKREF, PayPal's return), which the instances'
  // environment names in turn.
  const started: { instances?: Instances } = {};
  const proxy = await startFaultProxy(() => started.instances?.livePorts() ?? []);
  const payments = await startPaymentSimulatorsFor(proxy.url);
  const [instances, devices] = await Promise.all([
    startInstances({
      count: options.instances,
      dataDir: path.join(dataDir, 'pglite'),
      smtpUrl: smtp.url,
      env: payments.env,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    }),
    startDevicePool(options.devices),
  ]);
  started.instances = instances;
  return {
    instances,
    proxy,
    smtp,
    payments,
    devices,
    storeKind: options.databaseUrl ? 'postgres' : 'pglite',
    async close() {
      await Promise.all(devices.map((d) => d.terminate()));
      await proxy.close();
      await instances.close();
      await payments.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
