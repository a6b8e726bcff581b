import { useEffect, useRef, useState } from 'react';

/**
 * A disclosure that closes the way a menu does: Escape (focus back on its button), a press outside it, and a
 * choice inside it. `root` wraps the button and the panel.
 */
export const useDisclosure = <R extends HTMLElement, B extends HTMLElement>() => {
  const [open, setOpen] = useState(false);
  const root = useRef<R>(null);
  const button = useRef<B>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return { open, setOpen, toggle: () => setOpen((o) => !o), root, button };
};
