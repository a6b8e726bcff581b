import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openPostgresDatabase } from '../../sync-server/store/postgres-database.ts';
import { openTestDatabase, startTestServer, type TestServerOptions } from './test-server.ts';

/** One instance's settings: the tests' usual server's, and whether it runs an executor. */
export type InstanceOptions = TestServerOptions & { executor?: 'on' | 'off' };

export interface Instances {
  /** The instances, in the order they started (the first to start takes every role that is free). */
  servers: RunningServer[];
  /** The store, for the test's own reads and writes. */
  db: Database;
  close(): Promise<void>;
}

/** Connections per instance: enough for its pushes and loops, few enough that four fit beside the other users. */
const POOL_PER_INSTANCE = 4;

/**
 * Server instances on one store, started one after another, as a cluster's are. On PostgreSQL the store is emptied
 * once, then each instance has connections of its own (a pool, its LISTEN connection, a session per role it asks
 * for), as separate processes would; on PGlite they share the one embedded database of this process.
 */
export const startInstances = async (options: readonly InstanceOptions[]): Promise<Instances> => {
  const db = await openTestDatabase();
  const url = process.env.DATABASE_URL;
  const stores: Database[] = [];
  const servers: RunningServer[] = [];
  const close = async () => {
    for (const server of servers) await server.close();
    for (const store of stores) await store.close();
    await db.close();
  };
  try {
    for (const { executor = 'on', ...settings } of options) {
      const store = url ? await openPostgresDatabase(url, POOL_PER_INSTANCE) : db;
      if (store !== db) stores.push(store);
      servers.push(await startTestServer(store, executor, undefined, settings));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { servers, db, close };
};

/** Whether an instance holds a role now, as its /metrics tells (`cluster_role_held`). */
export const holdsRole = async (url: string, role: string): Promise<boolean> => {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`cluster_role_held{role="${role}"}`));
  if (!line) throw new Error(`no cluster_role_held for ${role} in ${url}/metrics`);
  return line.trim().endsWith(' 1');
};

/** Asks `check` again every 100 ms until it holds; fails naming `what` after `ms`. */
export const eventually = async (check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
