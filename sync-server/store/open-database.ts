import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

export interface StoreConfig {
  /** PostgreSQL when set; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; in memory when absent. */
  dataDir?: string | undefined;
}

/** Opens the configured store and brings its schema up to date. */
export const openDatabase = async (config: StoreConfig): Promise<Database> => {
  const db = config.databaseUrl
    ? await openPostgresDatabase(config.databaseUrl)
    : await openPgliteDatabase(config.dataDir);
  await migrate(db);
  return db;
};
