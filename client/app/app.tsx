import { RouterProvider } from '@tanstack/react-router';
import { TranslationProvider } from '../i18n/use-t.tsx';
import { ConfirmProvider } from '../ui/confirm-dialog.tsx';
import { router } from './router.tsx';
import { StoreClientProvider } from '../store/index.ts';

export function App() {
  return (
    <TranslationProvider>
      <StoreClientProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </StoreClientProvider>
    </TranslationProvider>
  );
}
