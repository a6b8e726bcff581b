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
  /** Subscribes to NOTIFY on a channel; notifications sent inside a transaction arrive after it commits. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** int8 columns come back as JS numbers: sequences stay far below 2^53. */
export const INT8_OID = 20;
