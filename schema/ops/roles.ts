import { z } from 'zod';

/**
 * Operators' roles (issue 30). `viewer` reads everything in the console; `support` and `moderator` each add their
 * own actions to a viewer's; `admin` has every right and grants roles. Shoppers are `customer`.
 */
export const OPERATOR_ROLES = ['viewer', 'support', 'moderator', 'admin'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** Every role a users row can hold. */
export const accountRoleSchema = z.enum(['customer', ...OPERATOR_ROLES]);
export type AccountRole = z.infer<typeof accountRoleSchema>;

/** Whether an account with `role` may do what `needed` may. */
export const roleAllows = (role: string | undefined, needed: OperatorRole): boolean => {
  if (role === 'admin') return true;
  if (role === undefined || role === 'customer' || !(OPERATOR_ROLES as readonly string[]).includes(role)) return false;
  return needed === 'viewer' || role === needed;
};

export const isOperatorRole = (role: string | undefined): role is OperatorRole => roleAllows(role, 'viewer');
