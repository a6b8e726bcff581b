import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The server's JSON log stays quiet in tests; a test that reads it gives its server a logger of its own.
          env: { LOG_LEVEL: 'silent' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
          environment: 'node',
          env: { LOG_LEVEL: 'silent' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One PGlite (about 800 MB) per file, and PostgreSQL tests share one database: run files one at a time.
          fileParallelism: false,
          // RxDB goes through vitest's module loader, so each simulated device loads an RxDB of its own
          // (tests/support/node-client.ts: a tab is a realm of its own).
          server: { deps: { inline: ['rxdb'] } },
        },
      },
    ],
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
  },
});
