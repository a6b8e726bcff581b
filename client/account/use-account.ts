import type { User } from '../../schema/account/user.ts';
import { getStoreClient, useStoreClient, type AccountSession } from '../store/index.ts';
import { useObservable } from '../ui/use-observable.ts';
import { useEffect } from 'react';

/**
 * The tab's account session once the store client has started, null before; it does not start the client. The
 * header and the layout's notices use it: on a catalogue page the client starts when the page has settled
 * (client/store/store-client-start.ts), and an early start would put its long tasks before the page's first paint.
 */
export const useStartedAccountSession = (): AccountSession | null => useStoreClient()?.account ?? null;

/**
 * The tab's account session for an account screen, which starts the client at once instead of waiting for the
 * page to settle: it is what the screen is for.
 */
export const useAccountSession = (): AccountSession | null => {
  useStartStoreClient();
  return useStartedAccountSession();
};

/** Starts the store client now (an account screen needs its session), not when the page has settled. */
export const useStartStoreClient = (): void => {
  useEffect(() => {
    void getStoreClient();
  }, []);
};

/** The session for a form's submit: waits for the client to start rather than refusing a quick shopper. */
export const accountSession = async (): Promise<AccountSession> => (await getStoreClient()).account;

/**
 * The logged-in user, null for a guest, undefined while it is not known yet (the client has not started or the
 * stored session is being read): callers wait on undefined rather than treat it as a guest. It does not start the
 * client: a screen that cannot do without the user calls `useStartStoreClient()` too.
 */
export const useUser = (): User | null | undefined => useObservable(useStartedAccountSession()?.user$);

/** How the interface names a user: the first name, or the e-mail when an old account has none. */
export const displayName = (user: Pick<User, 'firstname' | 'lastname' | 'email'>): string =>
  user.firstname.trim() || user.email;
