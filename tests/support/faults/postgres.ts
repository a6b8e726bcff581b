import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../server-process.ts';

/**
 * A PostgreSQL cluster of the fault harness's own (`--postgres private`), from Debian's binaries
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN): initdb into a temporary folder, `pg_ctl start` on a free port.
 * Its own, because the `pg-restart` fault restarts it under load, which the machine's shared server must never be.
 * PostgreSQL refuses to run as root: started by root (CI), the folder is given to the `postgres` user of Debian's
 * package and every binary runs as that user, as .ci/run's `su postgres` does.
 */
export interface PrivatePostgres {
  /** The store's database on it. */
  readonly url: string;
  /**
   * `pg_ctl restart`: `fast` ends the sessions cleanly, `immediate` as a crash would (recovery on start). With
   * `downMs` it stops, stays down that long (a longer outage), then starts.
   */
  restart(mode: PgStopMode, downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export type PgStopMode = 'fast' | 'immediate';

/** Where initdb and pg_ctl are: PG_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export const postgresBin = (): string => {
  const configured = process.env['PG_BIN'];
  if (configured) return configured;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed: `apt-get install postgresql` (or set PG_BIN)');
  return path.join(root, newest, 'bin');
};

/** The uid and gid of the `postgres` user, when this process is root (PostgreSQL will not run as root). */
const unprivileged = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const [uid, gid] = [id('-u'), id('-g')];
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root and there is no postgres user to run PostgreSQL as');
  return { uid, gid };
};

/** One binary to its end; its output is the error when it fails. */
const run = (file: string, args: readonly string[], options: SpawnOptions): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} ${args[0]} exited ${code}: ${output}`)),
    );
  });

export const startPrivatePostgres = async (): Promise<PrivatePostgres> => {
  const bin = postgresBin();
  const user = unprivileged();
  const dir = mkdtempSync(path.join(tmpdir(), 'store-faults-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const as: SpawnOptions = { ...(user ?? {}), cwd: dir, env: { ...process.env, LC_ALL: 'C.UTF-8' } };
  const pgCtl = (...args: string[]) =>
    run(path.join(bin, 'pg_ctl'), [...args, '-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60'], as);
  await run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], as);
  // No fsync: a test cluster in a temporary folder (a crash loses it anyway); the socket in its own folder.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  await pgCtl('start', '-o', options);
  const stop = async () => {
    await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE store');
    await admin.end();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/store`,
    // pg_ctl restart keeps the start's options (postmaster.opts) and waits until the server accepts connections.
    async restart(mode, downMs = 0) {
      if (downMs <= 0) return pgCtl('restart', '-m', mode);
      await pgCtl('stop', '-m', mode);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await pgCtl('start', '-o', options);
    },
    stop,
  };
};
