import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../../sync-server/store/database.ts';
import { startPgliteUpkeep, type Upkeep } from '../../sync-server/store/pglite-upkeep.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';

/**
 * The embedded store's stand-in for autovacuum, run here against either store: tables that changed enough are
 * analyzed, tables with enough dead rows vacuumed, as an operator sees in pg_stat_user_tables.
 */
describe(`the store's upkeep (${storeKind})`, () => {
  let db: Database;
  let upkeep: Upkeep;
  beforeAll(async () => {
    db = await openTestDatabase();
    // PostgreSQL's own autovacuum must not take the tables first (PGlite has none).
    await db.exec('ALTER TABLE auth_tokens SET (autovacuum_enabled = false)');
    await db.exec('ALTER TABLE sync_clients SET (autovacuum_enabled = false)');
    // Never on its timer here: each test runs it once.
    upkeep = startPgliteUpkeep(db, 3_600_000);
  });
  afterAll(async () => {
    await upkeep.stop();
    await db.exec('ALTER TABLE auth_tokens RESET (autovacuum_enabled)');
    await db.exec('ALTER TABLE sync_clients RESET (autovacuum_enabled)');
    await db.close();
  });

  /** Writes in one transaction, whose activity counters are published when it commits. */
  const write = (sql: string) =>
    db.transaction(async (tx) => {
      await tx.query(sql);
      await tx.query('SELECT pg_stat_force_next_flush()');
    });
  const counts = async () =>
    (
      await db.query<{ analyzed: number; vacuumed: number; dead: number }>(
        `SELECT analyze_count::int AS analyzed, vacuum_count::int AS vacuumed, n_dead_tup::int AS dead
         FROM pg_stat_user_tables WHERE relname = 'auth_tokens' AND schemaname = current_schema()`,
      )
    )[0]!;

  it('a table that grew is analyzed, and one whose rows were deleted is vacuumed; a quiet one is left alone', async () => {
    await write(
      `INSERT INTO auth_tokens (token_hash, owner, kind)
       SELECT 'upkeep-' || g, 'guest-upkeep-' || g, 'guest' FROM generate_series(1, 400) AS g`,
    );
    const before = await counts();
    expect((await upkeep.runOnce()).analyze).toContain('auth_tokens');
    expect((await counts()).analyzed).toBe(before.analyzed + 1);

    await write(`DELETE FROM auth_tokens WHERE token_hash LIKE 'upkeep-%'`);
    const plan = await upkeep.runOnce();
    expect(plan.vacuum).toContain('auth_tokens');
    const after = await counts();
    expect(after.vacuumed).toBe(before.vacuumed + 1);
    expect(after.dead).toBe(0);

    const quiet = await upkeep.runOnce();
    expect([...quiet.vacuum, ...quiet.analyze]).not.toContain('auth_tokens');
  });

  it('a table larger than 3,000 rows is analyzed on a bounded sample: its statistics hold 10 buckets, not 100', async () => {
    await write(
      `INSERT INTO auth_tokens (token_hash, owner, kind)
       SELECT 'sample-' || g, 'guest-sample-' || g, 'guest' FROM generate_series(1, 5000) AS g`,
    );
    try {
      expect((await upkeep.runOnce()).analyze).toContain('auth_tokens');
      const [stats] = await db.query<{ buckets: number }>(
        `SELECT cardinality(histogram_bounds::text::text[])::int AS buckets FROM pg_stats
         WHERE tablename = 'auth_tokens' AND attname = 'token_hash' AND schemaname = current_schema()`,
      );
      // A histogram has target + 1 bounds: 11 at the bounded sample's target of 10, 101 at the default.
      expect(stats?.buckets).toBeLessThanOrEqual(11);
      expect(stats?.buckets).toBeGreaterThan(1);
      // The bounded target was this ANALYZE's only: the session keeps its default.
      expect(
        (await db.query<{ target: string }>("SELECT current_setting('default_statistics_target') AS target"))[0]
          ?.target,
      ).toBe('100');
    } finally {
      await write(`DELETE FROM auth_tokens WHERE token_hash LIKE 'sample-%'`);
      await upkeep.runOnce();
    }
  });

  it('it holds the store for one table at a time, and lets the event loop turn between two statements', async () => {
    await write(
      `INSERT INTO auth_tokens (token_hash, owner, kind)
       SELECT 'turns-' || g, 'guest-turns-' || g, 'guest' FROM generate_series(1, 400) AS g`,
    );
    await write(
      `INSERT INTO sync_clients (client_id, principal) SELECT 'turns-' || g, 'guest-turns' FROM generate_series(1, 400) AS g`,
    );
    await write(`DELETE FROM auth_tokens WHERE token_hash LIKE 'turns-%'`);
    // Every hold of the store as the upkeep asks for it: a statement, or a transaction's statements together; and
    // whether a turn of the event loop (a setImmediate queued at the previous hold) came before it.
    const holds: { statements: string[]; afterTurn: boolean }[] = [];
    let turned = true;
    const hold = (statement: string): string[] => {
      const held = { statements: [statement], afterTurn: turned };
      holds.push(held);
      turned = false;
      setImmediate(() => (turned = true));
      return held.statements;
    };
    const watched: Database = {
      ...db,
      query: (text, params) => (hold(text), db.query(text, params)),
      exec: (script) => (hold(script), db.exec(script)),
      transaction: (work) => {
        const statements = hold('BEGIN');
        return db.transaction((tx) =>
          work({
            query: (text, params) => (statements.push(text), tx.query(text, params)),
          } satisfies Sql),
        );
      },
    };
    const watchedUpkeep = startPgliteUpkeep(watched, 3_600_000);
    const plan = await watchedUpkeep.runOnce();
    await watchedUpkeep.stop();
    expect(plan.vacuum).toContain('auth_tokens');
    expect(plan.analyze).toEqual(expect.arrayContaining(['auth_tokens', 'sync_clients']));
    const [activity, ...steps] = holds;
    expect(activity?.statements.join()).toMatch(/pg_stat_user_tables/);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const step of steps) {
      const text = step.statements.join('; ');
      const tables = [...text.matchAll(/(?:VACUUM|ANALYZE) ([^;]+)/g)].flatMap((m) => m[1]!.split(','));
      expect(tables, text).toHaveLength(1);
      expect(step.afterTurn, text).toBe(true);
    }
    await write(`DELETE FROM sync_clients WHERE client_id LIKE 'turns-%'`);
  });
});
