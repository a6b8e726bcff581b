/**
 * `npm run faults -- --runs 1000 --seed S`: seeded fault runs against the store (issue 31, "Proven under faults").
 * Each run: fresh shoppers on simulated devices (the real client sync core, each in a worker thread) doing cart,
 * wishlist and order intents through a fault proxy (delay, reset, black hole, duplicate) in front of the store's
 * instances (child processes), with instances killed -9 and restarted and tabs closed mid-push; then the faults
 * heal and the oracle (tests/support/faults/oracle.ts) checks the store (SQL) and every device's RxDB.
 * Orders are placed with every method: cash on delivery, bank transfer, and online by card (BORICA), PayPal and
 * consumer credit, paid as a shopper's browser does (tests/support/faults/payments/pay-journey.ts) against the
 * providers' simulators, processes of their own started once (payments/psp-world.ts); their `psp` faults: an
 * answer slower than the store's timeout, an answer lost after the money is taken, an answer delivered twice.
 * The oracle then also holds the simulators' own records of money taken to the store: no order charged twice, no
 * charge on an order left unpaid nor a paid order without its charge (after the reconciler's rounds), and every
 * device showing the store's payment status (payments/payment-oracle.ts).
 *
 * The store: the PostgreSQL of DATABASE_URL (written to, never emptied: give it a database of its own) with
 * --instances instances (default 2), or without it a PGlite store in a temporary directory, one instance (PGlite is
 * one process's). Run N plays seed S+N; a failing run prints the command that plays it again (the same schedule
 * of intents and faults; the timing of a real network and processes is not replayed).
 *
 * Options: --runs N (1000), --seed S (random), --instances K, --devices D (3), --short (CI: 50 runs of 2 devices,
 * fewer intents and kills),
 * --faults link,kill,tab,psp (the kinds drawn; the intents of a seed stay the same with fewer).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PROPERTIES, type Property } from '../tests/support/faults/oracle.ts';
import { FAULT_KINDS, runOnce, type RunResult, type RunSettings } from '../tests/support/faults/run.ts';
import { startFaultWorld } from '../tests/support/faults/world.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    instances: { type: 'string' },
    devices: { type: 'string' },
    short: { type: 'boolean', default: false },
    faults: { type: 'string', default: FAULT_KINDS.join(',') },
    /** A report in vitest's JSON shape, one "test" a run, for tools/test-totals.ts (CI's stage). */
    report: { type: 'string' },
  },
});
const short = values.short || process.env['BENCH_SHORT'] === '1';
const count = z.coerce.number().int().min(1);
const runs = count.parse(values.runs ?? (short ? 50 : 1000));
const seed = values.seed !== undefined ? count.parse(values.seed) : Math.floor(Math.random() * 2 ** 31);
const databaseUrl = z.url().optional().parse(process.env['DATABASE_URL']);
const instanceCount = count.max(3).parse(values.instances ?? (databaseUrl ? 2 : 1));
const faults = new Set(z.array(z.enum(FAULT_KINDS)).parse(values.faults.split(',').filter(Boolean)));
const settings: RunSettings = short ? { steps: 8, killChance: 0.06, faults } : { steps: 16, killChance: 0.25, faults };

const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

const started = Date.now();
const world = await startFaultWorld({
  instances: instanceCount,
  devices: count.max(8).parse(values.devices ?? (short ? 2 : 3)),
  ...(databaseUrl ? { databaseUrl } : {}),
});
console.log(
  `faults: ${runs} runs from seed ${seed}, ${instanceCount} instance(s) on ${world.storeKind}, ` +
    `${world.devices.length} devices, ${settings.steps} intents a run, faults: ${[...faults].join(', ') || 'none'} (ready in ${Date.now() - started} ms)`,
);

const violations = Object.fromEntries(PROPERTIES.map((p) => [p, 0])) as Record<Property, number>;
let failedRuns = 0;
let intents = 0;
let drainMax = 0;
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
