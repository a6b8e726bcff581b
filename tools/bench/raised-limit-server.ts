/**
 * The store's server for the connection benches (bench:streams, bench:halfopen): sync-server/main.ts in another
 * process, as `npm start` runs it (its node flags), with its descriptor limit raised to the hard limit when the shell
 * allows it (tens of thousands of sockets), PGlite in a temporary folder (or PostgreSQL with DATABASE_URL), the demo
 * catalogue, and no static files. Resolves once /healthz answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../sync-server/node-flags.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { freePort } from '../../tests/support/server-process.ts';
import { sleep } from './stats.ts';

export interface RaisedLimitServer {
  url: string;
  child: ChildProcess;
  /** What the server printed so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; the data folder removed. */
  stop(graceMs: number): Promise<void>;
}

export const startRaisedLimitServer = async (options: {
  /** The temporary data folder's prefix, e.g. 'bench-streams-'. */
  name: string;
  env?: Record<string, string>;
  /** Node arguments after tsx is loaded and before the entry point (flags, `--import` of a probe in TypeScript). */
  nodeArgs?: readonly string[];
}): Promise<RaisedLimitServer> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), options.name));
  const child = spawn(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'bash',
      process.execPath,
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      ...(options.nodeArgs ?? []),
      'sync-server/main.ts',
    ],
    {
      env: {
        ...process.env,
        ...RELAXED_LIMITS,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: '/nonexistent',
        SEED: 'demo',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log.join('')}`);
    await sleep(250);
  }
  return {
    url,
    child,
    output: () => log.join(''),
    async stop(graceMs) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(graceMs)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
