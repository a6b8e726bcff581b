import { log } from '../observability/logger.ts';
import type { Session } from '../store/database.ts';
import type { RoleLock } from './role-lock.ts';
import { ROLE_LOCK_SPACE, ROLES, type RoleName } from './roles.ts';

/**
 * A role as a session-level advisory lock (`pg_try_advisory_lock`) on a connection of this instance's own, open
 * for as long as it holds the role or asks for it. PostgreSQL releases the lock when that connection ends: a stop,
 * a process killed with -9 (the kernel closes its socket), a terminated backend. Two settings of the session cover
 * the holder that neither ends nor answers (a hung process, a network gone without a word): PostgreSQL ends a
 * session idle for `sessionTimeoutMs` (the holder checks its lock well within it), and its TCP keepalives notice a
 * peer that vanished, so the lock is free again within seconds rather than hours.
 *
 * Instances must reach PostgreSQL directly or through a session pooler: a transaction pooler (PgBouncer's
 * transaction mode) hands the connection to others between statements, and a session lock means nothing there.
 */
export const advisoryRoleLock = (open: () => Promise<Session>, role: RoleName, sessionTimeoutMs: number): RoleLock => {
  const keys = [ROLE_LOCK_SPACE, ROLES[role]];
  let session: Session | undefined;
  let taken = false;

  const drop = async (): Promise<void> => {
    const ending = session;
    session = undefined;
    taken = false;
    await ending?.end();
  };

  const connect = async (): Promise<Session> => {
    if (session) return session;
    const opened = await open();
    try {
      await opened.query(
        `SELECT set_config('idle_session_timeout', $1, false), set_config('tcp_keepalives_idle', '5', false),
                set_config('tcp_keepalives_interval', '2', false), set_config('tcp_keepalives_count', '3', false)`,
        [String(sessionTimeoutMs)],
      );
    } catch (error) {
      // PostgreSQL before 14 has no idle_session_timeout: the lock still moves when the holder's connection ends.
      log.warn({ component: 'cluster', role, reason: (error as Error).message }, 'session limits not set');
    }
    session = opened;
    return opened;
  };

  return {
    async tryTake() {
      if (taken) return true;
      try {
        const [row] = await (
          await connect()
        ).query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS taken', keys);
        taken = row?.taken === true;
        return taken;
      } catch {
        // The store is unreachable or the connection dropped: asked again on the next round, on a new connection.
        await drop();
        return false;
      }
    },
    async stillHeld() {
      if (!session || !taken) return false;
      try {
        // The lock itself, not only the connection: what pg_locks shows of this session is what others see.
        const [row] = await session.query<{ held: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
             AND classid = $1::int::oid AND objid = $2::int::oid AND objsubid = 2 AND granted) AS held`,
          keys,
        );
        if (row?.held === true) return true;
      } catch {
        // The connection is gone, and the lock with it.
      }
      await drop();
      return false;
    },
    async release() {
      if (session && taken)
        await session.query('SELECT pg_advisory_unlock($1::int, $2::int)', keys).catch(() => undefined);
      await drop();
    },
  };
};
