import { couponSchema, normaliseCouponCode, type Coupon } from '../../schema/coupons/coupon.ts';
import type { Sql } from '../store/database.ts';

/** A coupon as the server holds it, with its redemptions counted (under its row lock when loaded for update). */
export interface CouponState {
  coupon: Coupon;
  usedTotal: number;
  /** Redemptions by owner, for the owners asked about. */
  usedBy: Map<string, number>;
}

export interface Redemption {
  code: string;
  owner: string;
  orderId: string;
  discountEur: number;
  at: number;
}

/** A stored document the schema no longer reads is treated as no coupon: refused as incorrect, never a 500. */
const parsed = (doc: unknown): Coupon | undefined => {
  const result = couponSchema.safeParse(doc);
  return result.success ? result.data : undefined;
};

const countsOf = async (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
): Promise<{ total: Map<string, number>; by: Map<string, Map<string, number>> }> => {
  const rows = await tx.query<{ code: string; owner: string; n: number }>(
    `SELECT code, owner, count(*)::int AS n FROM coupon_redemptions WHERE code = ANY($1) GROUP BY code, owner`,
    [[...codes]],
  );
  const total = new Map<string, number>();
  const by = new Map<string, Map<string, number>>();
  const wanted = new Set(owners);
  for (const row of rows) {
    total.set(row.code, (total.get(row.code) ?? 0) + row.n);
    if (!wanted.has(row.owner)) continue;
    const perOwner = by.get(row.code) ?? new Map<string, number>();
    perOwner.set(row.owner, row.n);
    by.set(row.code, perOwner);
  }
  return { total, by };
};

const load = async (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
  lock: boolean,
): Promise<Map<string, CouponState>> => {
  const sorted = [...new Set(codes.map(normaliseCouponCode))].sort();
  const states = new Map<string, CouponState>();
  if (sorted.length === 0) return states;
  // Rows locked in code order, so two orders with the same two coupons never deadlock.
  const rows = await tx.query<{ code: string; doc: unknown }>(
    `SELECT code, doc FROM coupons WHERE code = ANY($1) ORDER BY code${lock ? ' FOR UPDATE' : ''}`,
    [sorted],
  );
  // Counted after the lock, in a statement of its own: under READ COMMITTED it sees every redemption committed by
  // the transaction the lock waited for.
  const counts = await countsOf(tx, sorted, owners);
  for (const row of rows) {
    const coupon = parsed(row.doc);
    if (!coupon) continue;
    states.set(row.code, {
      coupon,
      usedTotal: counts.total.get(row.code) ?? 0,
      usedBy: counts.by.get(row.code) ?? new Map(),
    });
  }
  return states;
};

/**
 * The coupons of `codes` (normalised), their rows locked `FOR UPDATE` in code order until the transaction ends,
 * with their redemptions counted under the lock: by everyone and by each of `owners`. An unknown code is absent.
 */
export const loadCouponsForUpdate = (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
): Promise<Map<string, CouponState>> => load(tx, codes, owners, true);

/** The same read without a lock: checking a coupon on a cart reserves nothing (the order re-checks it locked). */
export const loadCoupons = (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
): Promise<Map<string, CouponState>> => load(tx, codes, owners, false);

/** Records orders' coupon uses; a redemption already recorded for the order (a retry) is not counted twice. */
export const recordRedemptions = async (tx: Sql, redemptions: readonly Redemption[]): Promise<void> => {
  for (const r of redemptions)
    await tx.query(
      `INSERT INTO coupon_redemptions (code, owner, order_id, discount_eur, at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (code, order_id) DO NOTHING`,
      [normaliseCouponCode(r.code), r.owner, r.orderId, r.discountEur, r.at],
    );
};

/** Creates or replaces a coupon (the operator's and the tests' way in; the newsletter's is seeded by 009). */
export const saveCoupon = async (tx: Sql, coupon: Coupon): Promise<void> => {
  const doc = couponSchema.parse(coupon);
  await tx.query(
    'INSERT INTO coupons (code, doc) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET doc = EXCLUDED.doc',
    [doc.code, JSON.stringify(doc)],
  );
};
