import { z } from 'zod';
import { accountRoleSchema, type AccountRole } from './roles.ts';

export type RoleChangeDecision = { kind: 'change' } | { kind: 'unchanged' } | { kind: 'refused'; message: string };

/**
 * Whether an account's role may become `next`. The shop always keeps an admin: taking the role from the last one
 * would leave nobody able to grant roles (only the command line on the server could). Pure: the caller counts the
 * admins inside the transaction that changes the role, with the admins' rows locked.
 */
export const decideRoleChange = (current: AccountRole, next: AccountRole, admins: number): RoleChangeDecision => {
  if (current === next) return { kind: 'unchanged' };
  if (current === 'admin' && admins <= 1)
    return { kind: 'refused', message: 'The last admin cannot lose the admin role: grant it to someone else first' };
  return { kind: 'change' };
};

/** POST /api/ops/roles and `npm run ops -- grant`: an existing account's e-mail and its new role. */
export const roleGrantSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(3)
      .max(254)
      .regex(/^[^@\s]+@[^@\s]+$/, 'must be an e-mail address'),
    role: accountRoleSchema,
  })
  .strict();
export type RoleGrant = z.infer<typeof roleGrantSchema>;
