import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Adds up the JSON reports of every suite into the one closing line CI reads: "N passed, N failed".
 * A suite that left no report (it crashed before reporting) counts as one failure, never as zero.
 */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
}

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
    ? [report.stats.expected + report.stats.flaky, report.stats.unexpected]
    : [report.numPassedTests ?? 0, report.numFailedTests ?? 0];
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
