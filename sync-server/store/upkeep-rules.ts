/** A table's activity counters, as pg_stat_user_tables keeps them. */
export interface TableActivity {
  table: string;
  liveRows: number;
  deadRows: number;
  /** Rows inserted, updated or deleted since the table's statistics were last gathered. */
  changedSinceAnalyze: number;
}

export interface UpkeepPlan {
  vacuum: string[];
  analyze: string[];
}

/**
 * Which tables are due, by PostgreSQL's autovacuum defaults: VACUUM once dead rows pass 50 + 20% of the live ones
 * (their room is reclaimed, and their index entries with them), ANALYZE once changes pass 50 + 10% (the planner's
 * row counts and value spread follow the data, and plans made on the old ones are made again).
 */
export const upkeepPlan = (tables: readonly TableActivity[]): UpkeepPlan => ({
  vacuum: tables.filter((t) => t.deadRows > 50 + 0.2 * t.liveRows).map((t) => t.table),
  analyze: tables.filter((t) => t.changedSinceAnalyze > 50 + 0.1 * t.liveRows).map((t) => t.table),
});

/**
 * The most rows an ANALYZE of the upkeep reads. PostgreSQL samples 300 rows per unit of statistics target (30,000 at
 * its default of 100), and on the embedded store that ran inside the one connection every push waits for: ANALYZE of
 * a command log of 110,000 to 170,000 rows held it for about 290 ms, once a minute while pushes came (PGlite); with
 * a target of 10 (3,000 rows), about 27 ms. A table this small or smaller is read whole at any target, so it
 * keeps the default's finer statistics.
 */
export const ANALYZE_SAMPLE_ROWS_MAX = 3_000;
const ROWS_PER_TARGET = 300;

/** One statement of the upkeep: one table, one action. */
export type UpkeepStep =
  | { action: 'vacuum'; table: string }
  /** `statisticsTarget`: the bounded sample's; undefined, the store's default. */
  | { action: 'analyze'; table: string; statisticsTarget: number | undefined };

/**
 * The plan as statements of one table each, so the upkeep can let the store's other callers in between two of them
 * instead of holding it for every table at once; a table's VACUUM comes before its ANALYZE (the row counts it
 * leaves are the ones ANALYZE starts from).
 */
export const upkeepSteps = (tables: readonly TableActivity[]): UpkeepStep[] => {
  const plan = upkeepPlan(tables);
  const steps: UpkeepStep[] = [];
  for (const t of tables) {
    if (plan.vacuum.includes(t.table)) steps.push({ action: 'vacuum', table: t.table });
    if (plan.analyze.includes(t.table))
      steps.push({
        action: 'analyze',
        table: t.table,
        statisticsTarget: t.liveRows > ANALYZE_SAMPLE_ROWS_MAX ? ANALYZE_SAMPLE_ROWS_MAX / ROWS_PER_TARGET : undefined,
      });
  }
  return steps;
};
