import type { Database } from './database.ts';
import { upkeepPlan, upkeepSteps, type TableActivity, type UpkeepPlan, type UpkeepStep } from './upkeep-rules.ts';
import { log } from '../observability/logger.ts';

/** How often the embedded store looks for tables that are due. */
const UPKEEP_EVERY_MS = 60_000;

export interface Upkeep {
  /** Vacuums and analyzes the tables that are due now; returns what it did. */
  runOnce(): Promise<UpkeepPlan>;
  stop(): Promise<void>;
}

/**
 * PostgreSQL's autovacuum for PGlite, which runs none. Without it the embedded store never gathered statistics,
 * so plans were made blind: the cart's product lookup read all 2,379 stock rows of the default catalogue in every
 * push (0.9 ms, 0.47 ms once analyzed), and a plan made while a table was small stayed when it grew. Nor was any
 * dead row reclaimed. Every minute, the tables whose changes or dead rows pass autovacuum's thresholds
 * (upkeep-rules.ts) are vacuumed and analyzed.
 *
 * It shares the one connection with every push, so it never holds it for long: one table and one action per
 * statement, the event loop let through between two of them (pushes that came meanwhile queue for the store before
 * the next one), and an ANALYZE of a large table reads a bounded sample (upkeep-rules.ts). All tables in one
 * ANALYZE of the default sample held the store about 290 ms once a minute with a command log of 110,000 to 170,000
 * rows (300 to 1,000 ms on a loaded machine); now its longest statement takes about 27 ms (70 to 120 ms loaded).
 */
export const startPgliteUpkeep = (db: Database, everyMs = UPKEEP_EVERY_MS): Upkeep => {
  let running: Promise<UpkeepPlan> | undefined;
  const runOnce = (): Promise<UpkeepPlan> => {
    running ??= upkeep(db).finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) =>
      log.error({ component: 'store', reason: (error as Error).message }, 'upkeep failed'),
    );
  }, everyMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};

const upkeep = async (db: Database): Promise<UpkeepPlan> => {
  const rows = await db.query<{ relname: string; live: number; dead: number; changed: number }>(
    `SELECT relname, n_live_tup::int AS live, n_dead_tup::int AS dead, n_mod_since_analyze::int AS changed
     FROM pg_stat_user_tables WHERE schemaname = current_schema()`,
  );
  const tables = rows.map((r): TableActivity => ({
    table: r.relname,
    liveRows: r.live,
    deadRows: r.dead,
    changedSinceAnalyze: r.changed,
  }));
  for (const step of upkeepSteps(tables)) {
    // A turn of the event loop first: what arrived meanwhile takes its place in the store's queue before this.
    await new Promise((resolve) => setImmediate(resolve));
    await runStep(db, step);
  }
  return upkeepPlan(tables);
};

/** Names come from the catalogue of this database, quoted as identifiers all the same. */
const quoted = (table: string): string => `"${table.replaceAll('"', '""')}"`;

const runStep = async (db: Database, step: UpkeepStep): Promise<void> => {
  if (step.action === 'vacuum') {
    await db.exec(`VACUUM ${quoted(step.table)}`);
    return;
  }
  const { statisticsTarget } = step;
  if (statisticsTarget === undefined) {
    await db.exec(`ANALYZE ${quoted(step.table)}`);
    return;
  }
  // SET LOCAL: the bounded sample is this ANALYZE's only, never the session's.
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL default_statistics_target = ${Math.trunc(statisticsTarget)}`);
    await tx.query(`ANALYZE ${quoted(step.table)}`);
  });
};
