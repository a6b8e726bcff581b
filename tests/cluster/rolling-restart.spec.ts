import { expect, test } from '@playwright/test';
import { RELAXED_LIMITS } from '../support/relaxed-limits.ts';
import { freshDatabase } from '../../tools/cluster/fresh-database.ts';
import { rollingRestart } from '../../tools/cluster/rolling-restart.ts';
import { startCluster, type Cluster } from '../../tools/cluster/start-cluster.ts';

/**
 * The runbook's rolling restart (README, tools/cluster/rolling-restart.ts) with a shopper busy the whole time: two
 * instances of the build behind HAProxy, restarted one after the other (SIGTERM, start, back in the balancer)
 * while a loop through the balancer loads the page and makes guests (a write each). Not one request may fail.
 * A cluster of its own (on `store_cluster_restart`), so the journeys' cluster is never restarted under them.
 */

test.describe.configure({ timeout: 600_000 });

let cluster: Cluster | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The rolling restart needs PostgreSQL: set TEST_DATABASE_URL.');
  cluster = await startCluster({
    instances: 2,
    databaseUrl: await freshDatabase(serverUrl, 'store_cluster_restart'),
    staticDir: process.env.E2E_DIST ?? 'dist',
    seed: 'demo',
    simulators: false,
    connectionsPerAddress: 10_000,
    requestsPer10sPerAddress: 100_000,
    env: { ...RELAXED_LIMITS, LOG_LEVEL: 'warn' },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

test('a rolling restart of every instance while a shopper keeps loading pages and writing: no request fails', async () => {
  const running = cluster!;
  const failures: string[] = [];
  let answered = 0;
  let restarting = true;
  const shopper = (async () => {
    while (restarting) {
      for (const [method, path] of [
        ['GET', '/'],
        ['POST', '/api/cart/create'],
      ] as const) {
        try {
          const response = await fetch(`${running.url}${path}`, {
            method,
            ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
          });
          await response.arrayBuffer();
          if (response.ok) answered += 1;
          else failures.push(`${method} ${path}: ${response.status}`);
        } catch (error) {
          failures.push(`${method} ${path}: ${(error as Error).message}`);
        }
      }
    }
  })();
  try {
    await rollingRestart(running);
  } finally {
    restarting = false;
    await shopper;
  }
  test.info().annotations.push({ type: 'requests', description: `${answered} answered, ${failures.length} failed` });
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(0);
  // Both instances restarted and serve again.
  expect(await running.balancer.serverStates()).toEqual({ store1: 'UP', store2: 'UP' });
});
