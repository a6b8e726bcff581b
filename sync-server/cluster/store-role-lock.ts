import type { Database } from '../store/database.ts';
import { advisoryRoleLock } from './advisory-lock.ts';
import { processRoleLock } from './process-lock.ts';
import type { RoleLock } from './role-lock.ts';
import type { RoleName } from './roles.ts';

/**
 * PostgreSQL: a session-level advisory lock on a connection of this instance's own, which PostgreSQL releases when
 * the connection ends, a process killed with -9 included. PGlite is opened by one process only: the lock is that
 * process's, shared by the instances it runs on the same store (tests start two on one PGlite).
 */
export const roleLockOf = (db: Database, role: RoleName, sessionTimeoutMs: number): RoleLock => {
  if (db.kind === 'pglite') return processRoleLock(db, role);
  const open = db.session?.bind(db);
  if (!open) throw new Error('this store cannot open a session of its own, so it cannot hold a role');
  return advisoryRoleLock(open, role, sessionTimeoutMs);
};
