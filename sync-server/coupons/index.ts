/** Coupons on the server: the store the cart's coupon commands and `order.place` read. */
export {
  loadCoupons,
  loadCouponsForUpdate,
  recordRedemptions,
  saveCoupon,
  type CouponState,
  type Redemption,
} from './coupon-store.ts';
