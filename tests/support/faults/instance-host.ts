import { mkdirSync } from 'node:fs';
import { z } from 'zod';
import { loadConfig } from '../../../sync-server/config.ts';
import { createLogger } from '../../../sync-server/observability/logger.ts';
import { startServer } from '../../../sync-server/server.ts';
import { loadHardeningConfig } from '../../../sync-server/sync/stream-limits.ts';

/**
 * One store instance of the fault harness, in a process of its own so it can be killed with -9: the server as
 * sync-server/main.ts starts it, plus one thing for the harness: SQL read over the IPC channel. The harness reads
 * the store through the instance because a PGlite store belongs to one process; on PostgreSQL it is simply the same
 * connection pool the instance uses.
 */
/** A query from the harness: the SqlParam shapes the store takes (what a child's IPC message can carry of them). */
const paramSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string()), z.array(z.number())]);
const querySchema = z.object({ id: z.number(), sql: z.string(), params: z.array(paramSchema).default([]) });

const config = { ...loadConfig(), ...loadHardeningConfig() };
const logger = createLogger(config.LOG_LEVEL);
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const server = await startServer({ ...config, logger });

process.on('message', (message) => {
  const parsed = querySchema.safeParse(message);
  if (!parsed.success) return;
  const { id, sql, params } = parsed.data;
  server.db.query(sql, params).then(
    (rows) => process.send?.({ id, rows }),
    (error: unknown) => process.send?.({ id, error: String(error) }),
  );
});
// The harness gone (crashed, killed): this instance goes too, rather than hold its port and the store.
process.on('disconnect', () => process.exit(1));
process.send?.({ ready: true, url: server.url });
