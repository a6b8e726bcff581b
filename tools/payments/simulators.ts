import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The payment providers' simulators as the separate processes they stand in for (simulators/<name>/main.ts), with
 * their keys and credentials made on first start and kept in `.data/payment-keys/` (gitignored, never committed),
 * and the store's environment that points at them. Used by `npm start` (launch.ts), and reusable by browser tests
 * and benches: `const sims = await startPaymentSimulators({ storeUrl }); ...; await sims.stop()`.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningSimulator {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** Its first line's other addresses (the mail catcher's `smtp`). */
  readonly also: Readonly<Record<string, string>>;
}

export interface PaymentSimulators {
  /** The store's environment for the simulators that started (BORICA_*, PAYPAL_*, CREDIT_*). */
  readonly env: Record<string, string>;
  readonly simulators: readonly RunningSimulator[];
  stop(): Promise<void>;
}

/** One simulator: spawned, and its first line `{"listening":"http://..."}` awaited. */
export const spawnSimulator = (name: string, env: Record<string, string>): Promise<RunningSimulator> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `simulators/${name}/main.ts`], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`simulator ${name} did not start`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.includes('"listening"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      const { listening, ...also } = JSON.parse(line) as { listening: string } & Record<string, string>;
      resolve({ name, url: listening, child, also });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`simulator ${name} exited (${code})`));
    });
  });

export const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** A secret file in the keys folder, made once (0600). */
const kept = (dir: string, file: string, make: () => string): string => {
  const where = path.join(dir, file);
  if (!existsSync(where)) writeFileSync(where, make(), { mode: 0o600 });
  return where;
};

const rsaPair = (dir: string, name: string): { privateKey: string; publicKey: string } => {
  const privatePath = path.join(dir, `${name}.key.pem`);
  const publicPath = path.join(dir, `${name}.pub.pem`);
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
    writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }).toString(), { mode: 0o600 });
  }
  return { privateKey: privatePath, publicKey: publicPath };
};

const secret = (dir: string, file: string): string =>
  readFileSync(
    kept(dir, file, () => randomBytes(24).toString('hex')),
    'utf8',
  ).trim();

export interface SimulatorOptions {
  /** The store's address as the shopper's browser reaches it (BACKREF and PayPal's return go there). */
  storeUrl: string;
  keysDir?: string;
  /** Which to start (default: all three). */
  only?: readonly ('borica' | 'paypal' | 'credit')[];
}

/** Starts the simulators (all three by default, `only` for some), each a process of its own with its keys. */
export const startPaymentSimulators = async ({
  storeUrl,
  keysDir = path.join(ROOT, '.data/payment-keys'),
  only = ['borica', 'paypal', 'credit'],
}: SimulatorOptions): Promise<PaymentSimulators> => {
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const started: RunningSimulator[] = [];
  const env: Record<string, string> = {};
  const start = async (name: string, simEnv: Record<string, string>): Promise<RunningSimulator> => {
    const sim = await spawnSimulator(name, simEnv);
    started.push(sim);
    return sim;
  };
  try {
    if (only.includes('borica')) {
      const merchant = rsaPair(keysDir, 'borica-merchant');
      const gateway = rsaPair(keysDir, 'borica-gateway');
      const terminal = 'V1800001';
      const sim = await start('borica', {
        BORICA_SIM_TERMINAL: terminal,
        BORICA_SIM_PRIVATE_KEY: gateway.privateKey,
        BORICA_SIM_MERCHANT_PUBLIC_KEY: merchant.publicKey,
        BORICA_SIM_BACKREF: `${storeUrl}/api/payments/borica/backref`,
      });
      if (sim)
        Object.assign(env, {
          BORICA_URL: sim.url,
          BORICA_TERMINAL: terminal,
          BORICA_MERCHANT: '1600000001',
          BORICA_MERCH_NAME: 'Apple Store България',
          BORICA_MERCH_URL: storeUrl,
          BORICA_MERCHANT_KEY: merchant.privateKey,
          BORICA_GATEWAY_PUBLIC_KEY: gateway.publicKey,
        });
    }
    if (only.includes('paypal')) {
      const clientId = 'apple-store-bg-sim';
      const paypalSecret = secret(keysDir, 'paypal-secret');
      const sim = await start('paypal', { PAYPAL_SIM_CLIENT_ID: clientId, PAYPAL_SIM_SECRET: paypalSecret });
      if (sim)
        Object.assign(env, {
          PAYPAL_URL: sim.url,
          PAYPAL_CLIENT_ID: clientId,
          PAYPAL_SECRET: paypalSecret,
          PAYPAL_RETURN_BASE: storeUrl,
        });
    }
    if (only.includes('credit')) {
      const apiKey = secret(keysDir, 'credit-api-key');
      const sim = await start('credit', { CREDIT_SIM_API_KEY: apiKey });
      if (sim) Object.assign(env, { CREDIT_URL: sim.url, CREDIT_API_KEY: apiKey });
    }
  } catch (error) {
    await Promise.all(started.map((sim) => stopChild(sim.child)));
    throw error;
  }
  return {
    env,
    simulators: started,
    stop: async () => {
      await Promise.all(started.map((sim) => stopChild(sim.child)));
    },
  };
};
