import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';

/**
 * The reason for a refusal (3 to 500 characters, read by the ad's owner), in a modal dialog: the browser's own
 * <dialog>, which keeps the focus inside and closes on Escape; the focus goes back to the queue after.
 */
export function ReasonDialog({
  open,
  onSend,
  onClose,
}: {
  open: boolean;
  onSend: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setReason('');
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length >= 3) onSend(reason.trim());
  };
  return (
    <dialog ref={dialog} className="ops-dialog" aria-labelledby={`${id}-h`} onClose={onClose}>
      <form onSubmit={send}>
        <h2 id={`${id}-h`}>{t('ops.queues.reason')}</h2>
        <label htmlFor={`${id}-reason`} className="visually-hidden">
          {t('ops.queues.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          minLength={3}
          maxLength={500}
          rows={3}
          required
          autoFocus
        />
        <div className="ops-toolbar">
          <Button type="submit" variant="danger" size="sm" disabled={reason.trim().length < 3}>
            {t('ops.queues.reasonSend')}
          </Button>
          <Button type="button" variant="quiet" size="sm" onClick={onClose}>
            {t('ops.queues.reasonCancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
