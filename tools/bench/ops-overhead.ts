/**
 * The logging and metrics cost (issue 30, run by `npm run bench:ops` after the console figures): bench:sync's
 * measuring core (commands pushed over HTTP, then drained by the executor: tools/bench/executor-throughput.ts) and
 * bench:orders' (order.place pushed over HTTP and drained), each with LOG_LEVEL=info METRICS=on beside
 * LOG_LEVEL=silent METRICS=off, in the same run. Each setting is a process of its own (the logger and the metrics
 * are set up when a process starts), the two alternated ROUNDS times so a machine's drift hits both alike; the
 * figure is the median's ratio. Goal: less than 5% slower with them on.
 * A child is this file with `--core <sync|orders>`: it runs one workload and prints its rates as one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { measureExecutor } from './executor-throughput.ts';
import { envInt } from './settings.ts';
import { sized } from './short.ts';
import { fmt, table } from './stats.ts';
import { openPglite } from './stores.ts';

const ROUNDS = envInt('BENCH_OVERHEAD_ROUNDS', sized(3, 1));
const COMMANDS = envInt('BENCH_OVERHEAD_COMMANDS', sized(4_000, 40));
const CARTS = envInt('BENCH_OVERHEAD_CARTS', sized(100, 4));
const GOAL = 0.05;

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

/** One workload in this process, at the environment's LOG_LEVEL and METRICS. */
const runCore = async (core: string): Promise<CoreRates> => {
  if (core !== 'sync') throw new Error(`no core "${core}"`);
  const db = await openPglite();
  try {
    const result = await measureExecutor(db, COMMANDS, CARTS);
    return { pushCps: result.pushCps, execCps: result.cps };
  } finally {
    await db.close();
  }
};

const coreIndex = process.argv.indexOf('--core');
if (coreIndex >= 0) {
  const rates = await runCore(process.argv[coreIndex + 1] ?? '');
  console.log(`OVERHEAD ${JSON.stringify(rates)}`);
  process.exit(0);
}

const child = (core: string, setting: Setting): CoreRates => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bench/ops-overhead.ts', '--core', core], {
    env: { ...process.env, ...SETTINGS[setting] },
    encoding: 'utf8',
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

const rows: string[][] = [];
const summary: string[] = [];
for (const core of ['sync'] as const) {
  const runs: Record<Setting, CoreRates[]> = { on: [], off: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which goes first, so warming the disk cache favours neither.
    const order: Setting[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const setting of order) runs[setting].push(child(core, setting));
  }
  for (const rate of ['pushCps', 'execCps'] as const) {
    const on = median(runs.on.map((r) => r[rate]));
    const off = median(runs.off.map((r) => r[rate]));
    const cost = 1 - on / off;
    rows.push([
      `${core}: ${rate === 'pushCps' ? 'push route, commands/s' : 'executor, commands/s'}`,
      fmt(on),
      fmt(off),
      `${(cost * 100).toFixed(1)}%`,
      cost < GOAL ? 'met' : 'NOT MET',
    ]);
    summary.push(`${core}_${rate}_cost_pct=${(cost * 100).toFixed(1)}`);
  }
}
console.log('');
console.log(
  table(['workload (PGlite)', 'LOG_LEVEL=info METRICS=on', 'silent, off', 'cost', `goal < ${GOAL * 100}%`], rows),
);
console.log(`note: ${ROUNDS} round(s) of ${COMMANDS} commands per setting, medians; orders' core is not measured yet`);
console.log(`bench:ops overhead ${summary.join(' ')}`);
