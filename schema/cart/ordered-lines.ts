import type { Cart } from './cart.ts';

/**
 * The cart after an order was placed from it: the ordered quantities leave it; a line added meanwhile (on another
 * device) stays, and a line whose quantity grew meanwhile keeps the difference. The server runs it when it places
 * the order (sync-server/orders/order-batch.ts); the optimistic cart runs it over a pending `order.place`
 * (optimistic-cart.ts), so the cart shown right after an order, offline too, is the cart the server will keep.
 */
export const removeOrderedLines = (
  cart: Cart,
  lines: readonly { lineId: string; sku: string; qty: number }[],
  now: number,
): Cart => {
  const left = new Map(lines.map((line) => [line.lineId, line.qty]));
  const items = cart.items.flatMap((item) => {
    const ordered = left.get(item.lineId) ?? 0;
    if (ordered === 0) return [item];
    return item.qty > ordered ? [{ ...item, qty: item.qty - ordered }] : [];
  });
  return items.length === cart.items.length && items.every((item, i) => item === cart.items[i])
    ? cart
    : { ...cart, items, updatedAt: now };
};
