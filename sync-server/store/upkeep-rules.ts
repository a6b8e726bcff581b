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
