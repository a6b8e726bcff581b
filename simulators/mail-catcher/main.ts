import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { stopOnSignals } from '../shared/http.ts';
import { createInbox } from './inbox.ts';
import { createHttp, createSmtp } from './server.ts';

/**
 * The store's mail catcher as a process of its own, where a real mail server stands: it speaks SMTP on
 * `SMTP_PORT` (0: any free port) and shows what arrived over HTTP on `PORT`. `npm start` and the browser tests
 * point the store's SMTP_URL at it. Its first stdout line is `{"listening":"http://HOST:PORT","smtp":"smtp://..."}`.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  console.error(`mail catcher: ${String(issue?.path[0])}: ${issue?.message}`);
  process.exit(2);
}
const env = parsed.data;
const inbox = createInbox();
const smtp = createSmtp(inbox);
const http = createHttp(inbox);

await new Promise<void>((resolve) => smtp.listen(env.SMTP_PORT, env.HOST, resolve));
await new Promise<void>((resolve) => http.listen(env.PORT, env.HOST, resolve));
const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
const smtpPort = (smtp.server.address() as AddressInfo).port;
const httpPort = (http.address() as AddressInfo).port;
console.log(JSON.stringify({ listening: `http://${host}:${httpPort}`, smtp: `smtp://${host}:${smtpPort}` }));
stopOnSignals(http);
process.once('exit', () => smtp.close());
