/**
 * The logging and metrics cost (issue 30, run by `npm run bench:ops` after the console figures): bench:sync's
 * measuring core (cart commands pushed over HTTP, then drained by the executor: tools/bench/executor-throughput.ts)
 * and bench:orders' (order.place pushed over HTTP and drained: tools/bench/orders-throughput.ts), each with
 * LOG_LEVEL=info METRICS=on beside LOG_LEVEL=silent METRICS=off, in the same run. Each setting is a process of its
 * own (the logger is set up when a process starts), the two run one after the other ROUNDS times, which first
 * alternating; the figure is the median of the rounds' on / off ratios (a pair shares the machine's load of its
 * moment, which on two shared cores moves by tens of percent). Goal: less than 5% slower with them on.
 * The store is PostgreSQL by DATABASE_URL (a schema of its own per process, dropped at its end), else PGlite.
 * Env: BENCH_OVERHEAD_ROUNDS (5), BENCH_OVERHEAD_COMMANDS (PostgreSQL 40,000, PGlite 4,000) of BENCH_OVERHEAD_CARTS
 * (100) carts for the sync core, BENCH_OVERHEAD_SHOPPERS (16) ordering BENCH_OVERHEAD_ORDERS (300, 100) each for the
 * orders core.
 * A child is this file with `--core <sync|orders>`: it runs one workload and prints its rates as one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { measureExecutor } from './executor-throughput.ts';
import { measureOrders } from './orders-throughput.ts';
import { envInt } from './settings.ts';
import { sized } from './short.ts';
import { fmt, table } from './stats.ts';
import { openFreshPostgres, openPglite, type TracedDatabase } from './stores.ts';

/**
 * Each timed phase should last seconds, or a 5% difference drowns in the noise: PostgreSQL takes commands in about
 * ten times as fast as PGlite here, so it gets larger workloads.
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);
const ROUNDS = envInt('BENCH_OVERHEAD_ROUNDS', sized(5, 1));
const COMMANDS = envInt('BENCH_OVERHEAD_COMMANDS', sized(POSTGRES ? 40_000 : 4_000, 40));
const CARTS = envInt('BENCH_OVERHEAD_CARTS', sized(100, 4));
const SHOPPERS = envInt('BENCH_OVERHEAD_SHOPPERS', sized(16, 2));
const ORDERS = envInt('BENCH_OVERHEAD_ORDERS', sized(POSTGRES ? 300 : 100, 5));
const GOAL = 0.05;
const CORES = ['sync', 'orders'] as const;
type Core = (typeof CORES)[number];

const SETTINGS = {
  on: { LOG_LEVEL: 'info', METRICS: 'on' },
  off: { LOG_LEVEL: 'silent', METRICS: 'off' },
} as const;
type Setting = keyof typeof SETTINGS;

interface CoreRates {
  /** Commands taken in per second over the HTTP push route. */
  pushCps: number;
  /** Commands settled per second by the executor. */
  execCps: number;
}

const openStore = async (): Promise<{ db: TracedDatabase; close(): Promise<void> }> => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const fresh = await openFreshPostgres(url, 'overhead');
    return { db: fresh.db, close: () => fresh.dispose() };
  }
  const db = await openPglite();
  return { db, close: () => db.close() };
};

/**
 * One workload in this process. LOG_LEVEL is the environment's (the process's logger reads it when it loads);
 * METRICS is handed to the server, which has its metrics on unless told otherwise.
 */
const runCore = async (core: string): Promise<CoreRates> => {
  if (core !== 'sync' && core !== 'orders') throw new Error(`no core "${core}"`);
  // Every guest cart of the run comes from 127.0.0.1: the per-address guest limit would stop them (read at start).
  Object.assign(process.env, RELAXED_LIMITS);
  const settings = { METRICS: process.env.METRICS === 'off' ? ('off' as const) : ('on' as const) };
  const store = await openStore();
  try {
    if (core === 'orders') return await measureOrders(store.db, SHOPPERS, ORDERS, settings);
    const result = await measureExecutor(store.db, COMMANDS, CARTS, settings);
    return { pushCps: result.pushCps, execCps: result.cps };
  } finally {
    await store.close();
  }
};

const coreIndex = process.argv.indexOf('--core');
if (coreIndex >= 0) {
  const rates = await runCore(process.argv[coreIndex + 1] ?? '');
  console.log(`OVERHEAD ${JSON.stringify(rates)}`);
  process.exit(0);
}

const child = (core: Core, setting: Setting): CoreRates => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bench/ops-overhead.ts', '--core', core], {
    env: { ...process.env, ...SETTINGS[setting] },
    encoding: 'utf8',
    // The info level's lines go to stdout, as in production: read here and dropped.
    maxBuffer: 256 * 1024 * 1024,
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('OVERHEAD '));
  if (run.status !== 0 || !line) {
    throw new Error(`overhead core ${core} (${setting}) failed: ${run.stderr.slice(-2000)}`);
  }
  return JSON.parse(line.slice('OVERHEAD '.length)) as CoreRates;
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const WHAT: Record<Core, Record<keyof CoreRates, string>> = {
  sync: { pushCps: 'sync: push route, commands/s', execCps: 'sync: executor, commands/s' },
  orders: { pushCps: 'orders: push route, orders/s', execCps: 'orders: executor, orders/s' },
};

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();
const began = performance.now();
const rows: string[][] = [];
const summary: string[] = [];
for (const core of CORES) {
  const runs: Record<Setting, CoreRates[]> = { on: [], off: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which goes first, so warming the disk cache favours neither.
    const order: Setting[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const setting of order) runs[setting].push(child(core, setting));
    console.log(
      `[bench:ops overhead +${((performance.now() - began) / 1000).toFixed(1)}s] ${core}: round ${round + 1} of ${ROUNDS}`,
    );
  }
  for (const rate of ['pushCps', 'execCps'] as const) {
    // Each round's on / off, the two run one after the other: a drift of the machine's load between rounds cancels.
    const ratios = runs.on.map((on, i) => on[rate] / runs.off[i]![rate]);
    const ratio = median(ratios);
    const cost = 1 - ratio;
    rows.push([
      WHAT[core][rate],
      fmt(median(runs.on.map((r) => r[rate]))),
      fmt(median(runs.off.map((r) => r[rate]))),
      `${fmt(ratio)}x`,
      `${fmt(Math.min(...ratios))} to ${fmt(Math.max(...ratios))}`,
      `${(cost * 100).toFixed(1)}%`,
      cost < GOAL ? 'met' : 'NOT MET',
    ]);
    summary.push(`${core}_${rate}_cost_pct=${(cost * 100).toFixed(1)}`);
  }
}
const store = POSTGRES ? 'PostgreSQL' : 'PGlite';
console.log('');
console.log(
  table(
    [
      `workload (${store})`,
      'LOG_LEVEL=info METRICS=on, median',
      'silent, off, median',
      "on / off, the rounds' median",
      'rounds from … to',
      'cost',
      `goal < ${GOAL * 100}%`,
    ],
    rows,
  ),
);
console.log(
  `note: ${ROUNDS} round(s), each setting a process of its own a round: sync ${COMMANDS} commands of ${CARTS} ` +
    `carts; orders ${SHOPPERS} shoppers x ${ORDERS} orders. The cost is 1 - the median of the rounds' on / off; ` +
    `a negative one is noise (on was faster). Load average ${loadAtStart} at the start, ${load()} at the end.`,
);
console.log(`bench:ops overhead store=${store.toLowerCase()} rounds=${ROUNDS} ${summary.join(' ')}`);
