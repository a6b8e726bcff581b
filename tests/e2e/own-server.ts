import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { startTestServer } from '../support/test-server.ts';

/**
 * A store of a spec's own, serving the built client, for specs that act as the shop does (an operator's move, an
 * approval) on its database: the embedded store, the executor on, and an API client on its address.
 */
export interface OwnServer {
  db: Database;
  server: RunningServer;
  api: APIRequestContext;
}

export const startOwnServer = async (): Promise<OwnServer> => {
  const db = await openDatabase({ databaseUrl: undefined });
  const server = await startTestServer(db, 'on', undefined, { STATIC_DIR: process.env.E2E_DIST ?? 'dist' });
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  return { db, server, api };
};

/** Stops what `startOwnServer` started (each part only if it did start). */
export const stopOwnServer = async (own: Partial<OwnServer>): Promise<void> => {
  await own.api?.dispose();
  await own.server?.close();
  await own.db?.close();
};
