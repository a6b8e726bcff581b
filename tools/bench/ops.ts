/**
 * `npm run bench:ops` (issue 30): the operator console's command log at 1,000,000 commands.
 *   A filtered console page (status and type; one shopper; a time range; no filter), newest first, at a deep page,
 *   by keyset (what the console's API does) beside the same query with OFFSET, in the same run: p50/p95 over
 *   BENCH_OPS_RUNS runs each, and the ratio. Goal: keyset p95 < 50 ms.
 * The store is PostgreSQL by DATABASE_URL, in a schema of its own dropped at the end; without it PGlite, with a note
 * (the figures are PostgreSQL's). `--short` (or BENCH_SHORT=1): 10,000 commands and a few runs.
 * Env: BENCH_OPS_ROWS (1,000,000), BENCH_OPS_RUNS (30), BENCH_OPS_PAGE (100), BENCH_OPS_PARTS (below).
 * Then, by the same script: the console in Chromium, its first paint and a 100,000-point chart
 * (tools/bench/ops-browser.ts), and the logging and metrics cost (tools/bench/ops-overhead.ts).
 */
import { spawnSync } from 'node:child_process';
import type { Sql } from '../../sync-server/store/database.ts';
import { seedCommands } from './ops-seed.ts';
import { keysetPage, matchingCount, offsetPage, type LogCursor, type LogFilter } from './ops-log-query.ts';
import { envInt } from './settings.ts';
import { SHORT, sized } from './short.ts';
import { fmt, percentiles, table, type Percentiles } from './stats.ts';
import { openFreshPostgres, openPglite, type TracedDatabase } from './stores.ts';

const ROWS = envInt('BENCH_OPS_ROWS', sized(1_000_000, 10_000));
const RUNS = envInt('BENCH_OPS_RUNS', sized(30, 3));
const PAGE = envInt('BENCH_OPS_PAGE', 100);
const WARMUP = sized(3, 1);
const GOAL_P95_MS = 50;

/**
 * The run's parts: `log` (the command-log page, this file), `browser` (the console in Chromium:
 * tools/bench/ops-browser.ts), `overhead` (the logging and metrics cost: tools/bench/ops-overhead.ts).
 * BENCH_OPS_PARTS=browser,overhead runs only those (no million commands seeded). The short mode leaves the overhead
 * out (its four server starts take about a minute) unless BENCH_OPS_OVERHEAD=on; BENCH_OPS_OVERHEAD=off leaves it out
 * of a full run.
 */
const ALL_PARTS = ['log', 'browser', 'overhead'] as const;
type Part = (typeof ALL_PARTS)[number];
const partsOf = (): Set<Part> => {
  const named = (process.env.BENCH_OPS_PARTS ?? ALL_PARTS.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown = named.filter((part) => !(ALL_PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`BENCH_OPS_PARTS: no part ${unknown.join(', ')} (${ALL_PARTS.join(', ')})`);
  const parts = new Set(named as Part[]);
  const overhead = process.env.BENCH_OPS_OVERHEAD;
  if (overhead === 'on') parts.add('overhead');
  else if (overhead === 'off' || SHORT) parts.delete('overhead');
  return parts;
};
const PARTS = partsOf();

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench:ops +${((performance.now() - began) / 1000).toFixed(1)}s] ${message}`);

const seed = (db: TracedDatabase): Promise<void> =>
  seedCommands(db, ROWS, (seeded) =>
    log(`seeded ${seeded.toLocaleString('en-US')} of ${ROWS.toLocaleString('en-US')} commands`),
  );

/** The console's indexes come with migration 022 (sync-server/ops/command-log-query.ts pages on them). */
const checkIndexes = async (db: TracedDatabase): Promise<void> => {
  const [found] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'commands' AND indexname = 'commands_log_newest'`,
  );
  if (!found || found.n === 0) throw new Error("the command log's indexes (migration 022) are missing");
};

interface Scenario {
  name: string;
  filter: LogFilter;
}

const scenariosOf = (now: number): Scenario[] => [
  { name: 'status=rejected, type=order.place', filter: { status: 'rejected', type: 'order.place' } },
  { name: 'one shopper (the busiest)', filter: { owner: 'user-0' } },
  { name: 'a day, ten days ago', filter: { from: now - 11 * 86_400_000, to: now - 10 * 86_400_000 } },
  { name: 'no filter', filter: {} },
];

