/**
 * The store the console is measured on: the sync server in this process serving a built client, on PostgreSQL by
 * DATABASE_URL (a schema of its own, dropped at the end) or PGlite; a seeded command log, so the console's first
 * page has rows to show; and an operator made as the first admin is (an account registered over HTTP, then the role
 * by SQL as `npm run ops -- grant` gives it). The executor is off: the console only reads, and the seeded log's
 * pending commands are not the bench's to run.
 */
import { changeRole } from '../../../sync-server/ops/role-change.ts';
import { startServer, type RunningServer } from '../../../sync-server/server.ts';
import { RELAXED_LIMITS } from '../../../tests/support/relaxed-limits.ts';
import { seedCommands } from '../ops-seed.ts';
import { openFreshPostgres, openPglite, type TracedDatabase } from '../stores.ts';

export interface ConsoleStore {
  url: string;
  kind: TracedDatabase['kind'];
  operator: { email: string; password: string };
  close(): Promise<void>;
}

const OPERATOR = { email: 'bench-admin@example.com', password: 'ябълка-и-круша-2026' };

const openStore = async (): Promise<{ db: TracedDatabase; close(): Promise<void> }> => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const fresh = await openFreshPostgres(url, 'opsweb');
    return { db: fresh.db, close: () => fresh.dispose() };
  }
  const db = await openPglite();
  return { db, close: () => db.close() };
};

export const startConsoleStore = async (staticDir: string, commands: number): Promise<ConsoleStore> => {
  // Every login of the run comes from 127.0.0.1: the per-address limit would stop them (read when the app is made).
  Object.assign(process.env, RELAXED_LIMITS);
  const store = await openStore();
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      PORT: 0,
      HOST: '127.0.0.1',
      EXECUTOR: 'off',
      SEED: 'demo',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'silent',
      SHUTDOWN_TIMEOUT_MS: 1_000,
      db: store.db,
    });
    await seedCommands(store.db, commands);
    const created = await fetch(`${server.url}/api/user/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer: { email: OPERATOR.email, firstname: 'Bench', lastname: 'Operator' },
        password: OPERATOR.password,
      }),
    });
    if (!created.ok) throw new Error(`the operator's account was not made: ${created.status} ${await created.text()}`);
    await store.db.transaction((tx) =>
      changeRole(
        tx,
        { userId: 0, owner: 'command-line', email: 'bench:ops', role: 'admin' },
        { email: OPERATOR.email, role: 'admin' },
      ),
    );
    const running = server;
    return {
      url: running.url,
      kind: store.db.kind,
      operator: OPERATOR,
      async close() {
        await running.close();
        await store.close();
      },
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw error;
  }
};
