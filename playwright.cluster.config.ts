import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The main journeys (cart, checkout, card payment, two devices: the tests tagged @journey) once more, through
 * HAProxy with three instances on PostgreSQL (tests/e2e/cluster-stack.ts), as a shop runs the store; then the
 * runbook's rolling restart under a busy shopper (tests/cluster/). Run by
 * tools/test-all.sh when TEST_DATABASE_URL is set: `npx playwright test -c playwright.cluster.config.ts`.
 * The browser, the timeouts and the device are the main suite's (playwright.config.ts).
 */
export default defineConfig({
  ...base,
  globalSetup: ['./tests/e2e/cluster-stack.ts'],
  // Three instances, three simulators and a balancer on a shared machine: each step may wait longer.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/e2e-cluster.json' }]],
  // Apart from the main suite's, which runs just before (tools/test-all.sh): each keeps its failures' traces.
  outputDir: 'test-results/cluster',
  projects: [
    // The browser suite's device and Chromium, its journeys only.
    ...(base.projects ?? []).map((project) => ({ ...project, grep: /@journey/ })),
    // The runbook's rolling restart on a cluster of its own, with no browser (tests/cluster/).
    { name: 'rolling-restart', testDir: 'tests/cluster' },
  ],
});
