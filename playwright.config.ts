import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

/**
 * End-to-end tests against the real server: tests/e2e/payments-stack.ts builds the client once, starts the payment
 * providers' simulators (separate processes, keys generated at start) and sync-server/main.ts pointed at them on a
 * free port with a fresh PGlite folder, and hands its address over in E2E_BASE_URL; tests/e2e/global-setup.ts then
 * finds it running (it starts the plain store itself when run alone). Set E2E_BASE_URL yourself to test a server
 * that is already running.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: ['./tests/e2e/payments-stack.ts', './tests/e2e/global-setup.ts'],
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
