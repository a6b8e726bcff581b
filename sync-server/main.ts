import { mkdirSync } from 'node:fs';
import { loadServerEnvironment } from './environment.ts';
import { createLogger } from './observability/logger.ts';
import { startServer } from './server.ts';
import { ensureDemoAdmin } from './ops/demo-admin.ts';

// Every variable checked before anything starts (environment.ts): a bad one stops the process, naming it.
const config = loadServerEnvironment();
const logger = createLogger(config.LOG_LEVEL);
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const server = await startServer({ ...config, logger });
logger.info({ port: Number(new URL(server.url).port), store: server.db.kind }, 'Store ready');
// `npm start` (tools/payments/launch.ts) asks for the demo admin; ensureDemoAdmin refuses in production itself.
// Printed as plain text, not a log line: a person reads it once, and a log collector must never keep a password.
if (process.env.DEMO_ADMIN === 'on') await ensureDemoAdmin(server.db, (text) => process.stdout.write(`${text}\n`));

/**
 * SIGTERM (an orchestrator's stop) or SIGINT (Ctrl-C): a graceful stop (server.ts close) bounded by
 * SHUTDOWN_TIMEOUT_MS for requests in flight, then exit 0. Should the workers or the store not stop either, the
 * process leaves anyway a little later, with 1.
 */
let stopping = false;
const shutdown = (signal: NodeJS.Signals): void => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown did not finish in time: exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS + 10_000).unref();
  server.close().then(
    () => {
      logger.info('stopped');
      process.exit(0);
    },
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
