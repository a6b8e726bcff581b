import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { RELAXED_LIMITS } from '../support/relaxed-limits.ts';
import { freePort } from '../support/server-process.ts';
import { startMailCatcher, type MailCatcher } from '../../tools/mail/catcher.ts';
import { startPaymentSimulators, type PaymentSimulators } from '../../tools/payments/simulators.ts';

/**
 * The browser suite's store with its payment providers (issue 17), run before tests/e2e/global-setup.ts: the
 * providers' simulators as processes of their own with keys generated here, and the store pointed at them. The
 * store's port is chosen first, since BORICA's BACKREF and PayPal's return address are the store's and a simulator
 * takes them at start; then the store is started here and its address handed over in E2E_BASE_URL, so the global
 * setup uses it as it is. E2E_BASE_URL already set: nothing is started. E2E_DIST and E2E_SKIP_BUILD as the global setup's.
 * The simulators' addresses reach the specs as E2E_BORICA_SIM_URL, E2E_PAYPAL_SIM_URL and E2E_CREDIT_SIM_URL; the
 * mail catcher's (simulators/mail-catcher, where the store's SMTP_URL points) as E2E_MAIL_URL.
 */

const waitForHealth = async (url: string, server: ChildProcess, log: string[], timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the store exited early (${server.exitCode}):\n${log.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the store did not answer ${url}/healthz within ${timeoutMs} ms:\n${log.join('')}`);
};

const stopProcess = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
};

export default async function paymentsStack(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const staticDir = process.env.E2E_DIST ?? 'dist';
  if (process.env.E2E_SKIP_BUILD !== '1') {
    await build({ logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
  }
  const port = await freePort();
  const storeUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-pay-'));
  const keysDir = mkdtempSync(join(tmpdir(), 'store-e2e-keys-'));
  let simulators: PaymentSimulators | undefined;
  let mail: MailCatcher | undefined;
  let server: ChildProcess | undefined;
  const stopAll = async () => {
    if (server) await stopProcess(server);
    await Promise.all([simulators?.stop(), mail?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(keysDir, { recursive: true, force: true });
  };
  try {
    // The launcher's own start (tools/payments/simulators.ts), with keys made for this run only.
    simulators = await startPaymentSimulators({ storeUrl, keysDir });
    mail = await startMailCatcher();
    const urls = Object.fromEntries(
      simulators.simulators.map((sim) => [`E2E_${sim.name.toUpperCase()}_SIM_URL`, sim.url]),
    );
    // As the global setup does: the embedded store in a fresh folder, the demo catalogue, relaxed per-address limits.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...simulators.env,
      SMTP_URL: mail.smtpUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SEED: 'demo',
      ...RELAXED_LIMITS,
      // A credit application is decided without the shopper: the store learns of it by asking the provider, which
      // the reconciler does; asked soon here, so the thank-you page's live status is seen to change in a test.
      RECONCILE_INTERVAL_MS: process.env.RECONCILE_INTERVAL_MS ?? '1000',
      RECONCILE_AFTER_MS: process.env.RECONCILE_AFTER_MS ?? '5000',
    };
    delete env.DATABASE_URL;
    const log: string[] = [];
    server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(chunk);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    await waitForHealth(storeUrl, server, log, 60_000);
    Object.assign(process.env, urls, { E2E_MAIL_URL: mail.url });
  } catch (error) {
    await stopAll();
    throw error;
  }
  process.env.E2E_BASE_URL = storeUrl;
  // The global setup, which runs next, finds the store started and builds nothing.
  process.env.E2E_SKIP_BUILD = '1';
  return stopAll;
}
