import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { CurrentUserContext } from './current-user.tsx';
import { showGuardWarning } from './guard-warning.ts';
import { guardStateOf } from './guard-state.ts';
import { useStartStoreClient, useUser } from './use-account.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import './account.css';

/**
 * The guard of /my-account and its pages (spec section 2). A guest goes home with the warning; a logged-in user
 * sees the page. While the stored session is still being read the guard waits (user undefined), so a logged-in
 * user who opens an account page directly lands on it instead of being bounced home and back.
 */
export function AccountGuard({ children }: { children: ReactNode }) {
  const { t } = useT();
  const router = useRouter();
  // The guard cannot tell a guest from a user before the client has read the stored session: start it now.
  useStartStoreClient();
  const user = useUser();
  const path = useRouterState({ select: (s) => s.location.pathname + s.location.searchStr });
  // Whether this page had a user: a logout here (or in another tab) goes home without the guest's warning.
  const hadUser = useRef(false);

  // Sent home once: the guard stays mounted until the home page renders, and sees the path change to '/' on the way.
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current) return;
    const state = guardStateOf(user, hadUser.current);
    if (state === 'allowed') hadUser.current = true;
    if (state !== 'guest' && state !== 'loggedOut') return;
    leaving.current = true;
    if (state === 'guest') showGuardWarning(path);
    void router.navigate({ to: '/', replace: true });
  }, [user, path, router]);

  if (!user) {
    return (
      <p className="account-guard__checking" role="status" data-testid="account-checking">
        {user === undefined ? t('account.guard.checking') : null}
      </p>
    );
  }
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}
