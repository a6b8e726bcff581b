/**
 * The last order placed on this device (spec commerce.md, "Order placing": "the last order id, hash and payment
 * method id are stored locally"; the time of the last order too). The order id is its hash: one id, one order.
 */
const KEY = 'checkout.lastOrder';

export interface LastOrder {
  orderId: string;
  hash: string;
  paymentMethod: string;
  placedAt: number;
}

export const rememberLastOrder = (order: LastOrder): void => {
  try {
    localStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Storage blocked: the order itself is in the local store all the same.
  }
};

export const lastOrder = (): LastOrder | undefined => {
  try {
    const json: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof json !== 'object' || json === null) return undefined;
    const { orderId, hash, paymentMethod, placedAt } = json as Record<string, unknown>;
    return typeof orderId === 'string' && typeof hash === 'string' && typeof paymentMethod === 'string'
      ? { orderId, hash, paymentMethod, placedAt: typeof placedAt === 'number' ? placedAt : 0 }
      : undefined;
  } catch {
    return undefined;
  }
};
