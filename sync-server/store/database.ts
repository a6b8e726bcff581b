/**
 * The one SQL interface the server uses, in the Postgres dialect. Two implementations: PGlite (the
 * embedded default, a data folder, nothing to install) and PostgreSQL (`DATABASE_URL`). Same SQL.
 */
export type SqlParam = string | number | boolean | null | string[] | number[] | Date;

export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<Row[]>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: all of it commits, or none. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs several statements at once (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel; notifications sent inside a transaction arrive after it commits. `onGap` is
   * called when the listening connection is back after a loss (a PostgreSQL restart): what was notified meanwhile
   * is lost, so the listener catches up from the store. PGlite, one process's, never loses it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * A connection of its own, outside the pool and its transactions, for what lasts as long as a session: an
   * advisory lock an instance holds while it runs a loop that must run once (sync-server/cluster/). PostgreSQL
   * only: PGlite is one process's single session, so there is nothing to hold against.
   */
  session?(): Promise<Session>;
}

/** A dedicated connection (Database.session): its statements run on it alone; `end` closes it. */
export interface Session extends Sql {
  end(): Promise<void>;
}

/** int8 columns come back as JS numbers: sequences stay far below 2^53. */
export const INT8_OID = 20;
