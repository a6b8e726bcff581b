import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkReadiness, type ReadinessSources } from '../../../sync-server/observability/readiness.ts';
import type { Database } from '../../../sync-server/store/database.ts';

const MIGRATIONS = (await readdir(new URL('../../../migrations/server/', import.meta.url))).filter((f) =>
  /^\d{3,}_.+\.sql$/.test(f),
);

/** A store whose schema_migrations holds `applied`, or that fails every query with `down`. */
const storeWith = (applied: readonly string[], down?: Error): Database =>
  ({
    kind: 'pglite',
    query: async () => {
      if (down) throw down;
      return applied.map((name) => ({ name }));
    },
  }) as unknown as Database;

const sources = (db: Database, over: Partial<ReadinessSources> = {}): ReadinessSources => ({
  db,
  searchReady: () => true,
  workersRunning: () => true,
  stopping: () => false,
  ...over,
});

describe('readiness (/readyz)', () => {
  it('given everything up, when asked, then ready with every check ok', async () => {
    expect(await checkReadiness(sources(storeWith(MIGRATIONS)))).toEqual({
      ready: true,
      checks: { server: 'ok', database: 'ok', migrations: 'ok', search: 'ok', workers: 'ok' },
    });
  });

  it('given a migration not applied, then not ready, naming it', async () => {
    const verdict = await checkReadiness(sources(storeWith(MIGRATIONS.slice(0, -1))));
    expect(verdict).toMatchObject({ ready: false, reason: `migrations: not applied: ${MIGRATIONS.at(-1)}` });
  });

  it('given a store that fails, then not ready because of the database, migrations unknown', async () => {
    const verdict = await checkReadiness(sources(storeWith([], new Error('connection refused'))));
    expect(verdict).toMatchObject({
      ready: false,
      reason: 'database: connection refused',
      checks: { database: 'connection refused', migrations: 'unknown' },
    });
  });

  it('given a shutdown begun, workers stopped and the index not ready, then every reason is named', async () => {
    const verdict = await checkReadiness(
      sources(storeWith(MIGRATIONS), { stopping: () => true, workersRunning: () => false, searchReady: () => false }),
    );
    expect(verdict).toMatchObject({
      ready: false,
      reason: 'server: shutting down; search: index not ready; workers: not running',
    });
  });
});
