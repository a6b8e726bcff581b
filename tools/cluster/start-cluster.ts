import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/support/server-process.ts';
import { migrate } from '../../sync-server/store/migrate.ts';
import { openPostgresDatabase } from '../../sync-server/store/postgres-database.ts';
import { startMailCatcher, type MailCatcher } from '../mail/catcher.ts';
import { startPaymentSimulators, type PaymentSimulators } from '../payments/simulators.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { createInstance, type Instance } from './instance.ts';

/**
 * A shop on one machine as it runs on several: N instances of the server's build (`npm run build`:
 * build/server/main.js, the client in dist/) on one PostgreSQL behind HAProxy with
 * deploy/'s settings, and (for trying it and for the browser tests) the payment providers' simulators and the
 * mail catcher the instances are pointed at, as `npm start` does. `npm run cluster` is its command line; the
 * browser journeys (playwright.cluster.config.ts), the fault harness and the benches start it from code.
 */

export interface ClusterOptions {
  instances: number;
  /** The PostgreSQL every instance shares. */
  databaseUrl: string;
  /** The balancer's port; 0 (the default) takes a free one. */
  port?: number | undefined;
  /** The client's build the instances serve (default dist/). */
  staticDir?: string | undefined;
  /** What an empty catalogue is seeded with (SEED; the first instance alone seeds it). Default 'generated'. */
  seed?: 'generated' | 'demo' | 'none' | undefined;
  /** Start the payment simulators and the mail catcher and point the instances at them (default true). */
  simulators?: boolean | undefined;
  /** Where the simulators' keys are kept (default .data/payment-keys, as `npm start`). */
  keysDir?: string | undefined;
  /** More environment for every instance (it wins over the cluster's own). */
  env?: Record<string, string> | undefined;
  /** deploy/'s per-address limits by default; a bench from one address raises them. */
  connectionsPerAddress?: number | undefined;
  requestsPer10sPerAddress?: number | undefined;
  /** The balancer's connections in all (default 20,000). */
  maxConnections?: number | undefined;
  /** Each line an instance prints (default: kept quietly, shown when one fails to start). */
  onInstanceLine?: ((name: string, line: string) => void) | undefined;
  onBalancerLine?: ((line: string) => void) | undefined;
}

export interface Cluster {
  /** The balancer's address: what a shopper opens. */
  readonly url: string;
  readonly instances: readonly Instance[];
  readonly balancer: Balancer;
  /** The simulators' addresses by name (borica, paypal, credit), when started. */
  readonly simulatorUrls: Readonly<Record<string, string>>;
  /** The mail catcher's inbox, when started. */
  readonly mailUrl: string | undefined;
  /** kill -9 of one instance (index from 0). */
  killInstance(index: number): Promise<void>;
  /** Starts a stopped or killed instance again on its port, resolved when its /readyz answers 200. */
  startInstance(index: number): Promise<void>;
  /** A graceful stop of one instance and its start again. */
  restartInstance(index: number): Promise<void>;
  /** Resolves when HAProxy counts every running instance UP (after a start, its checks take a few seconds). */
  waitBalanced(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A free port on loopback (the same probe the server tests use). */
export { freePort };

/** Applies the migrations once, before any instance starts (each would otherwise wait on the migration lock). */
export const migrateOnce = async (databaseUrl: string): Promise<string[]> => {
  const db = await openPostgresDatabase(databaseUrl);
  try {
    return await migrate(db);
  } finally {
    await db.close();
  }
};

const at = <T>(list: readonly T[], index: number): T => {
  const item = list[index];
  if (item === undefined) throw new Error(`no instance ${index} (there are ${list.length})`);
  return item;
};

export const startCluster = async (options: ClusterOptions): Promise<Cluster> => {
  const dir = mkdtempSync(join(tmpdir(), 'store-cluster-'));
  let sims: PaymentSimulators | undefined;
  let mail: MailCatcher | undefined;
  const instances: Instance[] = [];
  let balancer: Balancer | undefined;
  const stop = async (): Promise<void> => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await Promise.all([sims?.stop(), mail?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateOnce(options.databaseUrl);
    const port = options.port || (await freePort());
    const url = `http://127.0.0.1:${port}`;
    // The simulators send the shopper back to the store's address: the balancer's, so it is chosen first.
    if (options.simulators ?? true) {
      sims = await startPaymentSimulators({ storeUrl: url, keysDir: options.keysDir });
      mail = await startMailCatcher();
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...sims?.env,
      ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      STATIC_DIR: options.staticDir ?? 'dist',
      SEED: options.seed ?? 'generated',
      PUBLIC_URL: url,
      // As `npm run serve` runs it (no demo admin, Express's production behaviour).
      NODE_ENV: 'production',
      // HAProxy on this host adds X-Forwarded-For: believed from loopback, so per-address limits see the shopper.
      TRUST_PROXY: 'loopback',
      ...options.env,
    };
    // A port is free when probed and may be taken by another process before the instance listens on it (a busy
    // machine): then the instance starts again on another.
    const startOne = async (name: string): Promise<Instance> => {
      for (let attempt = 1; ; attempt++) {
        const instance = createInstance({ name, port: await freePort(), env, onLine: options.onInstanceLine });
        try {
          await instance.start();
          return instance;
        } catch (error) {
          if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
        }
      }
    };
    const names = Array.from({ length: options.instances }, (_, i) => `store${i + 1}`);
    // The first seeds an empty catalogue alone; the others find it seeded.
    const [first, ...rest] = names;
    if (first) instances.push(await startOne(first));
    const others = await Promise.allSettled(rest.map(startOne));
    for (const started of others) if (started.status === 'fulfilled') instances.push(started.value);
    const failed = others.find((started) => started.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await startBalancer({
      dir,
      port,
      servers: instances.map((instance) => ({ name: instance.name, address: `127.0.0.1:${instance.port}` })),
      connectionsPerAddress: options.connectionsPerAddress ?? 200,
      requestsPer10sPerAddress: options.requestsPer10sPerAddress ?? 500,
      maxConnections: options.maxConnections ?? 20_000,
      onLine: options.onBalancerLine,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const running = balancer;
  const waitBalanced = async (timeoutMs = 30_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await running.serverStates();
      const behind = instances.filter((instance) => instance.running() && states[instance.name] !== 'UP');
      if (behind.length === 0) return;
      if (Date.now() > deadline) {
        throw new Error(`HAProxy does not count ${behind.map((i) => i.name).join(', ')} up: ${JSON.stringify(states)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  return {
    url: running.url,
    instances,
    balancer: running,
    simulatorUrls: Object.fromEntries((sims?.simulators ?? []).map((sim) => [sim.name, sim.url])),
    mailUrl: mail?.url,
    killInstance: (index) => at(instances, index).kill(),
    startInstance: (index) => at(instances, index).start(),
    async restartInstance(index) {
      const instance = at(instances, index);
      await instance.stop();
      await instance.start();
    },
    waitBalanced,
    stop,
  };
};
