import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Adds up the JSON reports of every suite into the one closing line CI reads: "N passed, N failed".
 * A suite that left no report (it crashed before reporting) counts as one failure, never as zero. A test
 * file that failed outside its tests (a `beforeAll` that threw leaves them all "skipped") counts each of
 * its tests as failed, or one failure when it has none: a red file never reads "0 failed".
 * Each failed test is named under its suite's line, so the tail of a CI log says what to look at.
 */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name?: string;
    status: string;
    assertionResults: { status: string; fullName?: string; title?: string }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; ok: boolean; line?: number }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors?: unknown[];
  suites?: PlaywrightSuite[];
}

const MAX_NAMED = 20;

/** The failed tests of a vitest report, "file > test". */
const vitestFailures = (report: Partial<VitestReport>): string[] =>
  (report.testResults ?? []).flatMap((file) => {
    const name = file.name ? path.relative(process.cwd(), file.name) : '(a suite without file names)';
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    if (failedTests.length > 0) return failedTests.map((a) => `${name} > ${a.fullName ?? a.title ?? '?'}`);
    return file.status === 'failed' ? [`${name} (the file failed outside its tests)`] : [];
  });

/** The failed specs of a Playwright report, "file:line > title". */
const playwrightFailures = (suites: PlaywrightSuite[] = [], file = ''): string[] =>
  suites.flatMap((suite) => {
    const where = suite.file ?? file;
    return [
      ...(suite.specs ?? []).filter((s) => !s.ok).map((s) => `${where}:${s.line ?? '?'} > ${s.title}`),
      ...playwrightFailures(suite.suites, where),
    ];
  });

/** Failures vitest reports per file but not per test. */
const fileLevelFailures = (report: Partial<VitestReport>): number =>
  (report.testResults ?? [])
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'))
    .reduce((sum, file) => sum + Math.max(1, file.assertionResults.length), 0);

const [dir = '.test-results', ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const file of files) {
  const full = path.join(dir, file);
  if (!existsSync(full)) {
    console.log(`${file}: no report (the suite did not finish)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(full, 'utf8')) as Partial<VitestReport & PlaywrightReport>;
  const [p, f] = report.stats
    ? [report.stats.expected + report.stats.flaky, report.stats.unexpected + (report.errors?.length ?? 0)]
    : [report.numPassedTests ?? 0, (report.numFailedTests ?? 0) + fileLevelFailures(report)];
  console.log(`${file}: ${p} passed, ${f} failed`);
  const names = report.stats ? playwrightFailures(report.suites) : vitestFailures(report);
  for (const name of names.slice(0, MAX_NAMED)) console.log(`  failed: ${name}`);
  if (names.length > MAX_NAMED) console.log(`  ... and ${names.length - MAX_NAMED} more`);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
