import { z } from 'zod';
import { ownerIdSchema } from '../commands/envelope.ts';
import { EMAIL_MAX, FIRST_NAME_MAX, LAST_NAME_MAX, TOKEN_MAX } from './limits.ts';

/** A user's id: the owner of the user's commands and read models. */
export const userIdSchema = ownerIdSchema;
export type UserId = z.infer<typeof userIdSchema>;

/**
 * The current user as the server sends it (spec commerce.md section 3: "id, email, firstname, lastname, egn, group_id,
 * groupToken"). Only lengths are checked here, not the form rules: an account made under older rules (a one-letter
 * name) must still load.
 */
export const userSchema = z.object({
  id: userIdSchema,
  email: z.string().max(EMAIL_MAX),
  firstname: z.string().max(FIRST_NAME_MAX),
  lastname: z.string().max(LAST_NAME_MAX),
  egn: z.string().max(10).optional(),
  /** The customer group (price tiers): it accompanies product searches with the group token. */
  group_id: z.number().int().min(0),
  groupToken: z.string().max(TOKEN_MAX).optional(),
});
export type User = z.infer<typeof userSchema>;
