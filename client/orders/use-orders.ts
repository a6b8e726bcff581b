import { map } from 'rxjs';
import { useEffect, useMemo } from 'react';
import type { CommandDocument } from '../../schema/index.ts';
import { getStoreClient, useStoreClient } from '../store/index.ts';
import { useObservable } from '../ui/use-observable.ts';
import type { ShownOrder } from './order-view.ts';

/** Starts the local store now: the orders pages are what it is for (the catalogue's pages wait for the page to settle). */
export const useStartStoreClient = (): void => {
  useEffect(() => {
    void getStoreClient();
  }, []);
};

/** The owner's orders, newest first, this device's waiting ones included (undefined while the store opens). */
export const useOrders = (): ShownOrder[] | undefined => useObservable(useStoreClient()?.orders$);

export const useOrder = (orderId: string): ShownOrder | undefined =>
  useOrders()?.find((order) => order.orderId === orderId);

/** The newest order command of this order this session (its outcome once answered): what became of it. */
export const useOrderCommand = (orderId: string, type: string): CommandDocument | undefined => {
  const client = useStoreClient();
  const command$ = useMemo(
    () =>
      client?.commands$.pipe(
        map((commands) =>
          commands.find(
            (c) => c.type === type && (c.payload as { orderId?: unknown } | undefined)?.orderId === orderId,
          ),
        ),
      ),
    [client, orderId, type],
  );
  return useObservable(command$);
};
