import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { RELAXED_LIMITS } from '../support/relaxed-limits.ts';
import { freshDatabase } from '../../tools/cluster/fresh-database.ts';
import { startCluster } from '../../tools/cluster/start-cluster.ts';
import type { ServerStat } from '../../tools/cluster/balancer.ts';

/**
 * The global setup of playwright.cluster.config.ts: the store as a shop runs it, three instances of its build
 * (build/server/main.js) on PostgreSQL
 * behind HAProxy with deploy/'s settings (tools/cluster/start-cluster.ts), the payment simulators and the mail
 * catcher beside them, so the main journeys (tagged @journey) run once through the balancer. The database is
 * `store_cluster` on the server of TEST_DATABASE_URL (CI's), made anew for every run. The addresses reach the specs
 * as with the single-instance suite (payments-stack.ts): E2E_BASE_URL (the balancer), E2E_<NAME>_SIM_URL,
 * E2E_MAIL_URL. E2E_DIST and E2E_SKIP_BUILD as there.
 */
export default async function clusterStack(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'The journeys through the balancer need PostgreSQL: set TEST_DATABASE_URL (apt-get install postgresql).',
    );
  }
  const staticDir = process.env.E2E_DIST ?? 'dist';
  if (process.env.E2E_SKIP_BUILD !== '1') {
    await build({ logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
  }
  // The instances run the server's build, as a shop's do: built now (a few seconds), so it is this checkout's.
  const server = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build/build-server.ts'], { encoding: 'utf8' });
  if (server.status !== 0) throw new Error(`the server's build failed: ${server.stderr || server.stdout}`);
  const databaseUrl = await freshDatabase(serverUrl, 'store_cluster');
  const keysDir = mkdtempSync(join(tmpdir(), 'store-cluster-keys-'));
  const cluster = await startCluster({
    instances: 3,
    databaseUrl,
    staticDir,
    seed: 'demo',
    keysDir,
    // Every spec calls from 127.0.0.1: the browser's page loads alone pass HAProxy's per-address request rate.
    connectionsPerAddress: 10_000,
    requestsPer10sPerAddress: 100_000,
    env: {
      ...RELAXED_LIMITS,
      LOG_LEVEL: 'warn',
      // As payments-stack.ts: attempts in doubt are asked about soon, so a page's live status changes in a test.
      RECONCILE_INTERVAL_MS: '1000',
      RECONCILE_AFTER_MS: '5000',
    },
  }).catch((error: unknown) => {
    rmSync(keysDir, { recursive: true, force: true });
    throw error;
  });
  Object.assign(process.env, {
    E2E_BASE_URL: cluster.url,
    ...Object.fromEntries(
      Object.entries(cluster.simulatorUrls).map(([name, url]) => [`E2E_${name.toUpperCase()}_SIM_URL`, url]),
    ),
    ...(cluster.mailUrl ? { E2E_MAIL_URL: cluster.mailUrl } : {}),
  });
  return async () => {
    // The journeys went through the balancer to every instance, not all to one: once real traffic came (hundreds
    // of requests; a run of the rolling restart alone sends the journeys' cluster next to nothing), each got some.
    const stats: Record<string, ServerStat> = await cluster.balancer.serverStats().catch(() => ({}));
    await cluster.stop();
    rmSync(keysDir, { recursive: true, force: true });
    const sessions = cluster.instances.map((instance) => stats[instance.name]?.sessions ?? 0);
    if (Math.max(...sessions) >= 20 && Math.min(...sessions) === 0) {
      throw new Error(`HAProxy did not spread the journeys over the instances: ${JSON.stringify(stats)}`);
    }
  };
}
