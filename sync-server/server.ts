import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cartHandlers } from './cart/cart-handlers.ts';
import { seedDemoCatalog } from './catalog/demo-catalog.ts';
import type { ServerConfig } from './config.ts';
import { Executor } from './executor/executor.ts';
import type { HandlerRegistry } from './executor/handler-registry.ts';
import { createApp } from './http/app.ts';
import type { Database } from './store/database.ts';
import { openDatabase } from './store/open-database.ts';
import { ChangeStreams } from './sync/change-stream.ts';

export const handlers: HandlerRegistry = { ...cartHandlers };

export interface RunningServer {
  url: string;
  db: Database;
  executor: Executor | undefined;
  close(): Promise<void>;
}

/** Opens the store, migrates, seeds, and serves; `close` stops everything in reverse order. */
export const startServer = async (
  config: Pick<ServerConfig, 'PORT' | 'HOST' | 'EXECUTOR' | 'SEED_DEMO'> &
    Partial<Pick<ServerConfig, 'DATABASE_URL' | 'DATA_DIR' | 'STATIC_DIR' | 'HEARTBEAT_MS'>> & { db?: Database },
): Promise<RunningServer> => {
  const db = config.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (config.SEED_DEMO === 'on') await seedDemoCatalog(db);
  const streams = new ChangeStreams(db, config.HEARTBEAT_MS);
  await streams.start();
  const executor = config.EXECUTOR === 'on' ? new Executor(db, handlers) : undefined;
  await executor?.start();
  const app = createApp({ db, streams, onPushed: () => executor?.wake(), staticDir: config.STATIC_DIR });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    executor,
    async close() {
      await streams.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await executor?.stop();
      if (!config.db) await db.close();
    },
  };
};
