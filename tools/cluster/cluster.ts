import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SERVER_BUILD } from './instance.ts';
import { rollingRestart } from './rolling-restart.ts';
import { startCluster, type Cluster } from './start-cluster.ts';

/**
 * `npm run cluster -- --instances 3`: HAProxy and N instances of the build (`npm run build` first) on the
 * PostgreSQL of DATABASE_URL, on one machine,
 * with the payment simulators and the mail catcher (start-cluster.ts). Prints the address; Ctrl-C stops all.
 * While it runs, lines typed on its input: `status`, `restart` (a rolling restart), `kill N`, `start N`.
 */

const argsSchema = z.object({
  instances: z.coerce.number().int().min(1).max(16).default(3),
  port: z.coerce.number().int().min(1).max(65535).default(3000),
  seed: z.enum(['generated', 'demo', 'none']).default('generated'),
  simulators: z.enum(['on', 'off']).default('on'),
  verbose: z.boolean().default(false),
});

const envSchema = z.object({
  DATABASE_URL: z.url({
    error: [
      'DATABASE_URL is not set: the instances share one PostgreSQL. On Debian:',
      '  apt-get install postgresql && pg_ctlcluster $(ls /usr/lib/postgresql | tail -n 1) main start',
      '  su postgres -c "createdb store"',
      '  DATABASE_URL=postgres:///store?host=/var/run/postgresql npm run cluster -- --instances 3',
      '(or a user with a password: postgres://user:password@127.0.0.1:5432/store)',
    ].join('\n'),
  }),
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    instances: { type: 'string' },
    port: { type: 'string' },
    seed: { type: 'string' },
    simulators: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
const args = argsSchema.safeParse(values);
if (!args.success)
  fail(`npm run cluster: ${args.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
const env = envSchema.safeParse(process.env);
if (!env.success) fail(env.error.issues.map((i) => i.message).join('\n'));
const options = args.data;
const { DATABASE_URL } = env.data;
if (!existsSync(join('dist', 'index.html')) || !existsSync(SERVER_BUILD)) {
  fail(`No build (dist/ and ${SERVER_BUILD}): run \`npm run build\` first.`);
}

const print = (line: string): void => void process.stdout.write(`${line}\n`);
print(`[cluster] starting ${options.instances} instance(s) and HAProxy...`);
let cluster: Cluster;
try {
  cluster = await startCluster({
    instances: options.instances,
    databaseUrl: DATABASE_URL,
    port: options.port,
    seed: options.seed,
    simulators: options.simulators === 'on',
    onInstanceLine: options.verbose ? (name, line) => print(`[${name}] ${line}`) : undefined,
    onBalancerLine: (line) => print(`[haproxy] ${line}`),
  });
} catch (error) {
  fail(`[cluster] did not start: ${(error as Error).message}`);
}
for (const instance of cluster.instances) print(`[cluster] ${instance.name} on ${instance.url}`);
for (const [name, url] of Object.entries(cluster.simulatorUrls)) print(`[payments] ${name} simulator on ${url}`);
if (cluster.mailUrl) print(`[mail] the store's mail is readable on ${cluster.mailUrl}`);
print(`[cluster] the shop: ${cluster.url} (HAProxy: ${cluster.balancer.configFile})`);
print('[cluster] type status, restart (rolling), kill N or start N; Ctrl-C stops everything');

const commands = async (line: string): Promise<void> => {
  const [word, number] = line.trim().split(/\s+/);
  const index = Number(number) - 1;
  if (word === 'status') print(JSON.stringify(await cluster.balancer.serverStates()));
  else if (word === 'restart') await rollingRestart(cluster, print);
  else if (word === 'kill' && Number.isInteger(index)) await cluster.killInstance(index);
  else if (word === 'start' && Number.isInteger(index)) await cluster.startInstance(index);
  else if (word) print('status | restart | kill N | start N');
};
createInterface({ input: process.stdin }).on('line', (line) => {
  commands(line).catch((error: unknown) => print(`[cluster] ${(error as Error).message}`));
});

let stopping = false;
const stopAll = (): void => {
  if (stopping) return;
  stopping = true;
  print('[cluster] stopping...');
  cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => fail(`[cluster] stop failed: ${(error as Error).message}`),
  );
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
