import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../sync-server/node-flags.ts';
import { startMailCatcher } from '../mail/catcher.ts';
import { startPaymentSimulators } from './simulators.ts';

/**
 * `npm start`: the payment providers' simulators (BORICA, PayPal, credit; each its own process, keys made on first
 * start in .data/payment-keys/) and the store pointed at them. Ctrl-C stops all of them. A provider's variables
 * already set in the environment win (pointing the store at a real gateway is configuration only), and
 * `PAYMENT_SIMULATORS=off` starts the store alone. Without SMTP_URL the mail catcher (simulators/mail-catcher)
 * starts too and the store's mail goes there, readable in its inbox page. Outside production (NODE_ENV), the store
 * makes a demo admin on its first start and prints its login once (sync-server/ops/demo-admin.ts; DEMO_ADMIN=off
 * to not).
 */

const port = process.env['PORT'] ?? '3000';
const storeUrl = process.env['STORE_PUBLIC_URL'] ?? `http://localhost:${port}`;
const useSimulators = process.env['PAYMENT_SIMULATORS'] !== 'off';
const demoAdmin = process.env['NODE_ENV'] === 'production' ? 'off' : 'on';

const sims = useSimulators ? await startPaymentSimulators({ storeUrl }) : undefined;
for (const sim of sims?.simulators ?? []) console.log(`[payments] ${sim.name} simulator (test gateway) on ${sim.url}`);
const mail = process.env['SMTP_URL'] ? undefined : await startMailCatcher();
if (mail) console.log(`[mail] test mail catcher: the store's mail is readable on ${mail.url}`);

const store = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'sync-server/main.ts'], {
  env: { DEMO_ADMIN: demoAdmin, ...sims?.env, ...(mail ? { SMTP_URL: mail.smtpUrl } : {}), ...process.env },
  stdio: 'inherit',
});

let stopping = false;
const stopAll = async (code: number): Promise<void> => {
  if (stopping) return;
  stopping = true;
  if (store.exitCode === null && store.signalCode === null) {
    await new Promise<void>((resolve) => {
      store.once('exit', () => resolve());
      store.kill('SIGTERM');
    });
  }
  await Promise.all([sims?.stop(), mail?.stop()]);
  process.exit(code);
};

store.once('exit', (code) => void stopAll(code ?? 0));
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
