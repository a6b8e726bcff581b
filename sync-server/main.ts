import { mkdirSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { loadHardeningConfig } from './sync/stream-limits.ts';
import { ensureDemoAdmin } from './ops/demo-admin.ts';

const config = { ...loadConfig(), ...loadHardeningConfig() };
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const server = await startServer(config);
console.log(`Store ready on port ${new URL(server.url).port} (${server.db.kind})`);
// `npm start` (tools/payments/launch.ts) asks for the demo admin; ensureDemoAdmin refuses in production itself.
if (process.env.DEMO_ADMIN === 'on') await ensureDemoAdmin(server.db, (text) => process.stdout.write(`${text}\n`));

const shutdown = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
