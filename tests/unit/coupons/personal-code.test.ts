import { describe, expect, it } from 'vitest';
import { decideCart } from '../../../schema/cart/cart-rules.ts';
import { emptyCart } from '../../../schema/cart/cart.ts';
import { cartPageTexts } from '../../../schema/cart/page-texts.ts';
import {
  checkCoupon,
  COUPON_MESSAGES,
  couponSchema,
  usesByCustomer,
  type CouponUse,
} from '../../../schema/coupons/coupon.ts';
import { newsletterCouponFor } from '../../../schema/newsletter/newsletter.ts';
import { decideOrder } from '../../../schema/orders/order-rules.ts';
import { unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import { contextOf, placeCommand } from '../orders/order-context.ts';
import { placePayload, productOf, validDetails } from '../../support/orders.ts';

/**
 * Issue 29, item 7: the newsletter's discount is the subscriber's own code, one use, bound to the subscriber's
 * e-mail address: someone else's order (another checkout e-mail, another account) is refused in words.
 */
const SUBSCRIBER = 'Maria@Example.com';
const personal = newsletterCouponFor('NL-ABCDEFGHJK', SUBSCRIBER);
const use = (overrides: Partial<CouponUse> = {}): CouponUse => ({
  subtotalInclTaxEur: 10_000,
  now: Date.UTC(2026, 11, 6),
  usedTotal: 0,
  usedByCustomer: 0,
  ...overrides,
});

describe('the newsletter’s personal code', () => {
  it('is 10% off, one use in all, bound to the subscriber’s address as its key (trimmed, lower case)', () => {
    expect(couponSchema.parse(personal)).toEqual({
      code: 'NL-ABCDEFGHJK',
      kind: 'percent',
      value: 10,
      usageLimit: 1,
      perCustomerLimit: 1,
      forEmail: 'maria@example.com',
    });
  });

  it('is granted to an order under the subscriber’s address, however it is typed', () => {
    expect(checkCoupon(personal, use({ orderEmail: ' MARIA@example.com ' }))).toEqual({ ok: true, discountEur: 1_000 });
  });

  it('is refused, in words, to an order under another address', () => {
    expect(checkCoupon(personal, use({ orderEmail: 'ivan@example.com' }))).toEqual({
      ok: false,
      code: 'coupon_invalid',
      problem: 'not_yours',
      message: COUPON_MESSAGES.not_yours,
    });
    expect(COUPON_MESSAGES.not_yours).toMatch(/another e-mail address/);
  });

  it('is refused once used, even to its subscriber', () => {
    expect(checkCoupon(personal, use({ orderEmail: SUBSCRIBER, usedTotal: 1, usedByCustomer: 1 }))).toMatchObject({
      ok: false,
      problem: 'used_up',
    });
  });

  it('on a guest’s cart, which has no address yet, it waits for the order’s address', () => {
    expect(checkCoupon(personal, use())).toEqual({ ok: true, discountEur: 1_000 });
  });

  it('a logged-in shopper’s cart is checked against the account’s address', () => {
    const cart = emptyCart('user-ivan');
    const apply = {
      id: '0190f3a0-0000-7000-8000-000000000001',
      owner: 'user-ivan',
      clientId: 'client-test-1',
      seq: 1,
      createdAt: 1,
      status: 'pending' as const,
      serverSeq: 0,
      type: 'cart.applyCoupon' as const,
      payload: { code: personal.code },
    };
    const known = { coupon: personal, usedTotal: 0, usedByCustomer: 0 };
    const products = () => undefined;
    expect(
      decideCart(apply, cart, products, undefined, { coupons: () => known, customerEmail: 'ivan@example.com' }),
    ).toMatchObject({ kind: 'rejected', code: 'coupon_invalid', message: COUPON_MESSAGES.not_yours });
    expect(
      decideCart(apply, cart, products, undefined, { coupons: () => known, customerEmail: SUBSCRIBER }),
    ).toMatchObject({ kind: 'accepted', events: [{ type: 'cart.couponApplied' }] });
  });

  it('an order is checked against its checkout address: another is refused naming couponCode, the subscriber’s granted', () => {
    const phone = productOf('IPH', 195_583, 5);
    const eur = unitPriceEurOf(195_583);
    const base = placePayload([{ sku: phone.sku, qty: 1, unitPriceInclTaxEur: eur }]);
    const discount = Math.floor((eur * 10 + 50) / 100);
    const order = (emailAddress: string) => ({
      ...base,
      details: { ...validDetails, personal: { ...validDetails.personal, emailAddress } },
      couponCode: personal.code,
      reviewedTotalEur: base.reviewedTotalEur - discount,
    });
    const context = {
      ...contextOf([phone]),
      coupon: (_code: string, subtotalInclTaxEur: number, orderEmail?: string) =>
        checkCoupon(personal, use({ subtotalInclTaxEur, ...(orderEmail ? { orderEmail } : {}) })),
    };
    expect(decideOrder(placeCommand(order('ivan@example.com')), context)).toMatchObject({
      kind: 'refused',
      code: 'coupon_not_yours',
      field: 'couponCode',
      message: COUPON_MESSAGES.not_yours,
    });
    expect(decideOrder(placeCommand(order('maria@example.com')), context)).toMatchObject({
      kind: 'accepted',
      result: { status: 'received' },
      event: { redeemsCoupon: { code: personal.code, discountEur: discount } },
    });
  });

  it('every coupon problem has Bulgarian and English words on the cart page', () => {
    for (const problem of Object.keys(COUPON_MESSAGES)) {
      expect(cartPageTexts.bg.coupon.problem).toHaveProperty(problem);
      expect(cartPageTexts.en.coupon.problem).toHaveProperty(problem, COUPON_MESSAGES[problem as 'not_yours']);
    }
  });
});

describe('a customer’s uses of a coupon (once per customer, which no fresh guest resets)', () => {
  const uses = [
    { owner: 'guest-a', emailKey: 'maria@example.com' },
    { owner: 'user-ivan', emailKey: 'ivan@example.com' },
    // A use recorded before addresses were kept: counted by its owner.
    { owner: 'guest-old', emailKey: null },
  ];
  it('counts the owner’s uses and those under the order’s address, each use once', () => {
    expect(usesByCustomer(uses, 'guest-a')).toBe(1);
    // A fresh guest under an address that used it already: the same customer.
    expect(usesByCustomer(uses, 'guest-new', ' Maria@Example.com')).toBe(1);
    expect(usesByCustomer(uses, 'guest-a', 'maria@example.com')).toBe(1);
    expect(usesByCustomer(uses, 'guest-a', 'ivan@example.com')).toBe(2);
    expect(usesByCustomer(uses, 'guest-old', 'old@example.com')).toBe(1);
    expect(usesByCustomer(uses, 'guest-new', 'new@example.com')).toBe(0);
  });
});
