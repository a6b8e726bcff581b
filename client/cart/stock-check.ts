import { useEffect, useRef } from 'react';
import { OUT_OF_STOCK_IN_CART } from '../lib/shop-settings.ts';
import { useDispatch } from '../store/index.ts';
import { useCart } from './use-cart.ts';

/** Spec Cart step 7: the check runs after a server answer, and once more this long after it. */
export const STOCK_FOLLOW_UP_MS = 500;

/**
 * In the 'remove' setting, a line flagged out of stock (client/cart/feature.ts) leaves the cart: checked when the
 * server's cart changes (its answer) and again STOCK_FOLLOW_UP_MS later, when a stock figure replicated meanwhile has
 * landed. In the default 'flag' setting the line stays, flagged and not counted, and this does nothing.
 */
export const useOutOfStockRemoval = (): void => {
  const cart = useCart();
  const dispatch = useDispatch();
  const latest = useRef(cart);
  useEffect(() => {
    latest.current = cart;
  }, [cart]);
  const asked = useRef(new Set<string>());
  const serverSeq = cart?.serverSeq;
  useEffect(() => {
    if (OUT_OF_STOCK_IN_CART !== 'remove' || serverSeq === undefined) return;
    const check = () => {
      for (const lineId of latest.current?.outOfStock ?? []) {
        if (asked.current.has(lineId)) continue;
        asked.current.add(lineId);
        void dispatch('cart.removeItem', { lineId }, { notifySuccess: false });
      }
    };
    check();
    const followUp = setTimeout(check, STOCK_FOLLOW_UP_MS);
    return () => clearTimeout(followUp);
  }, [serverSeq, dispatch]);
};

/** The check as a component of its own, so the badge loads it (a chunk) only in the 'remove' setting. */
export function OutOfStockRemoval(): null {
  useOutOfStockRemoval();
  return null;
}
