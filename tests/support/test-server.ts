import { startServer, type RunningServer, type StartOptions } from '../../sync-server/server.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { RELAXED_LIMITS } from './relaxed-limits.ts';

/** Store tests run on PGlite by default and on PostgreSQL when DATABASE_URL is set (CI does both). */
export const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** Every table a test may have written to; TRUNCATE empties them all at once. */
const TABLES = [
  'commands',
  'carts',
  'sync_clients',
  'auth_tokens',
  'catalog_products',
  'catalog_skus',
  'categories',
  'attributes',
  'cms_pages',
  'cms_blocks',
  'banners',
  'blog_posts',
  'reviews',
  'tax_rules',
  'stock_items',
  'catalog_settings',
  'users',
  'refresh_tokens',
  'password_resets',
  'mail_outbox',
  'guest_merges',
  'rate_limits',
  'payment_attempts',
  'payment_refunds',
  'ads',
  'my_ads',
  'account_settings',
  'newsletter_subscriptions',
  'alert_mails',
  'alert_events',
  'used_challenges',
  'ad_photos',
  'ad_photo_chunks',
  'ad_photo_sizes',
  'catalog_media',
  'ops_push_attempts',
  'ops_devices',
  'ops_deliveries',
  'ops_audit',
];

/** A database with a clean slate: PGlite in memory, or the PostgreSQL database emptied. */
export const openTestDatabase = async (): Promise<Database> => {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  if (db.kind === 'postgres') {
    await db.exec(`TRUNCATE ${TABLES.join(', ')}; UPDATE sync_counter SET value = 0`);
  }
  return db;
};

/** Settings a test may change; everything else is the tests' usual server (demo catalogue, embedded search). */
export type TestServerOptions = Partial<Omit<StartOptions, 'PORT' | 'HOST' | 'EXECUTOR' | 'db'>> & {
  /** 'relaxed' (the default): RELAXED_LIMITS; 'real': the configuration's defaults (or the environment's). */
  limits?: 'relaxed' | 'real';
};

/** The account routes read their limits from the environment when the app is made: set only around the start. */
const withLimitsEnv = async <T>(limits: 'relaxed' | 'real', start: () => Promise<T>): Promise<T> => {
  if (limits === 'real') return start();
  const saved = Object.fromEntries(Object.keys(RELAXED_LIMITS).map((key) => [key, process.env[key]]));
  Object.assign(process.env, RELAXED_LIMITS);
  try {
    return await start();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
};

/**
 * The tests' usual server. Without a database it opens a clean one of its own (on PostgreSQL, the shared test
 * database emptied, so a catalogue left by an earlier file never stands in for the demo one) and closes it
 * with the server.
 */
export const startTestServer = async (
  db?: Database,
  executor: 'on' | 'off' = 'on',
  heartbeatMs?: number,
  options: TestServerOptions = {},
): Promise<RunningServer> => {
  const own = db ? undefined : await openTestDatabase();
  const { limits = 'relaxed', ...settings } = options;
  const server = await withLimitsEnv(limits, () =>
    startServer({
      PORT: 0,
      HOST: '127.0.0.1',
      EXECUTOR: executor,
      SEED: 'demo',
      DATABASE_URL: process.env.DATABASE_URL,
      STATIC_DIR: undefined,
      ...(heartbeatMs ? { HEARTBEAT_MS: heartbeatMs } : {}),
      db: db ?? own!,
      ...settings,
    }),
  );
  if (!own) return server;
  return {
    ...server,
    async close() {
      await server.close();
      await own.close();
    },
  };
};

/** Two server instances on one store: PGlite shared in-process, or two connections to the test PostgreSQL. */
export const startTwoInstances = async (): Promise<{
  first: RunningServer;
  second: RunningServer;
  close(): Promise<void>;
}> => {
  const db = await openTestDatabase();
  const shared = db.kind === 'pglite' ? db : undefined;
  if (!shared) await db.close();
  const first = await startTestServer(shared);
  const second = await startTestServer(shared);
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await shared?.close();
    },
  };
};
