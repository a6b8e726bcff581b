/**
 * `npm run faults -- --runs 1000 --seed S`: seeded fault runs against the store (issue 31, "Proven under faults").
 * Each run: fresh shoppers on simulated devices (the real client sync core, each in a worker thread) doing cart,
 * wishlist and order intents through a fault proxy (delay, reset, black hole, duplicate) in front of the store's
 * instances (child processes), with instances killed -9 and restarted, tabs closed mid-push, a shopper's session
 * token expired on the server and PostgreSQL restarted; then the faults heal and the oracle
 * (tests/support/faults/oracle.ts) checks the store (SQL) and every device's RxDB.
 * Content intents take 18% of the draws (tests/support/faults/content/): the run's first shopper signs up on its
 * first device and logs in on its others, and saves ads with a photo (kept on the device and sent by the client's
 * resumable uploader), edits them, writes reviews, sends product inquiries and sets stock/price alerts; when a run
 * set an alert, the alert sku (out of stock during the run) comes back in stock after its commands ran, and the
 * alert sweep's mails are judged too: one ad per id saved, its photo stored once and ready, the last edit the
 * server ran shown, one review per command, one receipt per inquiry, one back-in-stock mail per subscriber, and
 * every device showing the server's myAds and accountSettings.
 * Orders are placed with every method: cash on delivery, bank transfer, and online by card (BORICA), PayPal and
 * consumer credit, paid as a shopper's browser does (tests/support/faults/payments/pay-journey.ts) against the
 * providers' simulators, processes of their own started once (payments/psp-world.ts); their `psp` faults: an
 * answer slower than the store's timeout, an answer lost after the money is taken, an answer delivered twice.
 * The oracle then also holds the simulators' own records of money taken to the store: no order charged twice, no
 * charge on an order left unpaid nor a paid order without its charge (after the reconciler's rounds), and every
 * device showing the store's payment status (payments/payment-oracle.ts).
 *
 * The store: the PostgreSQL of DATABASE_URL (written to, never emptied: give it a database of its own) with
 * --instances instances (default 2); with `--postgres private` a PostgreSQL cluster of the harness's own (Debian's
 * initdb and pg_ctl, in a temporary folder, removed at the end), which the `pg-restart` fault restarts; without
 * either a PGlite store in a temporary directory, one instance (PGlite is one process's). With --balancer the devices
 * reach the instances through HAProxy with the deployed configuration (tools/cluster/haproxy-config.ts): device ->
 * fault proxy -> HAProxy -> instances. Run N plays seed S+N; a failing run prints the command that plays it again
 * (the same schedule of intents and faults; the timing of a real network and processes is not replayed).
 *
 * Options: --runs N (1000), --seed S (random), --instances K, --devices D (3), --short (CI: 50 runs of 2 devices,
 * fewer intents and kills), --postgres private, --balancer,
 * --faults link,kill,tab,psp,token,pg-restart (the kinds drawn, all by default; pg-restart needs --postgres
 * private; the intents of a seed stay the same with fewer).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PROPERTIES, type Property } from '../tests/support/faults/oracle.ts';
import { startPrivatePostgres } from '../tests/support/faults/postgres.ts';
import { FAULT_KINDS, runOnce, type RunResult, type RunSettings } from '../tests/support/faults/run.ts';
import { startFaultWorld } from '../tests/support/faults/world.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    instances: { type: 'string' },
    devices: { type: 'string' },
    short: { type: 'boolean', default: false },
    faults: { type: 'string' },
    /** `private`: the store on a PostgreSQL cluster of the harness's own (the pg-restart fault restarts it). */
    postgres: { type: 'string' },
    /** HAProxy between the fault proxy and the instances. */
    balancer: { type: 'boolean', default: false },
    /** A report in vitest's JSON shape, one "test" a run, for tools/test-totals.ts (CI's stage). */
    report: { type: 'string' },
  },
});
const short = values.short || process.env['BENCH_SHORT'] === '1';
const count = z.coerce.number().int().min(1);
const runs = count.parse(values.runs ?? (short ? 50 : 1000));
const seed = values.seed !== undefined ? count.parse(values.seed) : Math.floor(Math.random() * 2 ** 31);
const privatePostgres = z.enum(['private']).optional().parse(values.postgres) === 'private';
const databaseUrl = z.url().optional().parse(process.env['DATABASE_URL']);
const instanceCount = count.max(3).parse(values.instances ?? (databaseUrl || privatePostgres ? 2 : 1));
// pg-restart restarts the harness's own PostgreSQL only: by default drawn with --postgres private alone.
const defaultFaults = FAULT_KINDS.filter((kind) => kind !== 'pg-restart' || privatePostgres);
const faults = new Set(
  z.array(z.enum(FAULT_KINDS)).parse((values.faults ?? defaultFaults.join(',')).split(',').filter(Boolean)),
);
if (faults.has('pg-restart') && !privatePostgres) {
  console.error("--faults pg-restart restarts the harness's own PostgreSQL: add --postgres private");
  process.exit(2);
}
const settings: RunSettings = short ? { steps: 8, killChance: 0.06, faults } : { steps: 16, killChance: 0.25, faults };

const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

