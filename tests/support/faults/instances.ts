import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RELAXED_LIMITS } from '../relaxed-limits.ts';
import { freePort } from '../server-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HOST = fileURLToPath(new URL('./instance-host.ts', import.meta.url));

/** One instance process (instance-host.ts) and the SQL read it offers the harness. */
interface Instance {
  port: number;
  child: ChildProcess;
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Instances {
  /** The ports of the instances running now (the proxy's targets). */
  livePorts(): number[];
  /** Every instance's port by index, down or not (a balancer's servers). */
  ports(): number[];
  readonly count: number;
  /** kill -9 of instance `index`; it stays down until `restart`. */
  kill(index: number): Promise<void>;
  restart(index: number): Promise<void>;
  /** SQL on the store, through a live instance. */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

const startInstance = async (port: number, env: Record<string, string>, timeoutMs: number): Promise<Instance> => {
  const child = spawn(process.execPath, ['--import', 'tsx', HOST], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...RELAXED_LIMITS,
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: '/nonexistent',
      SEED: 'demo',
      LOG_LEVEL: 'error',
      // A killed instance's requests in flight are not waited for on a graceful stop either.
      SHUTDOWN_TIMEOUT_MS: '1000',
      // The runs' back-in-stock alerts are swept within a run's drain, not the production 5 s (content/).
      ALERT_SWEEP_INTERVAL_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  // An instance that ends by itself (not killed by the harness) is a finding: FAULTS_TRACE=1 shows its last words.
  child.once('exit', (code, signal) => {
    if (process.env['FAULTS_TRACE'] && signal !== 'SIGKILL')
      console.error(`    instance on ${port} exited (${code ?? signal}):\n${output}`);
  });
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${output}`)), timeoutMs);
    child.on('message', (message: { ready?: boolean; id?: number; rows?: unknown[]; error?: string }) => {
      if (message.ready) {
        clearTimeout(timer);
        resolve();
        return;
      }
      const call = waiting.get(message.id ?? -1);
      waiting.delete(message.id ?? -1);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.rows ?? []);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      for (const call of waiting.values()) call.reject(new Error(`instance exited (${code})`));
      reject(new Error(`instance exited (${code}): ${output}`));
    });
  });
  return {
    port,
    child,
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      new Promise<Row[]>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        child.send({ id, sql, params });
      }),
  };
};

const killHard = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/**
 * `count` instances on one store: the PostgreSQL of `databaseUrl`, or (without one) a PGlite store in `dataDir`,
 * which only one process can open, so then `count` must be 1. Each keeps its port across restarts.
 */
export const startInstances = async (options: {
  count: number;
  databaseUrl?: string;
  dataDir: string;
  smtpUrl: string;
  startTimeoutMs?: number;
  /** More of the instances' environment (the payment providers' groups: payments/psp-world.ts). */
  env?: Record<string, string>;
}): Promise<Instances> => {
  const { count, databaseUrl, dataDir, smtpUrl, startTimeoutMs = 120_000 } = options;
  if (!databaseUrl && count !== 1) throw new Error('a PGlite store is one process: one instance without DATABASE_URL');
  const env = {
    ...options.env,
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const running: (Instance | undefined)[] = [];
  // One after another: the first migrates and seeds the store, the others find it ready.
  for (const port of ports) running.push(await startInstance(port, env, startTimeoutMs));
  const live = () => running.filter((i): i is Instance => i !== undefined && i.child.exitCode === null);
  return {
    count,
    livePorts: () => live().map((i) => i.port),
    ports: () => [...ports],
    async kill(index) {
      const instance = running[index];
      running[index] = undefined;
      if (instance) await killHard(instance.child);
    },
    async restart(index) {
      if (running[index]) return;
      try {
        running[index] = await startInstance(ports[index]!, env, startTimeoutMs);
      } catch {
        // Its port was taken while it was down (it is in the ephemeral range: any outgoing connection, the
        // proxy's too, may get it): it comes back on another, as a replaced machine would; the proxy follows.
        ports[index] = await freePort();
        running[index] = await startInstance(ports[index]!, env, startTimeoutMs);
      }
    },
    query<Row>(sql: string, params?: readonly unknown[]) {
      const instance = live()[0];
      if (!instance) return Promise.reject(new Error('no instance running'));
      return instance.query<Row>(sql, params);
    },
    async close() {
      await Promise.all(running.map((i) => i && killHard(i.child)));
    },
  };
};
