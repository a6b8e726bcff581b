import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../sync-server/node-flags.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where `npm run build` writes the server (tools/build/build-server.ts). */
export const SERVER_BUILD = 'build/server/main.js';

/** How one instance is started: from the build, as `npm run serve` and deploy/store@.service start it. */
export const instanceCommand = (): string[] => [...SERVER_NODE_FLAGS, SERVER_BUILD];

/** How many of an instance's last output lines are kept, to show when it fails to start or dies. */
const KEPT_LINES = 200;

export interface InstanceOptions {
  name: string;
  port: number;
  /** The instance's whole environment (the cluster's, with PORT set by the instance). */
  env: NodeJS.ProcessEnv;
  /** Each line the instance prints, with its name (the CLI shows them; tests keep them quiet). */
  onLine?: ((name: string, line: string) => void) | undefined;
  /** How long a start may take before it is a failure (a loaded machine starts slowly). */
  startTimeoutMs?: number | undefined;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** Its own address, bypassing the balancer. */
  readonly url: string;
  /** Whether its process is alive. */
  running(): boolean;
  /** Its last lines of output. */
  output(): string;
  /** Starts it (again, on the same port) and waits until its /readyz answers 200. */
  start(): Promise<void>;
  /** A graceful stop (SIGTERM: /readyz turns 503, requests in flight finish), awaited. */
  stop(): Promise<void>;
  /** kill -9: no goodbye, as a crash. Awaited until the process is gone. */
  kill(): Promise<void>;
}

/** A graceful stop that takes longer than this ends in SIGKILL. */
const STOP_BOUND_MS = 60_000;

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/** Polls GET /readyz until 200; fails early when the process exits. */
const waitReady = async (url: string, child: ChildProcess, timeoutMs: number, output: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the instance at ${url} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the instance at ${url} was not ready within ${timeoutMs} ms:\n${output()}`);
};

export const createInstance = ({ name, port, env, onLine, startTimeoutMs = 120_000 }: InstanceOptions): Instance => {
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  const keep = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (line === '') continue;
      lines.push(line);
      onLine?.(name, line);
    }
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  const output = (): string => lines.join('\n');
  const running = (): boolean => child !== undefined && child.exitCode === null && child.signalCode === null;
  const signal = async (sig: NodeJS.Signals): Promise<void> => {
    if (!child || !running()) return;
    const current = child;
    const done = exited(current);
    current.kill(sig);
    // The server leaves by itself within SHUTDOWN_TIMEOUT_MS + 10 s (main.ts); past a generous bound it is killed.
    const bound = setTimeout(() => current.kill('SIGKILL'), STOP_BOUND_MS);
    await done;
    clearTimeout(bound);
  };
  return {
    name,
    port,
    url,
    running,
    output,
    async start() {
      if (running()) throw new Error(`${name} is already running`);
      const started = spawn(process.execPath, instanceCommand(), {
        cwd: ROOT,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      try {
        await waitReady(url, started, startTimeoutMs, output);
      } catch (error) {
        started.kill('SIGKILL');
        throw error;
      }
    },
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
};
