import type { Request, RequestHandler } from 'express';
import { roleAllows, type OperatorRole } from '../../schema/ops/roles.ts';
import type { Database } from '../store/database.ts';
import { principalOf } from './auth.ts';
import { HttpProblem } from './problem.ts';

/** The operator a guarded request acts as: who the audit log names. */
export interface Operator {
  userId: number;
  owner: string;
  email: string;
  role: OperatorRole;
}

declare module 'express-serve-static-core' {
  interface Request {
    operator?: Operator;
  }
}

/**
 * Lets through only operators whose role allows `needed` (after `authenticate`). The role is read from the users
 * row on every call, not carried in the token, so taking a role away counts at once on every instance. A guest or a
 * customer gets 403 (they are who they say, and not allowed), and so does a lower role asking for a higher one's
 * action.
 */
export const requireRole =
  (db: Database, needed: OperatorRole): RequestHandler =>
  async (req, _res, next) => {
    const principal = principalOf(req);
    if (principal.kind !== 'user') throw new HttpProblem(403, 'This call is for operators only', 'token');
    const [row] = await db.query<{ role: string; email: string }>('SELECT role, email FROM users WHERE id = $1', [
      principal.userId,
    ]);
    if (!row || !roleAllows(row.role, 'viewer')) throw new HttpProblem(403, 'This call is for operators only', 'token');
    if (!roleAllows(row.role, needed)) {
      throw new HttpProblem(403, `This call needs the ${needed} role`, 'role');
    }
    req.operator = {
      userId: principal.userId,
      owner: principal.owner,
      email: row.email,
      role: row.role as OperatorRole,
    };
    next();
  };

/** The operator `requireRole` let through. */
export const operatorOf = (req: Request): Operator => {
  if (!req.operator) throw new Error('operatorOf called on a route without requireRole');
  return req.operator;
};
