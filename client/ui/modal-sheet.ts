import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { trapTab } from './focus-trap.ts';

/**
 * A modal <dialog> panel shown as it mounts (the menu drawer, the mini-cart): `showModal()` makes the page behind
 * inert and focus moves to its close button (`.modal-sheet__close`, the styles in modal-sheet.css); Tab wraps inside; a click on the backdrop (the dialog
 * element itself, outside its panel) and a navigation elsewhere close it. `leaving` says the panel closed because
 * the shopper went on (a link, a navigation), not back (Escape, the close button, the backdrop), so its owner can
 * leave focus to the new page.
 */
export const useModalSheet = () => {
  const dialog = useRef<HTMLDialogElement>(null);
  const leaving = useRef(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const openedAt = useRef(pathname);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>('.modal-sheet__close')?.focus();
  }, []);
  useEffect(() => {
    if (pathname === openedAt.current || !dialog.current?.open) return;
    leaving.current = true;
    dialog.current.close();
  }, [pathname]);

  const close = () => dialog.current?.close();
  return {
    close,
    /** Closes it as the shopper goes on (a link inside it). */
    leave: () => {
      leaving.current = true;
      close();
    },
    leaving,
    /** The dialog element's own props. */
    dialogProps: {
      ref: dialog,
      onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => dialog.current && trapTab(event, dialog.current),
      onClick: (event: MouseEvent<HTMLDialogElement>) => event.target === dialog.current && close(),
    },
  };
};
