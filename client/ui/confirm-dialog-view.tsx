import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';
import { useT } from '../i18n/use-t.tsx';
import type { PendingConfirm } from './confirm-types.ts';

/**
 * The confirmation itself, a modal <dialog>: the browser traps focus inside it and closes it on Escape. Its own
 * chunk, loaded at the first question (confirm-dialog.tsx): no first page asks one.
 */
export function ConfirmDialogView({ pending, onAnswered }: { pending: PendingConfirm; onAnswered: () => void }) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, [pending]);

  const answer = (value: boolean) => {
    pending.resolve(value);
    dialog.current?.close();
    onAnswered();
    // The opener may be gone (the line was removed); focus then stays where the browser puts it.
    if (pending.opener instanceof HTMLElement && pending.opener.isConnected) pending.opener.focus();
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
      onClick={(event) => {
        if (event.target === dialog.current) answer(false);
      }}
    >
      <div className="dialog__body">
        <h2 id="confirm-title" className="dialog__title">
          {pending.title}
        </h2>
        <p id="confirm-text">{pending.text}</p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => answer(false)} autoFocus>
            {t('confirm.cancel')}
          </Button>
          <Button variant={pending.danger ? 'danger' : 'primary'} onClick={() => answer(true)}>
            {pending.confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
