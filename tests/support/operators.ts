import type { OperatorRole } from '../../schema/ops/roles.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { registerLoggedInUser } from './users.ts';

export interface TestOperator {
  owner: string;
  email: string;
  token: string;
  role: OperatorRole;
}

/** A registered, logged-in account given `role` by SQL (as the first admin is given it by `npm run ops -- grant`). */
export const registerOperator = async (baseUrl: string, db: Database, role: OperatorRole): Promise<TestOperator> => {
  const user = await registerLoggedInUser(baseUrl, `ops-${role}`);
  await db.query('UPDATE users SET role = $2 WHERE owner = $1', [user.owner, role]);
  return { ...user, role };
};

/** A GET with a bearer token, its JSON answer read. */
export const getJson = async (
  baseUrl: string,
  path: string,
  token?: string,
): Promise<{ status: number; body: { result?: unknown } & Record<string, unknown> }> => {
  const res = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as { result?: unknown } };
};

/** The audit lines of a target, oldest first, read straight from the store. */
export const auditLinesOf = async (
  db: Database,
  target: string,
): Promise<{ action: string; actor_email: string; before: unknown; after: unknown }[]> =>
  db.query('SELECT action, actor_email, before, after FROM ops_audit WHERE target = $1 ORDER BY id', [target]);
