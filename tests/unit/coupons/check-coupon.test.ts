import { describe, expect, it } from 'vitest';
import {
  checkCoupon,
  COUPON_MESSAGES,
  couponDiscountEur,
  couponSchema,
  NEWSLETTER_COUPON,
  type Coupon,
  type CouponUse,
} from '../../../schema/coupons/coupon.ts';

const NOW = Date.UTC(2026, 10, 26);
const DAY = 86_400_000;
/** A cart of 100.00 € incl. tax, nothing used yet. */
const use = (overrides: Partial<CouponUse> = {}): CouponUse => ({
  subtotalInclTaxEur: 10_000,
  now: NOW,
  usedTotal: 0,
  usedByCustomer: 0,
  ...overrides,
});
const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  code: 'SPRING',
  kind: 'percent',
  value: 10,
  ...overrides,
});

describe('checking a coupon', () => {
  it('given no such coupon, it is refused with the spec’s incorrect-coupon message', () => {
    expect(checkCoupon(undefined, use())).toEqual({
      ok: false,
      code: 'coupon_invalid',
      message: "You've entered an incorrect coupon code. Please try again.",
      problem: 'incorrect',
    });
  });

  it('given a percent coupon, it takes that share of the subtotal incl. tax, rounded half-up to the cent', () => {
    expect(checkCoupon(coupon(), use())).toEqual({ ok: true, discountEur: 1_000 });
    // 10% of 12.35 € is 1.235 €: 1.24 €.
    expect(checkCoupon(coupon(), use({ subtotalInclTaxEur: 1_235 }))).toEqual({ ok: true, discountEur: 124 });
  });

  it('given a fixed coupon, it takes its euro cents, never more than the subtotal', () => {
    expect(checkCoupon(coupon({ kind: 'fixed', value: 1_500 }), use())).toEqual({ ok: true, discountEur: 1_500 });
    expect(couponDiscountEur({ kind: 'fixed', value: 1_500 }, 900)).toBe(900);
  });

  it('given a validity window, it is refused before it and after it, with clear messages', () => {
    const windowed = coupon({ validFrom: NOW + DAY, validTo: NOW + 2 * DAY });
    expect(checkCoupon(windowed, use())).toMatchObject({ ok: false, message: COUPON_MESSAGES.not_yet_valid });
    expect(checkCoupon(windowed, use({ now: NOW + 3 * DAY }))).toMatchObject({
      ok: false,
      message: COUPON_MESSAGES.expired,
    });
    expect(checkCoupon(windowed, use({ now: NOW + DAY }))).toEqual({ ok: true, discountEur: 1_000 });
  });

  it('given a minimum subtotal, a smaller cart is refused and a cart at the minimum is not', () => {
    const minimum = coupon({ minSubtotalEur: 10_001 });
    expect(checkCoupon(minimum, use())).toMatchObject({ ok: false, problem: 'minimum_not_reached' });
    expect(checkCoupon(minimum, use({ subtotalInclTaxEur: 10_001 }))).toMatchObject({ ok: true });
  });

  it('given a usage limit reached, by everyone or by this customer, it is refused', () => {
    expect(checkCoupon(coupon({ usageLimit: 5 }), use({ usedTotal: 4 }))).toMatchObject({ ok: true });
    expect(checkCoupon(coupon({ usageLimit: 5 }), use({ usedTotal: 5 }))).toMatchObject({ problem: 'used_up' });
    expect(checkCoupon(coupon({ perCustomerLimit: 1 }), use({ usedByCustomer: 1 }))).toMatchObject({
      problem: 'used_by_customer',
    });
  });

  it('the newsletter coupon is 10% off, once per customer', () => {
    expect(checkCoupon(NEWSLETTER_COUPON, use())).toEqual({ ok: true, discountEur: 1_000 });
    expect(checkCoupon(NEWSLETTER_COUPON, use({ usedByCustomer: 1 }))).toMatchObject({ ok: false });
  });

  it('codes are normalised upper-case; a percent above 100 or a code with spaces is not a coupon', () => {
    expect(couponSchema.parse({ code: ' news10 ', kind: 'percent', value: 10 }).code).toBe('NEWS10');
    expect(couponSchema.safeParse({ code: 'A', kind: 'percent', value: 101 }).success).toBe(false);
    expect(couponSchema.safeParse({ code: 'A B', kind: 'fixed', value: 1 }).success).toBe(false);
  });
});
