import type { RequestHandler } from 'express';
import type { Database } from '../store/database.ts';
import { principalOf } from './auth.ts';
import { HttpProblem } from './problem.ts';

/**
 * Lets only operators through (after `authenticate`). The role is read from the users row on every call, not
 * carried in the token, so taking the role away counts at once on every instance. A guest or a customer gets
 * 403: they are who they say, and not allowed.
 */
export const requireOperator =
  (db: Database): RequestHandler =>
  async (req, _res, next) => {
    const principal = principalOf(req);
    const [row] =
      principal.kind === 'user'
        ? await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [principal.userId])
        : [];
    if (row?.role !== 'operator') throw new HttpProblem(403, 'This call is for operators only', 'token');
    next();
  };
