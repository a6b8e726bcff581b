import type { User } from '../../schema/account/user.ts';

/**
 * What the account guard does with the current user (spec commerce.md section 2):
 * - 'checking': the device's stored session has not been read yet; waiting, so a logged-in user who opens
 *   /my-account directly is not bounced home first;
 * - 'allowed': show the page;
 * - 'guest': send home with the warning and the Log in / Register actions;
 * - 'loggedOut': the user logged out while here (this tab or another): send home; "You're logged out" says why.
 */
export type GuardState = 'checking' | 'allowed' | 'guest' | 'loggedOut';

export const guardStateOf = (user: User | null | undefined, hadUser: boolean): GuardState => {
  if (user === undefined) return 'checking';
  if (user) return 'allowed';
  return hadUser ? 'loggedOut' : 'guest';
};
