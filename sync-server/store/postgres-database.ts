import pg from 'pg';
import type { Database, Session, Sql, SqlParam } from './database.ts';
import { INT8_OID } from './database.ts';
import { withoutValues } from './store-error.ts';
import { log } from '../observability/logger.ts';

pg.types.setTypeParser(INT8_OID, Number);

/** Statements PostgreSQL can PREPARE. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** Distinct statement texts are few (the code's); past this many, the rest run unnamed. */
const PREPARED_MAX = 500;

/** PostgreSQL through a pool; LISTEN runs on a connection of its own that reconnects if it drops. */
export const openPostgresDatabase = async (connectionString: string, poolSize = 10): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // A pool error (a server restart killing idle connections) must not crash the process.
  pool.on('error', (error) => log.warn({ component: 'db', reason: error.message }, 'idle connection error'));
  await pool.query('SELECT 1');

  // Each distinct statement of the code runs as a named prepared statement: every connection parses and
  // analyses it once, instead of on every call (the cart's product lookup spent about half its time there).
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (!PREPARABLE.test(text)) return undefined;
    let name = names.get(text);
    if (!name && names.size < PREPARED_MAX) {
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  const asSql = (runner: pg.Pool | pg.ClientBase): Sql => ({
    async query<Row>(text: string, params: readonly SqlParam[] = []) {
      const name = nameOf(text);
      try {
        const result = await runner.query(
          name ? { name, text, values: params as unknown[] } : { text, values: params as unknown[] },
        );
        return result.rows as Row[];
      } catch (error) {
        // pg's error carries the clashing key's value in `detail`, and some messages the value refused.
        throw withoutValues(error);
      }
    },
  });

  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;
  let closed = false;
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', () => {
      listenClient = undefined;
      if (!closed) setTimeout(() => void connectListener().catch(() => undefined), 500);
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    listenClient = client;
  };

  return {
    kind: 'postgres',
    ...asSql(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(asSql(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    async listen(channel, onPayload) {
      if (!listenClient) await connectListener();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await listenClient?.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async session(): Promise<Session> {
      const client = new pg.Client({ connectionString, keepAlive: true });
      // A dropped connection (a restarted server, a terminated backend) is an error event: unheard, it would end
      // the process. The session's owner learns of it from its next statement, which fails.
      client.on('error', (error) => log.warn({ component: 'db', reason: error.message }, 'session connection lost'));
      await client.connect();
      return { ...asSql(client), end: () => client.end().catch(() => undefined) };
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
};

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
