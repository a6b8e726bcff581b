import { couponSchema, normaliseCouponCode, type Coupon, type CouponUseRecord } from '../../schema/coupons/coupon.ts';
import type { Sql } from '../store/database.ts';

/** A coupon as the server holds it, with its redemptions counted (under its row lock when loaded for update). */
export interface CouponState {
  coupon: Coupon;
  usedTotal: number;
  /** Its uses by the owners asked about or under the addresses asked about (schema/coupons usesByCustomer). */
  uses: CouponUseRecord[];
}

export interface Redemption {
  code: string;
  owner: string;
  /** The order's address as the coupon counts it (schema/coupons couponEmailKey). */
  emailKey?: string;
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
  emailKeys: readonly string[],
): Promise<{ total: Map<string, number>; uses: Map<string, CouponUseRecord[]> }> => {
  const totals = await tx.query<{ code: string; n: number }>(
    'SELECT code, count(*)::int AS n FROM coupon_redemptions WHERE code = ANY($1) GROUP BY code',
    [[...codes]],
  );
  const rows = await tx.query<{ code: string; owner: string; email_key: string | null }>(
    `SELECT code, owner, email_key FROM coupon_redemptions
     WHERE code = ANY($1) AND (owner = ANY($2) OR email_key = ANY($3))`,
    [[...codes], [...new Set(owners)], [...new Set(emailKeys)]],
  );
  const uses = new Map<string, CouponUseRecord[]>();
  for (const row of rows)
    uses.set(row.code, [...(uses.get(row.code) ?? []), { owner: row.owner, emailKey: row.email_key }]);
  return { total: new Map(totals.map((row) => [row.code, row.n])), uses };
};

const load = async (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
  emailKeys: readonly string[],
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
  const counts = await countsOf(tx, sorted, owners, emailKeys);
  for (const row of rows) {
    const coupon = parsed(row.doc);
    if (!coupon) continue;
    states.set(row.code, {
      coupon,
      usedTotal: counts.total.get(row.code) ?? 0,
      uses: counts.uses.get(row.code) ?? [],
    });
  }
  return states;
};

/**
 * The coupons of `codes` (normalised), their rows locked `FOR UPDATE` in code order until the transaction ends,
 * with their redemptions counted under the lock: by everyone, and listed for `owners` and for the orders'
 * addresses (`emailKeys`, schema/coupons couponEmailKey). An unknown code is absent.
 */
export const loadCouponsForUpdate = (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
  emailKeys: readonly string[] = [],
): Promise<Map<string, CouponState>> => load(tx, codes, owners, emailKeys, true);

/** The same read without a lock: checking a coupon on a cart reserves nothing (the order re-checks it locked). */
export const loadCoupons = (
  tx: Sql,
  codes: readonly string[],
  owners: readonly string[],
  emailKeys: readonly string[] = [],
): Promise<Map<string, CouponState>> => load(tx, codes, owners, emailKeys, false);

/** Records orders' coupon uses; a redemption already recorded for the order (a retry) is not counted twice. */
export const recordRedemptions = async (tx: Sql, redemptions: readonly Redemption[]): Promise<void> => {
  for (const r of redemptions)
    await tx.query(
      `INSERT INTO coupon_redemptions (code, owner, order_id, discount_eur, at, email_key)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code, order_id) DO NOTHING`,
      [normaliseCouponCode(r.code), r.owner, r.orderId, r.discountEur, r.at, r.emailKey ?? null],
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
