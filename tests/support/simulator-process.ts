import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SimulatorProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A provider simulator as the separate process it is in production's place: `simulators/<name>/main.ts`, which
 * listens on PORT (0: any free port) and prints one JSON line `{"listening":"http://127.0.0.1:PORT"}` first.
 */
export const startSimulator = async (name: string, env: Record<string, string> = {}): Promise<SimulatorProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', `simulators/${name}/main.ts`], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator ${name} did not start: ${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.includes('"listening"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { listening: string }).listening);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`simulator ${name} exited (${code}): ${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
