import { unionOfApplied } from '../commands/applied-seqs.ts';
import { MAX_LINE_QTY, type Cart } from './cart.ts';

/**
 * Logging in folds the device's guest cart into the user's cart (issue 5): a line of the same sku and options
 * adds its quantity (capped at the most a line holds), other lines are appended after the user's. Prices stay as
 * each line had them; checkout re-prices everything anyway.
 *
 * `applied` is the union of both carts' (the higher seq per client): the device keeps folding its pending
 * commands onto the merged cart, and a command whose seq the guest cart had already applied must not count twice.
 */
export const mergeGuestCart = (user: Cart, guest: Cart, now: number): Cart => {
  const items = user.items.map((line) => ({ ...line }));
  for (const line of guest.items) {
    const same = items.find((l) => l.lineId === line.lineId);
    if (same) same.qty = Math.min(MAX_LINE_QTY, same.qty + line.qty);
    else items.push({ ...line });
  }
  // The user's coupon and shipping choice win; the guest's come along when the user had none (issue 16).
  const coupon = user.coupon ?? guest.coupon;
  const shipping = user.shipping ?? guest.shipping;
  return {
    ...user,
    items,
    ...(coupon ? { coupon } : {}),
    ...(shipping ? { shipping } : {}),
    applied: unionOfApplied(user.applied, guest.applied),
    updatedAt: now,
  };
};
