import { useEffect, useId, useRef } from 'react';
import { Button } from '../ui/button.tsx';
import { useGo } from './use-forward.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';

/**
 * The spec's sign-up modal, shown when the session could not be refreshed (the user has been logged out): Log in
 * or Register, or close it. A modal <dialog>: the browser keeps the focus inside and closes it on Escape.
 */
export function SignUpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const go = useGo();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const follow = (href: string) => {
    onClose();
    go(href);
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="sign-up-modal"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="dialog__body">
          <h2 id={titleId} className="dialog__title">
            {t('account.signUp.title')}
          </h2>
          <p id={textId}>{t('account.signUp.text')}</p>
          <div className="dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('account.signUp.close')}
            </Button>
            <Button variant="secondary" onClick={() => follow('/register')}>
              {t('account.signUp.register')}
            </Button>
            <Button onClick={() => follow('/login')} autoFocus>
              {t('account.signUp.login')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
