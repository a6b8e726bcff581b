import { useEffect, useState } from 'react';
import { notify } from '../ui/notifications.tsx';
import { dismissGuardWarning } from './guard-warning.ts';
import { GuardWarningBanner } from './guard-warning-banner.tsx';
import { SignUpDialog } from './sign-up-dialog.tsx';
import { useStartedAccountSession, useUser } from './use-account.ts';
import { browserDraftStorage, clearDrafts, clearPersonalDrafts } from '../lib/user-drafts.ts';
import '../i18n/account-texts.ts';

/**
 * What the session tells the shopper (spec section 4, "Session" and "Token refresh lock"; section 8): "You're logged
 * out" unless silent; after a failed refresh the sign-up modal, and after 20 attempts the notice with OK. Also the
 * guard's warning, and the clean-up of account drafts once nobody is logged in. Mounted once, in the layout.
 */
export function AccountNotices() {
  const session = useStartedAccountSession();
  const user = useUser();
  const [signUpOpen, setSignUpOpen] = useState(false);

  useEffect(() => {
    if (!session) return;
    const subscription = session.events$.subscribe((event) => {
      if (event.kind === 'loggedOut') {
        const storage = browserDraftStorage();
        if (storage) clearPersonalDrafts(storage);
        if (!event.silent) notify({ kind: 'info', message: { key: 'account.notices.loggedOut' } });
        return;
      }
      setSignUpOpen(true);
      if (event.gaveUp) notify({ kind: 'error', message: { key: 'account.notices.refreshGaveUp' } });
    });
    return () => subscription.unsubscribe();
  }, [session]);

  useEffect(() => {
    // Logged in (here or in another tab): the guest's warning has done its job.
    if (user) dismissGuardWarning();
    if (user === null) {
      const storage = browserDraftStorage();
      if (storage) clearDrafts(storage);
    }
  }, [user]);

  return (
    <>
      <GuardWarningBanner />
      {/* A user who logged in meanwhile (another tab) needs the modal no more. */}
      <SignUpDialog open={signUpOpen && !user} onClose={() => setSignUpOpen(false)} />
    </>
  );
}
