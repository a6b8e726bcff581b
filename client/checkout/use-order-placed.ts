import { useMemo } from 'react';
import { map } from 'rxjs';
import type { StoreClient } from '../store/index.ts';
import { useObservable } from '../ui/use-observable.ts';

/**
 * When the draft's order was placed on this device and not refused (the command's createdAt, epoch ms), by this
 * tab or another; undefined while it is not. The tabs share the device's commands, and every tab's draft places
 * the same order id (draft.ts).
 */
export const useOrderPlacedAt = (client: StoreClient, orderId: string): number | undefined => {
  const placedAt$ = useMemo(
    () =>
      client.commands$.pipe(
        map(
          (commands) =>
            commands.find(
              (command) =>
                command.type === 'order.place' &&
                (command.payload as { orderId?: unknown } | undefined)?.orderId === orderId &&
                command.status !== 'rejected' &&
                command.status !== 'failed',
            )?.createdAt,
        ),
      ),
    [client, orderId],
  );
  return useObservable(placedAt$);
};
