import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { askAdminSocket, startBalancer, type Balancer } from '../../../tools/cluster/balancer.ts';
import { freePort } from '../server-process.ts';
import type { Instances } from './instances.ts';

/**
 * `--balancer`: HAProxy (Debian's /usr/sbin/haproxy) between the fault proxy and the instances, with the
 * configuration the project deploys (tools/cluster/haproxy-config.ts, as `npm run cluster` starts it), so a run
 * goes device -> fault proxy -> HAProxy -> instances, as in production. Its health checks (`/readyz` every 2 s)
 * find a killed instance, its retries send a refused request to another.
 */
export interface FaultBalancer {
  readonly port: number;
  /**
   * The instances as the balancer must see them: a restarted instance that came back on another port (instances.ts)
   * is moved there on HAProxy's admin socket, and the restart is over once HAProxy counts it up again.
   */
  follow(instances: Instances): Instances;
  /**
   * Resolves once HAProxy counts every instance up. After PostgreSQL restarted, every instance's /readyz failed for
   * a while and HAProxy took them out; they are ready again before its checks (every 2 s) put them back, and until
   * then it answers 503 to everything: the next run's devices could not get a guest cart (seed 20021).
   */
  serving(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const serverName = (index: number) => `store${index + 1}`;

export const startFaultBalancer = async (instances: Instances): Promise<FaultBalancer> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-faults-haproxy-'));
  const adminSocket = path.join(dir, 'admin.sock');
  let balancer: Balancer;
  try {
    balancer = await startBalancer({
      dir,
      port: await freePort(),
      servers: instances.ports().map((port, i) => ({ name: serverName(i), address: `127.0.0.1:${port}` })),
      // Every device calls from 127.0.0.1: deploy/'s per-address limits would refuse the harness itself.
      connectionsPerAddress: 10_000,
      requestsPer10sPerAddress: 1_000_000,
      maxConnections: 20_000,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = Number(new URL(balancer.url).port);

  const upAgain = async (index: number, timeoutMs = 30_000): Promise<void> => {
    const name = serverName(index);
    const deadline = Date.now() + timeoutMs;
    while ((await balancer.serverStates())[name] !== 'UP') {
      if (Date.now() > deadline) throw new Error(`HAProxy does not count ${name} up again`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  return {
    port,
    follow: (inner) => ({
      ...inner,
      async restart(index) {
        const before = inner.ports()[index];
        await inner.restart(index);
        const now = inner.ports()[index];
        if (now !== before)
          await askAdminSocket(adminSocket, `set server store/${serverName(index)} addr 127.0.0.1 port ${now}`);
        await upAgain(index);
      },
    }),
    async serving(timeoutMs = 30_000) {
      for (let index = 0; index < instances.ports().length; index++) await upAgain(index, timeoutMs);
    },
    async close() {
      await balancer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
