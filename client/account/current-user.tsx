import { createContext, useContext } from 'react';
import type { User } from '../../schema/account/user.ts';

/** The logged-in user, given by the account guard to the pages behind it. */
export const CurrentUserContext = createContext<User | null>(null);

/** The user of a page behind the guard: never null there, so the pages need no guest branch of their own. */
export const useCurrentUser = (): User => {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is for pages behind the account guard (/my-account/…)');
  return user;
};
