import { RouterProvider } from '@tanstack/react-router';
import { ConfirmProvider } from '../ui/confirm-dialog.tsx';
import { router } from './router.tsx';
import { StoreClientProvider } from './store-client.tsx';

export function App() {
  return (
    <StoreClientProvider>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </StoreClientProvider>
  );
}
