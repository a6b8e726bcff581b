import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../sync-server/store/database.ts';
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
    // PostgreSQL's own autovacuum must not take the table first (PGlite has none).
    await db.exec('ALTER TABLE auth_tokens SET (autovacuum_enabled = false)');
    // Never on its timer here: each test runs it once.
    upkeep = startPgliteUpkeep(db, 3_600_000);
  });
  afterAll(async () => {
    await upkeep.stop();
    await db.exec('ALTER TABLE auth_tokens RESET (autovacuum_enabled)');
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
});
