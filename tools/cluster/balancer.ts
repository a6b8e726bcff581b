import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyConfig, type HaproxySettings } from './haproxy-config.ts';

const DEPLOY_DIR = fileURLToPath(new URL('../../deploy/', import.meta.url));

/** Where HAProxy is: HAPROXY_BIN, else on PATH, else Debian's /usr/sbin (not on a normal user's PATH). */
export const haproxyBinary = (): string | undefined => {
  const configured = process.env.HAPROXY_BIN;
  if (configured) return configured;
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : undefined;
};

export const HAPROXY_MISSING =
  'HAProxy is not installed: on Debian or Ubuntu, `apt-get install haproxy` (or set HAPROXY_BIN to its path).';

/** One command on HAProxy's admin socket, its whole answer. */
export const askAdminSocket = (socket: string, command: string): Promise<string> =>
  new Promise((resolve, reject) => {
    let answer = '';
    const client = connect(socket, () => client.end(`${command}\n`));
    client.setEncoding('utf8');
    client.on('data', (chunk: string) => (answer += chunk));
    client.on('end', () => resolve(answer));
    client.on('error', reject);
  });

export interface ServerStat {
  /** UP, DOWN, MAINT, NOLB (draining)... */
  status: string;
  /** Sessions (requests and streams) HAProxy has sent it since it started. */
  sessions: number;
}

/** `show stat`'s CSV: each server of the store backend (not the FRONTEND/BACKEND rows). */
export const parseServerStats = (csv: string): Record<string, ServerStat> => {
  const [header, ...rows] = csv.split('\n').filter((line) => line.trim() !== '');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const [proxy, server, status, total] = ['pxname', 'svname', 'status', 'stot'].map((name) => columns.indexOf(name));
  const stats: Record<string, ServerStat> = {};
  for (const row of rows) {
    const cells = row.split(',');
    const name = cells[server ?? -1];
    if (cells[proxy ?? -1] !== 'store' || !name || name === 'BACKEND' || name === 'FRONTEND') continue;
    stats[name] = { status: cells[status ?? -1] ?? 'unknown', sessions: Number(cells[total ?? -1] ?? 0) };
  }
  return stats;
};

/** Each server's status alone. */
export const parseServerStates = (csv: string): Record<string, string> =>
  Object.fromEntries(Object.entries(parseServerStats(csv)).map(([name, stat]) => [name, stat.status]));

/**
 * The connections HAProxy can hold under this process's hard descriptor limit: two descriptors each (the shopper's
 * and the instance's) and a few for itself. Asked for more, it refuses to start.
 */
export const connectionsWithinLimit = (wanted: number, limitsFile = '/proc/self/limits'): number => {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const hard = line?.slice('Max open files'.length).trim().split(/\s+/)[1];
    if (hard === undefined || hard === 'unlimited' || !Number.isFinite(Number(hard))) return wanted;
    return Math.max(100, Math.min(wanted, Math.floor((Number(hard) - 200) / 2)));
  } catch {
    return wanted;
  }
};

export interface BalancerOptions {
  /** A folder of the cluster's own, for the configuration and the 503 page. */
  dir: string;
  port: number;
  servers: HaproxySettings['servers'];
  connectionsPerAddress: number;
  requestsPer10sPerAddress: number;
  maxConnections: number;
  onLine?: ((line: string) => void) | undefined;
}

export interface Balancer {
  readonly url: string;
  readonly configFile: string;
  /** Each instance's state as HAProxy sees it now: UP, DOWN, MAINT, NOLB (draining)... by server name. */
  serverStates(): Promise<Record<string, string>>;
  /** Each instance's state and the sessions HAProxy sent it, by server name. */
  serverStats(): Promise<Record<string, ServerStat>>;
  stop(): Promise<void>;
}

/**
 * HAProxy in the foreground (-db) with deploy/'s settings (haproxy-config.ts) for these instances, its 503 page
 * copied beside the configuration. Resolves once it answers on its port.
 */
export const startBalancer = async (options: BalancerOptions): Promise<Balancer> => {
  const binary = haproxyBinary();
  if (!binary) throw new Error(HAPROXY_MISSING);
  const errorFile503 = join(options.dir, 'store-503.http');
  copyFileSync(join(DEPLOY_DIR, 'store-503.http'), errorFile503);
  const configFile = join(options.dir, 'haproxy.cfg');
  const adminSocket = join(options.dir, 'admin.sock');
  writeFileSync(
    configFile,
    haproxyConfig({
      bind: `127.0.0.1:${options.port}`,
      servers: options.servers,
      errorFile503,
      adminSocket,
      connectionsPerAddress: options.connectionsPerAddress,
      requestsPer10sPerAddress: options.requestsPer10sPerAddress,
      maxConnections: connectionsWithinLimit(options.maxConnections),
      system: false,
    }),
  );
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (line === '') continue;
      lines.push(line);
      options.onLine?.(line);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${lines.join('\n')}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not listen on ${url}:\n${lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    configFile,
    serverStates: async () => parseServerStates(await askAdminSocket(adminSocket, 'show stat')),
    serverStats: async () => parseServerStats(await askAdminSocket(adminSocket, 'show stat')),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGUSR1 would let held connections (live streams) finish first; the cluster is stopping, so at once.
        child.kill('SIGTERM');
      }),
  };
};
