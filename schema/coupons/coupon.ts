import { z } from 'zod';
import { epochMsSchema } from '../commands/envelope.ts';

/**
 * Coupons live on the server (table `coupons`, migrations/server/009_coupons.sql). A coupon is percent or fixed,
 * with an optional validity window, a minimum subtotal, a total usage limit and a per-customer limit. Money is in
 * euro cents: the store charges in euro (issue 16, "Money").
 */

/** Codes are compared upper-case and trimmed, so "news10 " and "NEWS10" are one coupon. */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

export const COUPON_CODE_MAX = 64;
/** A code as typed: printable, no spaces inside (it travels in a path, /api/cart/apply-coupon/{coupon}). */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(COUPON_CODE_MAX)
  .regex(/^[\p{L}\p{N}_-]+$/u, 'letters, digits, "-" and "_" only')
  .transform(normaliseCouponCode);

export const couponSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(['percent', 'fixed']),
    /** Percent: 1..100. Fixed: euro cents off the subtotal incl. tax (never more than the subtotal). */
    value: z.number().int().min(1).max(1e9),
    validFrom: epochMsSchema.optional(),
    validTo: epochMsSchema.optional(),
    /** Euro cents: the subtotal incl. tax the cart must reach. */
    minSubtotalEur: z.number().int().min(0).max(1e12).optional(),
    /** Redemptions in all (orders placed with the coupon). */
    usageLimit: z.number().int().min(1).optional(),
    perCustomerLimit: z.number().int().min(1).optional(),
    /**
     * A personal code's owner: the e-mail key (trimmed, lower case) of the one address whose orders may use it (the
     * newsletter's code, bound to its subscriber). Absent: anyone's orders may, within the limits above.
     */
    forEmail: z.string().trim().toLowerCase().min(3).max(254).optional(),
  })
  .strict()
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: 'a percent is 1..100', path: ['value'] });
export type Coupon = z.infer<typeof couponSchema>;

/** The coupon a cart carries: its code and what the shopper was told it takes off (re-checked at every total). */
export const appliedCouponSchema = z
  .object({
    code: z.string().min(1).max(COUPON_CODE_MAX),
    kind: z.enum(['percent', 'fixed']),
    value: z.number().int().min(1).max(1e9),
    /** Below this subtotal (euro cents) the coupon takes nothing off the cart's totals (the order refuses it). */
    minSubtotalEur: z.number().int().min(0).max(1e12).optional(),
  })
  .strict();
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/** The refusals' words (shown to the shopper). `incorrect` is the spec's own message for an unknown code. */
export const COUPON_MESSAGES = {
  incorrect: "You've entered an incorrect coupon code. Please try again.",
  not_yet_valid: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  minimum_not_reached: 'The cart does not reach the minimum subtotal for this coupon.',
  used_up: 'This coupon has been used up.',
  used_by_customer: 'You have already used this coupon.',
  not_yours: 'This coupon code belongs to another e-mail address. Use it with the address it was sent to.',
} as const;
export type CouponProblem = keyof typeof COUPON_MESSAGES;

export interface CouponUse {
  /** Euro cents: the cart's subtotal including VAT, before any discount. */
  subtotalInclTaxEur: number;
  now: number;
  /** Redemptions of the coupon so far, by anyone / by this customer. */
  usedTotal: number;
  usedByCustomer: number;
  /**
   * The e-mail the order goes under: the logged-in shopper's account address, or a guest's checkout address.
   * Absent on a guest's cart, which has no address yet: a personal code is taken there and the order checks it.
   */
  orderEmail?: string;
}

/** An address as a personal code keeps it: trimmed, lower case (the accounts' and the newsletter's e-mail key). */
export const couponEmailKey = (email: string): string => email.trim().toLowerCase();

/** One recorded use of a coupon: whose order, under which address (null: recorded before addresses were kept). */
export interface CouponUseRecord {
  owner: string;
  emailKey: string | null;
}

/**
 * A customer's uses of a coupon, for its once-per-customer limit: the owner's (a guest or an account) and those
 * under the order's address, each use once. Every new guest is a new owner, so by the owner alone a fresh guest
 * would reset the limit; the address it orders under is the same customer's (issue 29).
 */
export const usesByCustomer = (uses: readonly CouponUseRecord[], owner: string, orderEmail?: string): number => {
  const key = orderEmail === undefined ? undefined : couponEmailKey(orderEmail);
  return uses.filter((use) => use.owner === owner || (key !== undefined && use.emailKey === key)).length;
};

export type CouponCheck =
  { ok: true; discountEur: number } | { ok: false; code: 'coupon_invalid'; message: string; problem: CouponProblem };

const refuse = (problem: CouponProblem): CouponCheck => ({
  ok: false,
  code: 'coupon_invalid',
  message: COUPON_MESSAGES[problem],
  problem,
});

/** What a coupon takes off a subtotal in euro cents: a percent rounds half-up to the cent; never below zero. */
export const couponDiscountEur = (coupon: Pick<Coupon, 'kind' | 'value'>, subtotalInclTaxEur: number): number => {
  const subtotal = Math.max(0, subtotalInclTaxEur);
  const off = coupon.kind === 'percent' ? Math.floor((subtotal * coupon.value + 50) / 100) : coupon.value;
  return Math.min(off, subtotal);
};

/**
 * Whether `coupon` may be used now on a cart of this subtotal by this customer, and what it takes off. Pure: the
 * caller brings the redemption counts (the server's, read under the coupon's row lock when an order is placed).
 */
export const checkCoupon = (coupon: Coupon | undefined, use: CouponUse): CouponCheck => {
  if (!coupon) return refuse('incorrect');
  // Before any limit: someone else learns nothing of a personal code but that it is not theirs.
  if (
    coupon.forEmail !== undefined &&
    use.orderEmail !== undefined &&
    couponEmailKey(use.orderEmail) !== coupon.forEmail
  )
    return refuse('not_yours');
  if (coupon.validFrom !== undefined && use.now < coupon.validFrom) return refuse('not_yet_valid');
  if (coupon.validTo !== undefined && use.now > coupon.validTo) return refuse('expired');
  if (coupon.usageLimit !== undefined && use.usedTotal >= coupon.usageLimit) return refuse('used_up');
  if (coupon.perCustomerLimit !== undefined && use.usedByCustomer >= coupon.perCustomerLimit)
    return refuse('used_by_customer');
  if (coupon.minSubtotalEur !== undefined && use.subtotalInclTaxEur < coupon.minSubtotalEur)
    return refuse('minimum_not_reached');
  return { ok: true, discountEur: couponDiscountEur(coupon, use.subtotalInclTaxEur) };
};

/**
 * The shop-wide newsletter code (spec section 9: 10% off), seeded with the demo data (migrations 009, 017). Once per
 * customer is no limit on its own (every new guest is a new customer): it has a limit in all. A subscriber's own
 * discount is the one-use code the newsletter makes at confirmation (sync-server/newsletter).
 */
export const NEWSLETTER_COUPON: Coupon = {
  code: 'NEWSLETTER10',
  kind: 'percent',
  value: 10,
  usageLimit: 200,
  perCustomerLimit: 1,
};
