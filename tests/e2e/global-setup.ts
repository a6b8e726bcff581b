import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { RELAXED_LIMITS } from '../support/relaxed-limits.ts';
import { freePort } from '../support/server-process.ts';

/**
 * Builds the client once, starts the sync server on a free port with a temporary PGlite folder, waits
 * for GET /healthz, and returns the teardown. Workers read the address from E2E_BASE_URL.
 * E2E_BASE_URL already set: use that server as it is. E2E_SKIP_BUILD=1: reuse the existing build.
 * E2E_DIST=folder: build into and serve from that folder instead of dist/, so two runs side by side
 * do not rebuild each other's client mid-run.
 */
const waitForHealth = async (url: string, server: ChildProcess, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the sync server exited early with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the sync server did not answer ${url}/healthz within ${timeoutMs} ms`);
};

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const staticDir = process.env.E2E_DIST ?? 'dist';
  if (process.env.E2E_SKIP_BUILD !== '1') {
    await build({ logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  // Always the embedded PGlite store in a fresh folder, whatever DATABASE_URL the shell has.
  // The demo catalogue: the specs name its skus, whatever a local `npm start` generated into .data/catalog.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    SEED: 'demo',
    // Every spec calls from 127.0.0.1: the per-address limits of logins and sign-ups would refuse the suite.
    ...RELAXED_LIMITS,
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server, 60_000);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log.join('')}`, { cause: error });
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
