import type { User } from '../../schema/account/user.ts';
import { useStoreClient } from '../app/store-client.tsx';
import type { AccountSession } from '../sync/store-client-types.ts';
import { useObservable } from '../ui/use-observable.ts';

/** The tab's account session, once the store client has started (null before). */
export const useAccountSession = (): AccountSession | null => useStoreClient()?.account ?? null;

/**
 * The logged-in user, null for a guest, undefined while it is not known yet (the client is starting or the
 * stored session is being read): callers wait on undefined rather than treat it as a guest.
 */
export const useUser = (): User | null | undefined => useObservable(useAccountSession()?.user$);

/** How the interface names a user: the first name, or the e-mail when an old account has none. */
export const displayName = (user: Pick<User, 'firstname' | 'lastname' | 'email'>): string =>
  user.firstname.trim() || user.email;
