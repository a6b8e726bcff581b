import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { importWhenReachable } from '../lib/import-when-reachable.ts';
import type { ConfirmOptions, PendingConfirm } from './confirm-types.ts';

type Ask = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Ask>(() => Promise.resolve(false));

/** Asks the shopper to confirm (removing a product asks for confirmation: spec, commerce section 4). */
export const useConfirm = (): Ask => useContext(ConfirmContext);

/** The dialog's chunk: no first page asks a question, and the first page's JavaScript has a budget. */
const ConfirmDialogView = lazy(() =>
  importWhenReachable(() => import('./confirm-dialog-view.tsx')).then((m) => ({ default: m.ConfirmDialogView })),
);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const ask = useCallback<Ask>(
    (options) => new Promise<boolean>((resolve) => setPending({ ...options, resolve, opener: document.activeElement })),
    [],
  );
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialogView pending={pending} onAnswered={() => setPending(null)} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
