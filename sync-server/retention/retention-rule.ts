import type { Sql } from '../store/database.ts';

/**
 * One thing the store forgets after a while (issue 32, "Retention, as settings with defaults"): its part of the
 * store names the rule and how to forget a batch; the retention loop (run-retention.ts) runs every rule, batch after
 * batch, and records what each removed.
 */
export interface RetentionRule {
  /** The name the run's record and log give its count under (`mail-bodies`, `devices`). */
  readonly name: string;
  /** How long what it forgets is kept, in days (its setting). */
  readonly days: number;
  /**
   * Forgets at most `batch` items older than `days`, in the transaction it is given: answers how many, and whether
   * there may be more. The loop calls it again while there may be, each time in a transaction of its own, so no
   * purge holds locks for long.
   */
  purge(tx: Sql, days: number, batch: number): Promise<PurgedBatch>;
}

export interface PurgedBatch {
  removed: number;
  more: boolean;
}
