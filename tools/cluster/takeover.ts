import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_RETRY_MS, ROLES } from '../../sync-server/cluster/index.ts';
import { holdsRole } from '../../tests/support/cluster-instances.ts';
import { freePort, killHard, spawnServer } from '../../tests/support/server-process.ts';

/**
 * How long a role takes to move when its holder is killed with -9 (issue 31: "taken over within seconds"). Two
 * server processes on the PostgreSQL of DATABASE_URL; each run kills the one holding every role and times until the
 * other's /metrics says it holds them all, then starts the killed one again (it waits, holding none).
 *
 *   DATABASE_URL=postgres://… npx tsx tools/cluster/takeover.ts --runs 5
 */
const options = z
  .object({
    DATABASE_URL: z.url(),
    runs: z.coerce.number().int().min(1).max(100).default(5),
  })
  .parse({ DATABASE_URL: process.env.DATABASE_URL, ...parseArgs({ options: { runs: { type: 'string' } } }).values });

const roles = Object.keys(ROLES);
/** The survivor's /metrics is read this often: the figures are this coarse. */
const POLL_MS = 25;

const holdsAll = async (url: string): Promise<boolean> =>
  (await Promise.all(roles.map((role) => holdsRole(url, role)))).every(Boolean);

const start = async () =>
  spawnServer({ PORT: String(await freePort()), DATABASE_URL: options.DATABASE_URL, SEED: 'none' }, 60_000);

let holder = await start();
let other = await start();
const times: number[] = [];
try {
  for (let run = 1; run <= options.runs; run++) {
    if (!(await holdsAll(holder.url))) [holder, other] = [other, holder];
    if (!(await holdsAll(holder.url))) throw new Error('neither process holds every role');
    const killed = performance.now();
    await killHard(holder);
    while (!(await holdsAll(other.url))) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const ms = performance.now() - killed;
    times.push(ms);
    console.log(`run ${run}: every role held by the survivor ${ms.toFixed(0)} ms after kill -9 of the holder`);
    holder = other;
    other = await start();
  }
} finally {
  for (const child of [holder, other]) if (child.exitCode === null && child.signalCode === null) await killHard(child);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(
  `takeover after kill -9 (${times.length} runs, ${roles.length} roles, asked every ${DEFAULT_RETRY_MS} ms): median ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
);
