import type { Cluster } from './start-cluster.ts';

/**
 * A rolling restart as the README's runbook does it with systemd, one instance at a time: SIGTERM (its /readyz
 * turns 503 and it stops taking connections, so HAProxy sends new requests to the others and retries on another
 * the few that were on their way), its start on the same port, and the next only when HAProxy counts it UP again.
 * A shopper sees nothing: at every moment all the other instances serve.
 */
export const rollingRestart = async (cluster: Cluster, log: (line: string) => void = () => {}): Promise<void> => {
  for (const [index, instance] of cluster.instances.entries()) {
    log(`[cluster] restarting ${instance.name} (port ${instance.port})`);
    await cluster.restartInstance(index);
    await cluster.waitBalanced();
    log(`[cluster] ${instance.name} is back and balanced`);
  }
};
