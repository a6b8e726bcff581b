import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { roleGrantSchema } from '../../schema/ops/role-rules.ts';
import { accountRoleSchema, type OperatorRole } from '../../schema/ops/roles.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { changeRole } from './role-change.ts';

/** An operator account as the console lists it. */
interface OperatorRow {
  owner: string;
  email: string;
  role: OperatorRole;
  firstname: string;
  lastname: string;
}

/** Operators are few (a shop's staff); the list is bounded all the same. */
const OPERATORS_MAX = 1000;

/**
 * Who the operators are, under /api/ops:
 * - GET /me (any operator role): the caller's e-mail and role, which the console shows and shapes itself by (a
 *   shopper's or a guest's token gets 403);
 * - GET /operators (viewer): every account with an operator role;
 * - POST /roles `{email, role}` (admin): gives an existing account a role, or 'customer' to take it away; the last
 *   admin cannot lose the role (409). Audited.
 */
export const operatorAccountRoutes = (db: Database): Router => {
  const router = Router();
  const guard = (role: OperatorRole): RequestHandler[] => [authenticate(db), requireRole(db, role)];

  router.get('/me', ...guard('viewer'), (req, res) => {
    const { email, role, owner } = operatorOf(req);
    ok(res, { email, role, owner });
  });

  router.get('/operators', ...guard('viewer'), async (_req, res) => {
    const rows = await db.query<OperatorRow>(
      `SELECT owner, email, role, firstname, lastname FROM users WHERE role <> 'customer' ORDER BY email_key LIMIT $1`,
      [OPERATORS_MAX],
    );
    ok(res, { items: rows });
  });

  router.post('/roles', ...guard('admin'), async (req, res) => {
    const grant = parseInput(roleGrantSchema, req.body, 'body');
    ok(res, await db.transaction((tx) => changeRole(tx, operatorOf(req), grant)));
  });

  return router;
};

const operatorSchema = z.object({
  owner: z.string(),
  email: z.string(),
  role: accountRoleSchema,
  firstname: z.string(),
  lastname: z.string(),
});

export const operatorAccountApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/ops/me',
    summary: "The calling operator's e-mail, role and owner id (the console shapes itself by the role)",
    access: 'viewer',
    responses: okAnswer('The operator', z.object({ email: z.string(), role: accountRoleSchema, owner: z.string() })),
  },
  {
    method: 'get',
    path: '/api/ops/operators',
    summary: 'Every account with an operator role',
    access: 'viewer',
    responses: okAnswer('`{ items }`', z.object({ items: z.array(operatorSchema) })),
  },
  {
    method: 'post',
    path: '/api/ops/roles',
    summary: "Give an existing account a role, or 'customer' to take it away; audited",
    access: 'admin',
    request: { body: roleGrantSchema },
    responses: {
      ...okAnswer(
        'The role before and after',
        z.object({ owner: z.string(), email: z.string(), before: accountRoleSchema, role: accountRoleSchema }),
      ),
      404: { description: 'No account with this e-mail' },
      409: { description: 'The last admin cannot lose the role' },
    },
  },
];
