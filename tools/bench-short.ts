/**
 * Every `npm run bench:*` in its short mode (tools/bench/short.ts), one after another, each in its own process
 * with a time limit: a bench that no longer starts, throws or hangs is a failure in CI, not a surprise at the next
 * measurement. Writes a report in vitest's JSON shape (one "test" a bench) for tools/test-totals.ts.
 *   npx tsx tools/bench-short.ts <report.json>
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LIMIT_MS = 10 * 60_000;
const [report = '.test-results/benches.json'] = process.argv.slice(2);
const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
).filter((name) => name.startsWith('bench:'));

/**
 * bench:orders measures PostgreSQL's row locks and needs a PostgreSQL server: it gets CI's (TEST_DATABASE_URL), and
 * runs only where one is given, as the store tests' PostgreSQL pass does (tools/test-all.sh).
 */
const postgres = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
const LEFT_OUT: Record<string, string | undefined> = {
  'bench:orders': postgres ? undefined : 'no PostgreSQL (set TEST_DATABASE_URL)',
  // Instances on one PostgreSQL behind HAProxy: a fresh database beside the one given (tools/bench/cluster-database.ts).
  'bench:cluster': postgres ? undefined : 'no PostgreSQL (set TEST_DATABASE_URL)',
};

const results = scripts.flatMap((script) => {
  const why = LEFT_OUT[script];
  if (why) {
    console.log(`\n== npm run ${script} (short): left out: ${why} ==`);
    return [];
  }
  const started = Date.now();
  console.log(`\n== npm run ${script} (short) ==`);
  const run = spawnSync('npm', ['run', '--silent', script, '--', '--short'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_SHORT: '1',
      ...((script === 'bench:orders' || script === 'bench:cluster') && postgres ? { DATABASE_URL: postgres } : {}),
    },
    timeout: LIMIT_MS,
    killSignal: 'SIGKILL',
  });
  const ok = run.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${ok ? 'ok' : 'FAILED'}: ${script} in ${seconds} s${run.signal ? ` (${run.signal})` : ''}`);
  return [{ title: script, status: ok ? 'passed' : 'failed' }];
});

const failed = results.filter((r) => r.status === 'failed').length;
writeFileSync(
  report,
  JSON.stringify({
    numPassedTests: results.length - failed,
    numFailedTests: failed,
    testResults: [
      {
        name: 'tools/bench-short.ts',
        status: failed ? 'failed' : 'passed',
        assertionResults: results.map((r) => ({ title: r.title, status: r.status })),
      },
    ],
  }),
);
process.exit(failed ? 1 : 0);
