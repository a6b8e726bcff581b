/**
 * `npm run fuzz -- --runs 100000`: the fuzz suite's generators (tests/support/fuzz-cases.ts) for a long run, against
 * a server this process starts like the tests' (PGlite in memory; with DATABASE_URL, that database is EMPTIED first,
 * as the tests do: give it a test database only). Prints the status histogram, the number of 5xx (goal 0), and each
 * distinct failure with the seed, route and path that replay it (in the test: FUZZ_SEED=… FUZZ_ROUTE='…' FUZZ_PATH=…
 * FUZZ_RUNS=1 npx vitest run --project integration tests/integration/fuzz-routes.test.ts -t answers).
 *
 * Options: --runs N (100000), --seed S (random), --route 'POST /sync/:collection/push' (one route's cases only),
 * --path P (with --route: start at case P), --matrix (the cross-owner matrix too).
 */
import { parseArgs } from 'node:util';
import { runCrossOwnerMatrix } from '../tests/support/cross-owner.ts';
import {
  count5xx,
  describeFailure,
  distinctFailures,
  formatHistogram,
  runFuzz,
  type FuzzStats,
} from '../tests/support/fuzz-cases.ts';
import { closeSockets } from '../tests/support/fuzz-http.ts';
import { makeWorld } from '../tests/support/fuzz-world.ts';
import { startTestServer } from '../tests/support/test-server.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    route: { type: 'string' },
    path: { type: 'string' },
    matrix: { type: 'boolean', default: false },
  },
});

const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);

const server = await startTestServer();
const world = await makeWorld(server);
console.log(`fuzz: ${world.routes.length} routes, ${runs} cases, seed ${seed} (${server.db.kind})`);
const started = Date.now();
let lastReport = Date.now();
let stats: FuzzStats | undefined;
let exitCode = 0;
try {
  stats = await runFuzz(world, {
    seed,
    runs,
    route: values.route,
    path: values.path,
    onCase: (s) => {
      if (Date.now() - lastReport < 10_000) return;
      lastReport = Date.now();
      const rate = s.cases / ((Date.now() - started) / 1000);
      console.log(`  ${s.cases} cases (${rate.toFixed(0)}/s), 5xx ${count5xx(s)}, failures ${s.failures.length}`);
    },
  });
  const seconds = (Date.now() - started) / 1000;
  const health = await fetch(`${world.baseUrl}/healthz`);
  const distinct = distinctFailures(stats);
  console.log(
    [
      `cases: ${stats.cases} in ${seconds.toFixed(0)} s (${(stats.cases / seconds).toFixed(0)}/s), seed ${seed}`,
      `status histogram (status -> count): ${formatHistogram(stats.histogram)}`,
      `5xx: ${count5xx(stats)} (goal 0)`,
      `failing cases: ${stats.failures.length}, distinct: ${distinct.length}`,
      ...distinct.map(([f, n]) => `${describeFailure(seed, f)}\n  (${n} case${n === 1 ? '' : 's'} like it)`),
      `GET /healthz after: ${health.status}`,
    ].join('\n'),
  );
  if (stats.failures.length > 0 || health.status !== 200) exitCode = 1;
  if (values.matrix) {
    const matrix = await runCrossOwnerMatrix(world);
    console.log(
      [
        `cross-owner matrix: ${matrix.routes.size} owner routes, ${matrix.attempts} attempts, ${matrix.successes.length} successes (goal 0)`,
        `status histogram: ${formatHistogram(matrix.histogram)}`,
        ...matrix.successes,
      ].join('\n'),
    );
    if (matrix.successes.length > 0) exitCode = 1;
  }
} finally {
  closeSockets();
  await server.close();
}
process.exit(exitCode);