const started = Date.now();
const postgres = privatePostgres ? await startPrivatePostgres() : undefined;
const world = await startFaultWorld({
  instances: instanceCount,
  devices: count.max(8).parse(values.devices ?? (short ? 2 : 3)),
  ...(databaseUrl ? { databaseUrl } : {}),
  ...(postgres ? { postgres } : {}),
  balancer: values.balancer,
}).catch(async (error: unknown) => {
  // The world stops its PostgreSQL at close; a world that did not start leaves it to us.
  await postgres?.stop();
  throw error;
});
console.log(
  `faults: ${runs} runs from seed ${seed}, ${instanceCount} instance(s) on ${world.storeKind}` +
    `${privatePostgres ? ' (private)' : ''}${world.balancer ? ' behind HAProxy' : ''}, ` +
    `${world.devices.length} devices, ${settings.steps} intents a run, faults: ${[...faults].join(', ') || 'none'} (ready in ${Date.now() - started} ms)`,
);

const violations = Object.fromEntries(PROPERTIES.map((p) => [p, 0])) as Record<Property, number>;
let failedRuns = 0;
let intents = 0;
const intentTypes: Record<string, number> = {};
let drainMax = 0;
/** The faults the runs applied, by kind (`3:kill-9 #0` counts as kill, `5:pg-restart-fast` as pg-restart-fast). */
const applied = new Map<string, number>();
const payments = { orders: 0, paid: 0, charges: 0, faults: 0 };
const settleTimes: number[] = [];
const runsStarted = Date.now();
/** Ctrl-C (SIGINT) ends a long run after the run under way, with the counts of the runs done. */
let stopping = false;
process.once('SIGINT', () => {
  stopping = true;
  console.log('  SIGINT: stopping after this run');
});
let done = 0;
try {
  for (let i = 0; i < runs && !stopping; i++) {
    done = i + 1;
    const runSeed = seed + i;
    const result: RunResult = await runOnce(world, runSeed, settings).catch((error: unknown) => ({
      seed: runSeed,
      violations: [{ property: 'not-converged' as const, detail: `the run failed: ${String(error)}` }],
      drainMs: 0,
      settleMs: 0,
      intents: 0,
      faults: [] as string[],
    }));
    intents += result.intents;
    for (const fault of result.faults) {
      const kind = /^[a-z]+(?:-[a-z]+)*/.exec(fault.split(':')[1] ?? '')?.[0] ?? fault;
      applied.set(kind, (applied.get(kind) ?? 0) + 1);
    }
    for (const [type, n] of Object.entries(result.types ?? {})) intentTypes[type] = (intentTypes[type] ?? 0) + n;
    payments.orders += result.payments?.orders ?? 0;
    payments.paid += result.payments?.paid ?? 0;
    payments.charges += result.payments?.charges ?? 0;
    payments.faults += result.faults.filter((f) => f.includes(':psp-')).length;
    drainMax = Math.max(drainMax, result.drainMs);
    settleTimes.push(result.settleMs);
    for (const v of result.violations) violations[v.property] += 1;
    if (result.violations.length > 0) {
      failedRuns += 1;
      const kinds = [...new Set(result.violations.map((v) => v.property))].join(', ');
      console.log(`FAILED run ${i + 1} seed ${runSeed}: ${kinds} (faults: ${result.faults.join(' ') || 'none'})`);
      for (const v of result.violations.slice(0, 5)) console.log(`  ${v.property}: ${v.detail}`);
      console.log(`  replay: npm run faults -- --runs 1 --seed ${runSeed}`);
    }
    if ((i + 1) % 10 === 0 && i + 1 < runs)
      console.log(`  ${i + 1} runs, ${failedRuns} failed, ${((Date.now() - runsStarted) / 1000).toFixed(0)} s`);
  }
} finally {
  await world.close();
}

const seconds = (Date.now() - runsStarted) / 1000;
console.log(
  [
    `runs: ${done} (seed ${seed}..${seed + done - 1}) in ${seconds.toFixed(0)} s, ${intents} intents, ${failedRuns} failed`,
    `lost: ${violations.lost}, duplicated: ${violations.duplicated}, reordered: ${violations.reordered}, ` +
      `stock wrong: ${violations.stock}, double charges: ${violations['double-charge']}, ` +
      `charged but unpaid: ${violations['charged-unpaid']}, ` +
      `double e-mails: ${violations['double-email']}, not converged: ${violations['not-converged']}, ` +
      `not drained: ${violations['not-drained']}`,
    `faults applied: ${[...applied].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none'}`,
    `commands: ${Object.entries(intentTypes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, n]) => `${type} ${n}`)
      .join(', ')}`,
    `online payments: ${payments.orders} orders, ${payments.paid} paid, ${payments.charges} charges taken, ` +
      `${payments.faults} psp faults`,
    `drain time max: ${Number.isFinite(drainMax) ? `${drainMax} ms` : 'never drained'} (limit 2000 ms)`,
    `faults healed -> every device settled: median ${percentile(settleTimes, 0.5)} ms, max ${Math.max(...settleTimes)} ms`,
  ].join('\n'),
);
if (values.report) {
  writeFileSync(
    values.report,
    JSON.stringify({
      numPassedTests: done - failedRuns,
      numFailedTests: failedRuns,
      testResults: [{ name: 'tools/faults.ts', status: failedRuns > 0 ? 'failed' : 'passed', assertionResults: [] }],
    }),
  );
}
process.exit(failedRuns > 0 ? 1 : 0);
