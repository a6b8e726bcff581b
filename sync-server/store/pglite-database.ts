import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Sql, SqlParam } from './database.ts';
import { INT8_OID } from './database.ts';
import { sqlLiteral } from './sql-literal.ts';
import { withoutValues } from './store-error.ts';

/** Statements PostgreSQL can PREPARE. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** Distinct statement texts are few (the code's); a runaway set is dropped and prepared again. */
const PREPARED_MAX = 500;

/**
 * The embedded store: PGlite in a data folder (or in memory when `dataDir` is omitted).
 *
 * Each distinct statement is planned once: PREPAREd on first use, then run as `EXECUTE name(literals)`
 * through the simple protocol, one call into PGlite instead of six. Planning and the extended
 * protocol were most of a small statement's time (bench: 55 against 145 microseconds a lookup; a push's
 * transaction of six statements from about 5 to under 3 ms). PGlite has one session, so one set of
 * prepared statements.
 */
export const openPgliteDatabase = async (dataDir?: string): Promise<Database> => {
  const pg = await PGlite.create(dataDir ?? 'memory://', { parsers: { [INT8_OID]: Number } });
  // sqlLiteral relies on it (it is PostgreSQL's default; said here so nothing can change it unseen).
  await pg.exec('SET standard_conforming_strings = on');
  // Each prepared statement is planned once, really. Left to 'auto', PostgreSQL keeps planning a statement
  // afresh on every EXECUTE when its custom plans look cheaper than the generic one, and PGlite (no
  // autovacuum, so no statistics) makes them look so: the cart's product lookup spent 0.6 of its 1.2 ms
  // (CPU) planning, and every statement of a push was planned again each time. Plans change no result.
  await pg.exec('SET plan_cache_mode = force_generic_plan');
  // A new WAL segment (every 16 MB of writes: every 5 to 8 s at 200 pushes/s) is made by writing its last byte,
  // not all 16 MB of zeros first: PostgreSQL's default did that inside the statement that crossed into it, on the
  // one thread that answers every request, 52 ms unloaded and 85 to 220 ms under load (bench:streams, issue 15:
  // the event loop's stalls). The zeros guard against running out of disk in the middle of a segment and against
  // copy-on-write filesystems; PGlite syncs nothing anyway (fsync is off), so they bought it nothing.
  await pg.exec('SET wal_init_zero = off');
  const prepared = new Map<string, string>();
  let named = 0;

  const asSql = (runner: Pick<PGlite | Transaction, 'query' | 'exec'>): Sql => ({
    async query<Row>(text: string, params: readonly SqlParam[] = []) {
      try {
        return await run<Row>(runner, text, params);
      } catch (error) {
        // PGlite's error holds the statement with its values (the EXECUTE's literals) and the params.
        throw withoutValues(error);
      }
    },
  });
  const run = async <Row>(
    runner: Pick<PGlite | Transaction, 'query' | 'exec'>,
    text: string,
    params: readonly SqlParam[],
  ): Promise<Row[]> => {
    if (!PREPARABLE.test(text)) return (await runner.query<Row>(text, params as unknown[])).rows;
    let name = prepared.get(text);
    if (!name) {
      if (prepared.size >= PREPARED_MAX) {
        await runner.exec('DEALLOCATE ALL');
        prepared.clear();
      }
      name = `stmt_${++named}`;
      // Not undone by a rollback: a prepared statement belongs to the session, not to a transaction.
      await runner.exec(`PREPARE ${name} AS ${text}`);
      prepared.set(text, name);
    }
    const args = params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : '';
    const [result] = await runner.exec(`EXECUTE ${name}${args}`);
    return (result?.rows ?? []) as Row[];
  };
  return {
    kind: 'pglite',
    ...asSql(pg),
    // PGlite has one connection; its transaction() queues callers so transactions never interleave.
    transaction: (work) => pg.transaction((tx) => work(asSql(tx))),
    exec: async (script) => {
      await pg.exec(script);
    },
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => pg.close(),
  };
};
