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
/** The listening connection's first wait before reconnecting, doubled while PostgreSQL stays away, up to the max. */
const RELISTEN_MS = 500;
const RELISTEN_MAX_MS = 5_000;

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
  /** Who catches up when the listening connection is back after a loss (Database.listen's onGap). */
  const gapHandlers = new Set<() => void>();
  let listenClient: pg.Client | undefined;
  let closed = false;
  let relisten: NodeJS.Timeout | undefined;
  /**
   * After the listening connection is lost (a PostgreSQL restart): connect again, and keep trying while PostgreSQL
   * is away. One try only left the instance deaf for good when the server was down longer than the first wait: no
   * NOTIFY from another instance reached its live streams or its executor again.
   */
  const listenAgain = (waitMs: number): void => {
    if (closed || relisten) return;
    relisten = setTimeout(() => {
      relisten = undefined;
      connectListener(true).catch((error: unknown) => {
        log.warn({ component: 'db', reason: (error as Error).message }, 'LISTEN connection not back yet');
        listenAgain(Math.min(waitMs * 2, RELISTEN_MAX_MS));
      });
    }, waitMs);
    relisten.unref();
  };
  const connectListener = async (afterLoss = false): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', () => {
      if (listenClient === client) listenClient = undefined;
      void client.end().catch(() => undefined);
      listenAgain(RELISTEN_MS);
    });
    await client.connect();
    try {
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void client.end().catch(() => undefined);
    listenClient = client;
    if (afterLoss) {
      log.info({ component: 'db', listeners: gapHandlers.size }, 'LISTEN connection back: listeners catch up');
      for (const onGap of gapHandlers) onGap();
    }
  };

  return {
    kind: 'postgres',
    ...asSql(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A client checked out of the pool has no error listener of the pool's: its connection lost between two
      // statements (a PostgreSQL restart) is an 'error' event that, unheard, ends the process. Heard, it fails this
      // transaction alone (its next statement), and the client goes back to the pool as broken, to be replaced.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await work(asSql(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    async listen(channel, onPayload, onGap) {
      if (!listenClient) await connectListener();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await listenClient?.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      if (onGap) gapHandlers.add(onGap);
      return async () => {
        set.delete(onPayload);
        if (onGap) gapHandlers.delete(onGap);
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
      clearTimeout(relisten);
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
};

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
