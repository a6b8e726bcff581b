import { mkdirSync } from 'node:fs';
import { loadConfig } from '../../sync-server/config.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { runOps } from './dispatch.ts';

/**
 * `npm run ops -- <command> …`: the operators' command line (issue 30). The store is the one the server uses,
 * chosen as sync-server/config.ts chooses it: DATABASE_URL (PostgreSQL), else PGlite in DATA_DIR. PGlite's folder
 * is one process's at a time: with PGlite, stop the store before a command that opens it (`grant`).
 */
let opened: Promise<Database> | undefined;
const database = (): Promise<Database> => {
  opened ??= (async () => {
    const config = loadConfig();
    if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
    return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  })();
  return opened;
};

let code: number;
try {
  code = await runOps(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    database,
    env: process.env,
  });
} catch (error) {
  console.error(`ops: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  await (await opened?.catch(() => undefined))?.close();
}
process.exit(code!);
