import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { RELAXED_LIMITS } from './relaxed-limits.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The real server as a separate process, to kill -9 it and start it again on the same store. */
export const spawnServer = async (
  env: Record<string, string>,
  /** A loaded machine starts a PGlite store in well over the usual 30 s. */
  startTimeoutMs = 30_000,
): Promise<ChildProcess & { url: string }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...RELAXED_LIMITS,
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      SEED: 'demo',
      // Warnings and errors only: they are what `server exited: …` shows when a start fails.
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return Object.assign(child, { url });
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const killHard = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
