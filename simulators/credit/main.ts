import { stopOnSignals } from '../shared/http.ts';
import { z } from 'zod';
import { createCreditSimulator } from './server.ts';

/**
 * The test creditor (Jet, UniCredit, DSK behind one address) as a process of its own: `PORT` (0: any free port),
 * `HOST`, `CREDIT_SIM_API_KEY` (the merchant's key the store must send). Its first stdout line is
 * `{"listening":"http://HOST:PORT"}`. How it decides: decide.ts.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  CREDIT_SIM_API_KEY: z.string().min(8),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  console.error(`credit simulator: ${String(issue?.path[0])}: ${issue?.message}`);
  process.exit(2);
}
const env = parsed.data;
const server = createCreditSimulator(env.CREDIT_SIM_API_KEY);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(JSON.stringify({ listening: `http://${env.HOST}:${port}` }));
});
stopOnSignals(server);
