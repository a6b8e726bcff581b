import { createContext, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-when-reachable.ts';
import type { ConfirmOptions, PendingConfirm } from './confirm-types.ts';

type Ask = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Ask>(() => Promise.resolve(false));

/** Asks the shopper to confirm (removing a product asks for confirmation: spec, commerce section 4). */
export const useConfirm = (): Ask => useContext(ConfirmContext);

/** The dialog's chunk: no first page asks a question, and the first page's JavaScript has a budget. */
const ConfirmDialogView = lazyComponent(() => import('./confirm-dialog-view.tsx'), 'ConfirmDialogView');

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