const timed = async (runs: number, work: () => Promise<unknown>): Promise<Percentiles> => {
  for (let i = 0; i < WARMUP; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
};

interface Measured {
  scenario: Scenario;
  matching: number;
  depth: number;
  first: Percentiles;
  keyset: Percentiles;
  offset: Percentiles;
  sameRows: boolean;
}

/** The deep page: nine tenths into what the filter selects, page-aligned. */
const deepOffset = (matching: number): number => Math.max(0, Math.floor((matching * 0.9) / PAGE) * PAGE);

const measure = async (sql: Sql, scenario: Scenario): Promise<Measured> => {
  const matching = await matchingCount(sql, scenario.filter);
  const depth = deepOffset(matching);
  // The cursor of the deep page: the last row of the page before it (found once, outside the timing).
  const before = depth > 0 ? await offsetPage(sql, scenario.filter, depth - 1, 1) : [];
  const cursor: LogCursor | undefined = before[0]
    ? { receivedAt: before[0].received_key, id: before[0].id }
    : undefined;
  const byKeyset = await keysetPage(sql, scenario.filter, cursor, PAGE);
  const byOffset = await offsetPage(sql, scenario.filter, depth, PAGE);
  return {
    scenario,
    matching,
    depth,
    sameRows: byKeyset.join() === byOffset.map((r) => r.id).join(),
    first: await timed(RUNS, () => keysetPage(sql, scenario.filter, undefined, PAGE)),
    keyset: await timed(RUNS, () => keysetPage(sql, scenario.filter, cursor, PAGE)),
    offset: await timed(RUNS, () => offsetPage(sql, scenario.filter, depth, PAGE)),
  };
};

const main = async (): Promise<void> => {
  const url = process.env.DATABASE_URL;
  const notes: string[] = [];
  if (!url) notes.push('PGlite: DATABASE_URL is not set (the issue asks for PostgreSQL figures)');
  if (SHORT) notes.push(`short mode: ${ROWS.toLocaleString('en-US')} commands, ${RUNS} runs (figures mean nothing)`);
  const fresh = url ? await openFreshPostgres(url, 'ops') : undefined;
  const db = fresh?.db ?? (await openPglite());
  try {
    log(`store: ${db.kind}; seeding ${ROWS.toLocaleString('en-US')} commands`);
    const seedStart = performance.now();
    await seed(db);
    const seedS = (performance.now() - seedStart) / 1000;
    const indexStart = performance.now();
    await checkIndexes(db);
    await db.query('ANALYZE commands');
    log(
      `seeded in ${seedS.toFixed(1)} s (${Math.round(ROWS / seedS).toLocaleString('en-US')} rows/s); ANALYZE in ${((performance.now() - indexStart) / 1000).toFixed(1)} s`,
    );

    const results: Measured[] = [];
    for (const scenario of scenariosOf(Date.now())) {
      log(`measuring: ${scenario.name}`);
      results.push(await measure(db, scenario));
    }

    console.log('');
    console.log(
      table(
        [
          'console page (newest first)',
          'matching',
          'deep page at',
          'first page p95',
          'keyset p50 / p95',
          'OFFSET p50 / p95',
          'OFFSET / keyset (p95)',
          'same rows',
          `goal p95 < ${GOAL_P95_MS} ms`,
        ],
        results.map((r) => [
          r.scenario.name,
          r.matching.toLocaleString('en-US'),
          r.depth.toLocaleString('en-US'),
          `${fmt(r.first.p95)} ms`,
          `${fmt(r.keyset.p50)} / ${fmt(r.keyset.p95)} ms`,
          `${fmt(r.offset.p50)} / ${fmt(r.offset.p95)} ms`,
          `${fmt(r.offset.p95 / r.keyset.p95)}x`,
          r.sameRows ? 'yes' : 'NO',
          Math.max(r.first.p95, r.keyset.p95) < GOAL_P95_MS ? 'met' : 'NOT MET',
        ]),
      ),
    );
    for (const note of notes) console.log(`note: ${note}`);
    // The goal holds for every page the console asks for: the first one and a deep one.
    const worst = Math.max(...results.map((r) => Math.max(r.first.p95, r.keyset.p95)));
    console.log('');
    console.log(
      `bench:ops store=${db.kind} rows=${ROWS} runs=${RUNS} page=${PAGE} page_p95_max_ms=${fmt(worst)} ` +
        `goal=${worst < GOAL_P95_MS ? 'met' : 'not-met'} ` +
        results.map((r, i) => `s${i + 1}_offset_over_keyset=${fmt(r.offset.p95 / r.keyset.p95)}`).join(' '),
    );
    if (results.some((r) => !r.sameRows)) throw new Error('keyset and OFFSET pages differ: the cursor is wrong');
  } finally {
    if (fresh) await fresh.dispose();
    else await db.close();
  }
};

if (PARTS.has('log')) await main();

/**
 * The console in Chromium, then the logging and metrics cost: each in processes of its own (a browser and a
 * server of their own; the logging settings are read when a process starts). A part that fails fails the run,
 * after the others have run.
 */
const failed: string[] = [];
const runPart = (part: Part, file: string): void => {
  if (!PARTS.has(part)) return;
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) failed.push(part);
};
runPart('browser', 'tools/bench/ops-browser.ts');
runPart('overhead', 'tools/bench/ops-overhead.ts');
if (!PARTS.has('overhead')) {
  console.log('note: the logging and metrics cost was left out (BENCH_OPS_OVERHEAD=on, or BENCH_OPS_PARTS, to run it)');
}
if (failed.length > 0) {
  console.error(`bench:ops: ${failed.join(', ')} failed`);
  process.exit(1);
}
