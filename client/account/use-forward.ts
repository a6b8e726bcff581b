import { useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { User } from '../../schema/account/user.ts';
import { safeRedirect, searchParam } from './redirect.ts';

/** Where a login or register page goes afterwards: the link's `?redirect=` when it is one of ours, else my-account. */
export const useRedirectTarget = (): string => {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  return safeRedirect(searchParam(searchStr, 'redirect'));
};

/** Navigates to a path built at run time (the account routes are added to the router by the app). */
export const useGo = (): ((href: string) => void) => {
  const router = useRouter();
  return useCallback((href: string) => void router.navigate({ href, replace: true }), [router]);
};

/**
 * A login or register page with a logged-in user goes on to `target`: after the form succeeds, and when the page
 * is opened while logged in (another tab logged in, or the back button).
 */
export const useForwardWhenLoggedIn = (user: User | null | undefined, target: string): void => {
  const go = useGo();
  // Once: the page renders again with the target's location (no `?redirect=` any more) before it unmounts.
  const forwarded = useRef(false);
  useEffect(() => {
    if (!user || forwarded.current) return;
    forwarded.current = true;
    go(target);
  }, [user, target, go]);
};
