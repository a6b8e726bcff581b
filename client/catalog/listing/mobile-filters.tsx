import { useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

interface MobileFiltersProps {
  /** How many filter segments are active (shown on the button). */
  activeCount: number;
  /** How many products the filters leave (the dialog's "show" button). */
  total: number | undefined;
  children: ReactNode;
}

/**
 * Spec section 2, "Category page": "on narrow screens filters open as a full-screen overlay". A native modal
 * `<dialog>`: the page behind is inert, Tab stays inside, Escape closes it (the browser's `cancel`), and on
 * close the focus goes back to the button that opened it. The panel inside applies each choice at once, as on
 * the desktop, so the listing behind is already filtered when the dialog closes.
 */
export function MobileFilters({ activeCount, total, children }: MobileFiltersProps) {
  const { t } = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  const show = () => {
    dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => dialog.current?.close();

  return (
    <div className="listing-mobile-filters">
      <button
        ref={opener}
        type="button"
        className="btn btn--secondary btn--md listing-mobile-filters__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        {activeCount > 0 ? t('listing.filtersWithCount', { count: activeCount }) : t('listing.filters')}
      </button>
      <dialog
        ref={dialog}
        className="listing-filter-dialog"
        aria-labelledby={titleId}
        data-testid="filter-dialog"
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        <div className="listing-filter-dialog__header">
          <h2 className="listing-filter-dialog__title" id={titleId}>
            {t('listing.filters')}
          </h2>
          <button
            type="button"
            className="listing-filter-dialog__close"
            aria-label={t('listing.closeFilters')}
            onClick={close}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="listing-filter-dialog__body">{open && children}</div>
        <div className="listing-filter-dialog__footer">
          <button type="button" className="btn btn--primary btn--md btn--block" onClick={close}>
            {total === undefined ? t('listing.showResultsPending') : t('listing.showResults', { count: total })}
          </button>
        </div>
      </dialog>
    </div>
  );
}
