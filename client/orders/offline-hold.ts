import type { CommandDocument } from '../../schema/index.ts';
import { heldChanged$, heldOrderIds } from '../lib/offline-orders-store.ts';
import type { PushHold } from '../sync/feature.ts';

const orderIdOf = (command: CommandDocument): string | undefined => {
  const orderId = (command.payload as { orderId?: unknown }).orderId;
  return typeof orderId === 'string' ? orderId : undefined;
};

/** The orders feature's hold on the pusher: an `order.place` made offline, while the setting asks to confirm it. */
export const offlineOrderHold: PushHold = {
  holds: (command) => {
    if (command.type !== 'order.place') return false;
    const orderId = orderIdOf(command);
    return orderId !== undefined && heldOrderIds().includes(orderId);
  },
  changed$: heldChanged$,
};
