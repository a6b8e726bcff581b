import { getStoreClient } from '../store/index.ts';
import { notify } from '../ui/notifications.tsx';

/** Accepts the changed figures of an order waiting for confirmation (the server re-checks them). */
export const confirmOrder = async (orderId: string, acceptedTotalEur: number): Promise<void> => {
  try {
    await (await getStoreClient()).dispatch('order.confirm', { orderId, acceptedTotalEur });
  } catch (error) {
    console.error('[orders] the confirmation could not be stored', error);
    notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
  }
};

/** Cancels an order not yet shipped. */
export const cancelOrder = async (orderId: string): Promise<void> => {
  try {
    await (await getStoreClient()).dispatch('order.cancel', { orderId });
  } catch (error) {
    console.error('[orders] the cancellation could not be stored', error);
    notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
  }
};
