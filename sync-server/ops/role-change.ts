import { decideRoleChange, type RoleGrant } from '../../schema/ops/role-rules.ts';
import type { AccountRole } from '../../schema/ops/roles.ts';
import { emailKeyOf } from '../accounts/users.ts';
import type { Operator } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Sql } from '../store/database.ts';
import { recordAudit } from './audit.ts';

/** An account's role after a grant, and what it was. */
export interface RoleChanged {
  owner: string;
  email: string;
  before: AccountRole;
  role: AccountRole;
}

/**
 * Gives an existing account a role (or takes it back to 'customer'), in the caller's transaction, by `actor` (an
 * admin through the API, or the command line on the server). Every admin's row is locked before they are counted,
 * so two admins demoting each other at once cannot both succeed and leave the shop without one (the second
 * waits, then counts one). An unknown e-mail is a 404; a change is audited as `role.grant`; granting the role the
 * account has changes nothing and writes no line.
 */
export const changeRole = async (tx: Sql, actor: Operator, { email, role }: RoleGrant): Promise<RoleChanged> => {
  const admins = await tx.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' FOR UPDATE");
  const [account] = await tx.query<{ owner: string; email: string; role: AccountRole }>(
    'SELECT owner, email, role FROM users WHERE email_key = $1 FOR UPDATE',
    [emailKeyOf(email)],
  );
  if (!account) throw new HttpProblem(404, `No account with the e-mail ${email}`, 'email');
  const decision = decideRoleChange(account.role, role, admins.length);
  if (decision.kind === 'refused') throw new HttpProblem(409, decision.message, 'role');
  const changed = { owner: account.owner, email: account.email, before: account.role, role };
  if (decision.kind === 'unchanged') return changed;
  await tx.query('UPDATE users SET role = $2, updated_at = now() WHERE owner = $1', [account.owner, role]);
  await recordAudit(tx, actor, {
    action: 'role.grant',
    target: `user:${account.owner}`,
    before: { email: account.email, role: account.role },
    after: { email: account.email, role },
  });
  return changed;
};
