-- Coupons (issue 16): percent or fixed (euro cents), a validity window, a minimum subtotal, a total and a
-- per-customer usage limit, kept as the coupon's document (schema/coupons/coupon.ts). An order placed with a coupon
-- locks its row (FOR UPDATE) and counts the redemptions under that lock, so the last use goes to one order only.
CREATE TABLE coupons (
  code text PRIMARY KEY,
  doc jsonb NOT NULL
);

-- One row per order that used a coupon; the order id makes a retried order count once.
CREATE TABLE coupon_redemptions (
  code text NOT NULL REFERENCES coupons (code),
  owner text NOT NULL,
  order_id text NOT NULL,
  discount_eur bigint NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (code, order_id)
);
CREATE INDEX coupon_redemptions_owner ON coupon_redemptions (code, owner);

-- The newsletter's coupon (spec section 9: 10% off), once per customer.
INSERT INTO coupons (code, doc) VALUES
  ('NEWSLETTER10', '{"code":"NEWSLETTER10","kind":"percent","value":10,"perCustomerLimit":1}')
ON CONFLICT (code) DO NOTHING;
