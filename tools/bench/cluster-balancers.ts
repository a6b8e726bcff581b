/**
 * More HAProxy processes in front of a cluster's instances, for `npm run bench:cluster`: a live stream through
 * HAProxy takes two of its descriptors (the device's and the instance's), and where this process may not raise the
 * hard limit (no CAP_SYS_RESOURCE, even as root in a container) one HAProxy holds about half of it (balancer.ts,
 * connectionsWithinLimit). Tens of thousands of streams go through several balancers with the cluster's own
 * configuration, as a shop would run several HAProxy hosts behind one DNS name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionsWithinLimit, startBalancer, type Balancer } from '../cluster/balancer.ts';
import { freePort, type Cluster } from '../cluster/start-cluster.ts';

/** Connections one HAProxy started here may hold, less a margin for the bench's own requests through it. */
export const streamsPerBalancer = (): number => Math.max(0, connectionsWithinLimit(1_000_000) - 300);

export interface ExtraBalancers {
  readonly ports: readonly number[];
  stop(): Promise<void>;
}

export const startExtraBalancers = async (cluster: Cluster, count: number): Promise<ExtraBalancers> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-balancers-'));
  const balancers: Balancer[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(balancers.map((b) => b.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      balancers.push(
        await startBalancer({
          dir: mkdtempSync(join(dir, `${i}-`)),
          port: await freePort(),
          servers: cluster.instances.map((instance) => ({
            name: instance.name,
            address: `127.0.0.1:${instance.port}`,
          })),
          connectionsPerAddress: 1_000_000,
          requestsPer10sPerAddress: 10_000_000,
          maxConnections: 1_000_000,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports: balancers.map((b) => Number(new URL(b.url).port)), stop };
};
