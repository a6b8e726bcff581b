import { describe, expect, it } from 'vitest';
import { emptyCart } from '../../../schema/cart/cart.ts';
import { mergeGuestCart } from '../../../schema/cart/merge-carts.ts';
import { applyCartCommand, type CartContext, type KnownCoupon } from '../../../schema/cart/cart-rules.ts';
import { cartCheckoutTotals } from '../../../schema/cart/cart-totals.ts';
import type { Coupon } from '../../../schema/coupons/coupon.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { IPHONE, shop } from '../support/catalogue.ts';
import { OWNER } from '../support/commands.ts';
import { cartFrom, lineAdded } from '../support/cart-spec.ts';
import { applyCoupon, removeCoupon } from './commands.ts';

const NOW = Date.UTC(2026, 10, 26);
const TEN_OFF: Coupon = { code: 'SPRING', kind: 'percent', value: 10 };
const serverCoupons = (...known: KnownCoupon[]): CartContext => ({
  now: NOW,
  coupons: (code) => known.find((k) => k.coupon.code === code),
});
const unused = (coupon: Coupon): KnownCoupon => ({ coupon, usedTotal: 0, usedByCustomer: 0 });

describe('applying a coupon to the cart', () => {
  it('given a known coupon, when applied, the cart keeps it and its totals take 10% off in euro', () => {
    const cart = cartFrom(lineAdded(IPHONE, 1));
    const { cart: after, decision } = applyCartCommand(
      cart,
      applyCoupon('spring'),
      shop,
      undefined,
      serverCoupons(unused(TEN_OFF)),
    );
    const subtotal = bgnToEurCents(IPHONE.priceInclTax);
    expect(decision).toMatchObject({
      kind: 'accepted',
      result: { discountEur: Math.floor((subtotal * 10 + 50) / 100) },
    });
    expect(after.coupon).toEqual({ code: 'SPRING', kind: 'percent', value: 10 });
    const totals = cartCheckoutTotals(after);
    expect(totals.subtotalInclTaxEur).toBe(subtotal);
    expect(totals.discountEur).toBe(Math.floor((subtotal * 10 + 50) / 100));
    expect(totals.grandTotalEur).toBe(subtotal - totals.discountEur);
  });

  it('given an unknown code, it is refused with the incorrect-coupon message naming payload.code; nothing changes', () => {
    const cart = cartFrom(lineAdded(IPHONE, 1));
    const { cart: after, decision } = applyCartCommand(cart, applyCoupon('NOPE'), shop, undefined, serverCoupons());
    expect(decision).toEqual({
      kind: 'rejected',
      code: 'coupon_invalid',
      message: "You've entered an incorrect coupon code. Please try again.",
      field: 'payload.code',
    });
    expect(after.coupon).toBeUndefined();
    expect(after.items).toEqual(cart.items);
  });

  it('given a used-up coupon, it is refused with its own message', () => {
    const usedUp = { coupon: { ...TEN_OFF, usageLimit: 1 }, usedTotal: 1, usedByCustomer: 0 };
    const { decision } = applyCartCommand(
      cartFrom(lineAdded(IPHONE)),
      applyCoupon('SPRING'),
      shop,
      undefined,
      serverCoupons(usedUp),
    );
    expect(decision).toMatchObject({
      kind: 'rejected',
      code: 'coupon_invalid',
      message: 'This coupon has been used up.',
    });
  });

  it('on a device (no server coupons), a pending coupon changes nothing until the server answers', () => {
    const cart = cartFrom(lineAdded(IPHONE));
    expect(applyCartCommand(cart, applyCoupon('SPRING'), shop).cart.coupon).toBeUndefined();
  });

  it('when removed, the cart has no coupon and the totals no discount', () => {
    const withCoupon = {
      ...cartFrom(lineAdded(IPHONE)),
      coupon: { code: 'SPRING', kind: 'percent' as const, value: 10 },
    };
    const { cart, decision } = applyCartCommand(withCoupon, removeCoupon(), shop);
    expect(decision).toMatchObject({ kind: 'accepted', result: { removed: true } });
    expect(cart.coupon).toBeUndefined();
    expect(cartCheckoutTotals(cart).discountEur).toBe(0);
    expect(applyCartCommand(emptyCart(OWNER), removeCoupon(), shop).decision).toMatchObject({
      result: { removed: false },
    });
  });

  it('below the coupon’s minimum subtotal the totals take nothing off (a line removed after applying)', () => {
    const cart = {
      ...cartFrom(lineAdded(IPHONE)),
      coupon: { code: 'BIG', kind: 'fixed' as const, value: 500, minSubtotalEur: 10_000_000 },
    };
    expect(cartCheckoutTotals(cart).discountEur).toBe(0);
  });

  it('shipping is counted once, not per line, and a flagged line is kept but not counted', () => {
    const cart = { ...cartFrom(lineAdded(IPHONE, 3)), shipping: { method: 'courier' } };
    const totals = cartCheckoutTotals(cart);
    expect(totals.shippingEur).toBe(bgnToEurCents(500));
    expect(totals.grandTotalEur).toBe(3 * bgnToEurCents(IPHONE.priceInclTax) + bgnToEurCents(500));
    expect(cartCheckoutTotals(cart, { counts: () => false }).grandTotalEur).toBe(0);
  });
});

describe('logging in with a coupon on the guest cart', () => {
  it('the guest’s coupon comes along when the user’s cart has none; the user’s own wins otherwise', () => {
    const guestCoupon = { code: 'SPRING', kind: 'percent' as const, value: 10 };
    const userCoupon = { code: 'FIVE', kind: 'fixed' as const, value: 500 };
    const guest = { ...cartFrom(lineAdded(IPHONE)), owner: 'guest-1', coupon: guestCoupon };
    const user = { ...emptyCart('user-1') };
    expect(mergeGuestCart(user, guest, NOW).coupon).toEqual(guestCoupon);
    expect(mergeGuestCart({ ...user, coupon: userCoupon }, guest, NOW).coupon).toEqual(userCoupon);
  });
});
