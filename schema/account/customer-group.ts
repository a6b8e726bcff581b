import type { User } from './user.ts';
import { NOT_LOGGED_IN_GROUP } from '../catalog/rules/tier-price.ts';

/** The customer group whose tier prices a shopper sees and pays: the logged-in user's, or guests' (0). */
export const customerGroupOf = (user: Pick<User, 'group_id'> | null | undefined): number =>
  user?.group_id ?? NOT_LOGGED_IN_GROUP;
