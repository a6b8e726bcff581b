import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * What a shop's server runs: the build alone, with only the production dependencies. The checkout's files a
 * production machine gets (package*.json, migrations/, data/) are copied into a fresh folder, the server is built
 * into it, `npm ci --omit=dev` installs (from npm's cache when it holds the packages), and the instance must answer
 * /readyz with no tsx and no TypeScript anywhere in its node_modules.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const run = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
};

describe('the production build', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'store-production-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('`node build/server/main.js` answers /readyz after `npm ci --omit=dev`, without tsx or TypeScript', async () => {
    for (const part of ['package.json', 'package-lock.json', 'migrations', 'data']) {
      cpSync(path.join(repo, part), path.join(folder, part), { recursive: true });
    }
    run(process.execPath, ['--import', 'tsx', path.join(repo, 'tools/build/build-server.ts'), folder], repo);
    run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], folder);
    for (const dev of ['tsx', 'vite', 'vitest', 'esbuild']) {
      expect(existsSync(path.join(folder, 'node_modules', dev)), `${dev} is installed`).toBe(false);
    }
    // npm still installs TypeScript as the optional peer of i18next, react-i18next and rxdb's nostr-tools (for their
    // types); taken away here, the server shows it never loads it.
    rmSync(path.join(folder, 'node_modules', 'typescript'), { recursive: true, force: true });

    const child = spawn(process.execPath, ['build/server/main.js'], {
      cwd: folder,
      env: {
        PATH: process.env['PATH'],
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(folder, 'pglite'),
        SEED: 'demo',
        LOG_LEVEL: 'info',
        ...(process.env['DATABASE_URL'] ? { DATABASE_URL: process.env['DATABASE_URL'] } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /"port":(\d+),[^\n]*"msg":"Store ready"/.exec(output);
        if (ready) resolve(Number(ready[1]));
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
    });
    const readiness = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readiness.status).toBe(200);
    expect(((await readiness.json()) as { status: string }).status).toBe('ok');
  }, 420_000);
});
