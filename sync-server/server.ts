import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_OFFLINE_CATALOG_MAX_PRODUCTS, saveOfflineCatalogLimit } from './catalog/offline-catalog.ts';
import { createSearchEngine } from './catalog/search-engine-factory.ts';
import { SearchIndexer } from './catalog/search-indexer.ts';
import { seedCatalog, type SeedMode } from './catalog/seed-catalog.ts';
import { startPgliteUpkeep } from './store/pglite-upkeep.ts';
import type { ServerConfig } from './config.ts';
import { Executor } from './executor/executor.ts';
import { createApp } from './http/app.ts';
import type { Database } from './store/database.ts';
import { openDatabase } from './store/open-database.ts';
import { ChangeStreams } from './sync/change-stream.ts';

export interface RunningServer {
  url: string;
  db: Database;
  executor: Executor | undefined;
  /** The catalogue search index; `catchUp()` waits until it holds every committed catalogue change. */
  search: SearchIndexer;
  close(): Promise<void>;
}

type OptionalSettings =
  | 'DATABASE_URL'
  | 'DATA_DIR'
  | 'STATIC_DIR'
  | 'HEARTBEAT_MS'
  | 'SEED'
  | 'CATALOG_DIR'
  | 'SEARCH_ENGINE'
  | 'ES_URL'
  | 'OFFLINE_CATALOG_MAX_PRODUCTS'
  | 'OFFICE_IP'
  | 'ACCESS_TOKEN_TTL_S'
  | 'REFRESH_TOKEN_TTL_S';

export type StartOptions = Pick<ServerConfig, 'PORT' | 'HOST' | 'EXECUTOR'> &
  Partial<Pick<ServerConfig, OptionalSettings>> & {
    db?: Database;
    /** Before SEED: 'on' is SEED=demo, 'off' SEED=none. Kept so older callers (benchmarks) still start. */
    SEED_DEMO?: 'on' | 'off';
  };

/** SEED wins; the old SEED_DEMO switch maps onto it; programmatic starts default to the demo catalogue. */
const seedModeOf = (config: StartOptions): SeedMode => config.SEED ?? (config.SEED_DEMO === 'off' ? 'none' : 'demo');

/** Opens the store, migrates, seeds, and serves; `close` stops everything in reverse order. */
export const startServer = async (config: StartOptions): Promise<RunningServer> => {
  const db = config.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  await saveOfflineCatalogLimit(db, config.OFFLINE_CATALOG_MAX_PRODUCTS ?? DEFAULT_OFFLINE_CATALOG_MAX_PRODUCTS);
  await seedCatalog(db, seedModeOf(config), config.CATALOG_DIR ?? '.data/catalog');
  // PostgreSQL keeps itself (autovacuum); PGlite is kept here, first for what seeding wrote.
  const upkeep = db.kind === 'pglite' ? startPgliteUpkeep(db) : undefined;
  await upkeep?.runOnce();
  const search = new SearchIndexer(db, createSearchEngine(config));
  await search.start();
  const streams = new ChangeStreams(db, config.HEARTBEAT_MS);
  await streams.start();
  const executor = config.EXECUTOR === 'on' ? new Executor(db) : undefined;
  await executor?.start();
  const app = createApp({
    db,
    streams,
    onPushed: () => executor?.wake(),
    inline: executor,
    staticDir: config.STATIC_DIR,
    catalog: { search: search.engine, officeIp: config.OFFICE_IP ?? '' },
    sessionTtl: {
      accessSeconds: config.ACCESS_TOKEN_TTL_S ?? 900,
      refreshSeconds: config.REFRESH_TOKEN_TTL_S ?? 2_592_000,
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    executor,
    search,
    async close() {
      await streams.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await executor?.stop();
      await search.stop();
      await upkeep?.stop();
      if (!config.db) await db.close();
    },
  };
};
