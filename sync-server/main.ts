import { mkdirSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { loadHardeningConfig } from './sync/stream-limits.ts';

const config = { ...loadConfig(), ...loadHardeningConfig() };
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const server = await startServer(config);
console.log(`Store ready on port ${new URL(server.url).port} (${server.db.kind})`);

const shutdown = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
