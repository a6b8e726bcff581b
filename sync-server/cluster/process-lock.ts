import type { Database } from '../store/database.ts';
import type { RoleLock } from './role-lock.ts';
import type { RoleName } from './roles.ts';

/** Each store's roles and the instance holding each, for stores one process has to itself (PGlite). */
const holders = new WeakMap<Database, Map<RoleName, object>>();

/** A role among the instances of one process on one store: the first to ask holds it until it gives it back. */
export const processRoleLock = (db: Database, role: RoleName): RoleLock => {
  const me = {};
  let roles = holders.get(db);
  if (!roles) {
    roles = new Map();
    holders.set(db, roles);
  }
  const held = roles;
  return {
    tryTake() {
      if (!held.has(role)) held.set(role, me);
      return Promise.resolve(held.get(role) === me);
    },
    stillHeld: () => Promise.resolve(held.get(role) === me),
    release() {
      if (held.get(role) === me) held.delete(role);
      return Promise.resolve();
    },
  };
};
