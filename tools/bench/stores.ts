import pg from 'pg';
import type { Database, Sql, SqlParam } from '../../sync-server/store/database.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';

/**
 * The stores the bench runs on, and a tracing wrapper that records, while enabled, every transaction
 * (its kind, time, per-statement times, result) and every statement outside one. It costs a
 * performance.now() per statement, which is noise next to a round trip.
 */

export interface QueryTrace {
  label: string;
  start: number;
  ms: number;
}
export interface TxTrace {
  kind: string;
  start: number;
  end: number;
  /** Time inside the work callback (the rest is BEGIN/COMMIT and waiting for the connection). */
  workMs: number;
  queries: QueryTrace[];
  result: unknown;
}

export interface TracedDatabase extends Database {
  trace: { enabled: boolean; transactions: TxTrace[]; queries: QueryTrace[]; reset(): void };
}

/** A statement's label: its first words with whitespace squeezed (of its start only: it runs per statement). */
const labelOf = (text: string): string => text.slice(0, 160).replace(/\s+/g, ' ').trim().slice(0, 48);

/** What a transaction is, told by its first statement. */
const kindOf = (first: string | undefined): string => {
  if (!first) return 'empty';
  if (first.startsWith('WITH claimed')) return 'executor batch';
  if (first.startsWith('SELECT client_id, principal')) return 'push';
  if (first.startsWith('INSERT INTO auth_tokens')) return 'cart create';
  return `other: ${first.slice(0, 30)}`;
};

export const traced = (db: Database): TracedDatabase => {
  const trace: TracedDatabase['trace'] = {
    enabled: false,
    transactions: [],
    queries: [],
    reset() {
      this.transactions = [];
      this.queries = [];
    },
  };
  const timed = (sql: Sql, into: () => QueryTrace[] | undefined): Sql => ({
    async query<Row>(text: string, params?: readonly SqlParam[]) {
      const list = into();
      if (!list) return sql.query<Row>(text, params);
      const start = performance.now();
      try {
        return await sql.query<Row>(text, params);
      } finally {
        list.push({ label: labelOf(text), start, ms: performance.now() - start });
      }
    },
  });
  return {
    kind: db.kind,
    trace,
    ...timed(db, () => (trace.enabled ? trace.queries : undefined)),
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      if (!trace.enabled) return db.transaction(work);
      const start = performance.now();
      const queries: QueryTrace[] = [];
      let workMs = 0;
      const result = await db.transaction(async (tx) => {
        const workStart = performance.now();
        try {
          return await work(timed(tx, () => queries));
        } finally {
          workMs = performance.now() - workStart;
        }
      });
      trace.transactions.push({
        kind: kindOf(queries[0]?.label),
        start,
        end: performance.now(),
        workMs,
        queries,
        result,
      });
      return result;
    },
    exec: (script) => db.exec(script),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    // A connection of its own, for the one-instance roles (sync-server/cluster): a server started on it needs one.
    ...(db.session ? { session: db.session.bind(db) } : {}),
    close: () => db.close(),
  };
};

export const openPglite = async (): Promise<TracedDatabase> => traced(await openDatabase({}));

export interface FreshPostgres {
  db: TracedDatabase;
  /** Closes the pool and drops the schema. */
  dispose(): Promise<void>;
}

/**
 * A PostgreSQL store in a schema of its own (search_path set per connection), migrated from scratch and
 * dropped at the end: the bench never touches the tables other runs use in the same database.
 */
export const openFreshPostgres = async (databaseUrl: string, tag: string): Promise<FreshPostgres> => {
  const schema = `bench_${tag}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  let db: TracedDatabase | undefined;
  try {
    db = traced(await openDatabase({ databaseUrl: url.toString() }));
    const [row] = await db.query<{ s: string }>('SELECT current_schema() AS s');
    if (row?.s !== schema) throw new Error(`search_path not applied: current_schema() is ${row?.s}`);
  } catch (error) {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
    throw error;
  }
  const opened = db;
  return {
    db: opened,
    async dispose() {
      await opened.close().catch(() => undefined);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
};
