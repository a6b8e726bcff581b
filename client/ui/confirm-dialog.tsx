import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { useT } from '../i18n/use-t.tsx';

export interface ConfirmOptions {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Ask>(() => Promise.resolve(false));

/** Asks the shopper to confirm (removing a product asks for confirmation: spec, commerce section 4). */
export const useConfirm = (): Ask => useContext(ConfirmContext);

interface Pending extends ConfirmOptions {
  resolve: (answer: boolean) => void;
}

/** A modal <dialog>: the browser traps focus inside it and closes it on Escape. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  const ask = useCallback<Ask>(
    (options) =>
      new Promise<boolean>((resolve) => {
        opener.current = document.activeElement;
        setPending({ ...options, resolve });
      }),
    [],
  );

  useEffect(() => {
    const element = dialog.current;
    if (pending && element && !element.open) element.showModal();
  }, [pending]);

  const answer = (value: boolean) => {
    if (!pending) return;
    pending.resolve(value);
    setPending(null);
    dialog.current?.close();
    const back = opener.current;
    // The opener may be gone (the line was removed); focus then stays where the browser puts it.
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
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
        {pending && (
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
        )}
      </dialog>
    </ConfirmContext.Provider>
  );
}
