import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { importWhenReachable } from '../lib/import-when-reachable.ts';
import './navigation.css';

/** The drawer's code is a chunk of its own, asked for when the button is pointed at, focused or pressed. */
const loadPanel = () => importWhenReachable(() => import('./drawer-panel.tsx'));
const DrawerPanel = lazy(loadPanel);

/**
 * The phone's menu (below 992 px): a button that opens the categories in a modal drawer (drawer-panel.tsx);
 * when the drawer closes, focus returns to the button.
 */
export function MenuDrawer({ bootInit }: { bootInit: unknown }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onClose = () => {
    setOpen(false);
    button.current?.focus({ preventScroll: true });
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-testid="menu-button"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('nav.open')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <DrawerPanel bootInit={bootInit} onClose={onClose} />
        </Suspense>
      )}
    </>
  );
}
