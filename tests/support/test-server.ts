import { startServer, type RunningServer } from '../../sync-server/server.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import type { Database } from '../../sync-server/store/database.ts';

/** Store tests run on PGlite by default and on PostgreSQL when DATABASE_URL is set (CI does both). */
export const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** A database with a clean slate: PGlite in memory, or the PostgreSQL database emptied. */
export const openTestDatabase = async (): Promise<Database> => {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  if (db.kind === 'postgres') {
    await db.exec(`TRUNCATE commands, carts, products, sync_clients, auth_tokens; UPDATE sync_counter SET value = 0`);
  }
  return db;
};

export const startTestServer = async (
  db?: Database,
  executor: 'on' | 'off' = 'on',
  heartbeatMs?: number,
): Promise<RunningServer> =>
  startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: executor,
    SEED_DEMO: 'on',
    DATABASE_URL: process.env.DATABASE_URL,
    STATIC_DIR: undefined,
    ...(heartbeatMs ? { HEARTBEAT_MS: heartbeatMs } : {}),
    ...(db ? { db } : {}),
  });
