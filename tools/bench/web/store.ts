/**
 * The built store as the web benchmark and the web audit see it: the client built into its own folder (so
 * other builds of dist/ do not change it mid-run), served by the sync server in a child process on a free
 * port with a temporary PGlite folder and the demo catalogue, as tests/e2e/global-setup.ts starts it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { freePort } from '../../../tests/support/server-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** WEB_DIST: where the client is built and served from (default /tmp/dist-web). WEB_SKIP_BUILD=1 reuses it. */
export const WEB_DIST = process.env.WEB_DIST ?? join(tmpdir(), 'dist-web');

export const buildClient = async (outDir: string = WEB_DIST): Promise<void> => {
  if (process.env.WEB_SKIP_BUILD === '1') return;
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
};

export interface Store {
  url: string;
  close(): Promise<void>;
}

/** The demo store's pages the audit and the bench visit (tools/../demo-catalog.ts names them). */
export const DEMO_PAGES = {
  home: '/',
  category: '/iphone',
  product: '/iphone-17-256-IP17-256-BLK',
} as const;

export const startStore = async (staticDir: string = WEB_DIST): Promise<Store> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'store-web-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    SEED: 'demo',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whatever way this process ends (a watchdog's exit included), the server does not outlive it.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sync server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, close };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the sync server did not answer ${url}/healthz within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
