import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import './product-dialog.css';

interface ProductDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name: the visible title is the heading inside. */
  title: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal `<dialog>` of the product page (zoom, size guide). `showModal()` makes the rest of the page inert, so
 * focus stays inside and screen readers see a dialog; Escape closes it (the `cancel` event), and focus goes back
 * to the element that opened it.
 */
export function ProductDialog({ open, onClose, title, className, testId, children }: ProductDialogProps) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
      const back = opener.current;
      if (back?.isConnected) back.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={['dialog', 'product-dialog', className].filter(Boolean).join(' ')}
      aria-label={title}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its body) closes it too.
        if (event.target === dialog.current) onClose();
      }}
    >
      {open && (
        <div className="product-dialog__body">
          <div className="product-dialog__header">
            <h2 className="dialog__title">{title}</h2>
            <button type="button" className="product-dialog__close" onClick={onClose} autoFocus>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('product.dialog.close')}</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
