import { Router } from 'express';
import { z } from 'zod';
import { ALL_GROUPS, NOT_LOGGED_IN_GROUP } from '../../schema/catalog/rules/tier-price.ts';
import { userOf, setUserGroup } from '../accounts/users.ts';
import { repricedCartOf } from '../cart/index.ts';
import { writeOwnerDocuments } from '../features/owner-documents.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import { recordAudit } from '../ops/audit.ts';
import type { Database } from '../store/database.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';
import { userSchema } from '../../schema/account/user.ts';

/** A user as the account calls name it: its owner id ('user-…'), never the row's number. */
const userParamsSchema = z.object({ id: z.string().startsWith('user-').max(100) });

/**
 * A customer group a user can be in: not guests' group (0, for shoppers who are not logged in) and not the tier
 * marker for "all groups" (32000), which no one is a member of.
 */
export const userGroupBodySchema = z
  .object({
    group_id: z
      .number()
      .int()
      .min(NOT_LOGGED_IN_GROUP + 1)
      .max(ALL_GROUPS - 1),
  })
  .strict();

/** Operators' calls on accounts, under /api/operator (any operator role to reach them; each names its own). */
export const operatorRoutes = (db: Database): Router => {
  const router = Router();
  router.use(authenticate(db), requireRole(db, 'viewer'));

  /**
   * POST /api/operator/users/:id/group `{ group_id }`: puts a user into a customer group, which selects the tier
   * prices the user is charged and shown. The user's cart is re-priced for the new group in the same transaction,
   * so every device of the user shows what the next command will charge. The `support` role; audited.
   */
  router.post('/users/:id/group', requireRole(db, 'support'), async (req, res) => {
    const { id } = parseInput(userParamsSchema, req.params, 'params');
    const { group_id: groupId } = parseInput(userGroupBodySchema, req.body, 'body');
    const user = await db.transaction(async (tx) => {
      // Locked, so the audit's "before" is the group this change replaced.
      const [before] = await tx.query<{ group_id: number }>('SELECT group_id FROM users WHERE owner = $1 FOR UPDATE', [
        id,
      ]);
      const row = before && (await setUserGroup(tx, id, groupId));
      if (!before || !row) return null;
      await recordAudit(tx, operatorOf(req), {
        action: 'user.group',
        target: `user:${id}`,
        before: { groupId: before.group_id },
        after: { groupId: row.group_id },
      });
      const repriced = await repricedCartOf(tx, id);
      if (repriced) await writeOwnerDocuments(tx, [repriced]);
      return row;
    });
    if (!user) throw new HttpProblem(404, `No user ${id}`, 'id');
    ok(res, userOf(user));
  });
  return router;
};

export const operatorApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/operator/users/:id/group',
    summary: 'Put a user into a customer group (tier prices; the cart is re-priced)',
    access: 'support',
    request: { params: userParamsSchema, body: userGroupBodySchema },
    responses: { ...okAnswer('The user', userSchema), 404: { description: 'No such user' } },
  },
];
