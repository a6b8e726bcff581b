import { PGlite } from '@electric-sql/pglite';
import type { Database, Sql, SqlParam } from './database.ts';
import { INT8_OID } from './database.ts';

/** The embedded store: PGlite in a data folder (or in memory when `dataDir` is omitted). */
export const openPgliteDatabase = async (dataDir?: string): Promise<Database> => {
  const pg = await PGlite.create(dataDir ?? 'memory://', { parsers: { [INT8_OID]: Number } });
  const asSql = (runner: Pick<PGlite, 'query'>): Sql => ({
    async query<Row>(text: string, params: readonly SqlParam[] = []) {
      const result = await runner.query<Row>(text, params as unknown[]);
      return result.rows;
    },
  });
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
